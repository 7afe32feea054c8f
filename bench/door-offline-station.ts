import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { Guest } from './door-offline-api.ts';
import type { Latency } from './door-offline-rows.ts';
import { MEETING_NAME, SCAN_GAP_MS, STATION, sleep } from './door-offline-settings.ts';
import {
  indexedDbUsage,
  onlineAt,
  probeRecords,
  resetProbe,
  waitQueue,
  waitShown,
  type Enter,
} from './door-offline-probe.ts';
import { ADMIN } from './lib.ts';

// In the bench: the station as its operator drives it, and the latencies read off the probe.

/** Logs in through the page and opens a station of the meeting, as the door staff do. */
export async function openStation(page: Page, base: string) {
  await page.goto(`${base}/#/login`);
  await page.getByTestId('login-account').fill(ADMIN.account);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('sidebar').waitFor();
  await page.goto(`${base}/#/meeting_management/records`);
  await page.getByTestId('scan-mode-open').click();
  await page.getByTestId('scan-setup-station').waitFor();
  const idbBefore = await page.evaluate(indexedDbUsage);
  await page.getByTestId('scan-setup-meeting').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(MEETING_NAME).click();
  await page.getByTestId('scan-setup-station').fill(STATION);
  await page.getByTestId('scan-setup-start').click();
  await page.getByTestId('scan-screen').waitFor();
  return idbBefore;
}

/** The station holds its copy of every guest, and the app is cached for offline use. */
export async function waitReadyOffline(page: Page, guests: number) {
  await page.locator(`[data-testid="station-copy"][data-count="${guests}"]`).waitFor({ timeout: 120_000 });
  await page
    .locator('[data-testid="station-offline-ready"][data-state="ready"]')
    .waitFor({ timeout: 60_000 });
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

export function summarize(scans: { latencies: number[]; answers: number[]; inputDelays: number[] }): Latency {
  const sorted = sortedCopy(scans.latencies);
  const answers = sortedCopy(scans.answers);
  return {
    count: sorted.length,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    answerMedian: percentile(answers, 0.5),
    answerP95: percentile(answers, 0.95),
    inputDelayMedian: percentile(sortedCopy(scans.inputDelays), 0.5),
  };
}

/** A scanner gun's burst: each key of the code, then Enter, sent without waiting for the page (in order). */
async function gunBurst(cdp: CDPSession, code: string) {
  const key = (type: 'keyDown' | 'keyUp', k: string, text?: string, keyCode?: number) =>
    cdp.send('Input.dispatchKeyEvent', {
      type,
      key: k,
      ...(text === undefined ? {} : { text, unmodifiedText: text }),
      ...(keyCode === undefined
        ? {}
        : { code: k, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode }),
    });
  const sent: Promise<unknown>[] = [];
  for (const ch of code) sent.push(key('keyDown', ch, ch), key('keyUp', ch));
  sent.push(key('keyDown', 'Enter', '\r', 13), key('keyUp', 'Enter', undefined, 13));
  await Promise.all(sent);
}

/**
 * Scans `guests` one after another and returns, per scan, the ms from Enter's keydown to the frame
 * showing that guest's name. 'burst' and 'typed' are the gun (see GUN); 'insert' puts the code in
 * the field at once, to fill a queue fast (nothing timed depends on it).
 */
export async function scanAll(
  page: Page,
  cdp: CDPSession,
  guests: Guest[],
  how: 'burst' | 'typed' | 'insert',
) {
  await resetProbe(page);
  await page.getByTestId('scan-input').focus();
  for (const [index, guest] of guests.entries()) {
    if (how === 'burst') {
      await gunBurst(cdp, guest.code);
    } else {
      if (how === 'typed') await page.keyboard.type(guest.code, { delay: 2 });
      else await page.keyboard.insertText(guest.code);
      await page.keyboard.press('Enter');
    }
    await waitShown(page, index + 1, 30_000);
    if (how !== 'insert' && SCAN_GAP_MS > 0) await sleep(SCAN_GAP_MS);
  }
  const { enters, shown } = await probeRecords(page);
  if (enters.length !== guests.length || shown.length !== guests.length) {
    throw new Error(`${guests.length} scans, ${enters.length} Enter keys, ${shown.length} answers`);
  }
  shown.forEach((answer, i) => {
    if (answer.name !== guests[i]!.name || answer.tone !== 'success') {
      throw new Error(`scan ${i}: expected ${guests[i]!.name} success, saw ${answer.name} ${answer.tone}`);
    }
  });
  // event.timeStamp is when the browser took the key; should it ever be off (synthetic events), the handler's time stands in.
  const start = (e: Enter) =>
    e.at > 0 && e.at <= e.handledAt && e.handledAt - e.at < 10_000 ? e.at : e.handledAt;
  return {
    latencies: shown.map((answer, i) => answer.paintedAt - start(enters[i]!)),
    answers: shown.map((answer, i) => answer.paintedAt - enters[i]!.handledAt),
    inputDelays: enters.map((e) => e.handledAt - start(e)),
    offline: shown.filter((answer) => answer.offline).length,
  };
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByTestId('station-offline').waitFor();
}

/** Back online, and waits until the queue is uploaded; ms from the page's `online` event to an empty queue. */
export async function drain(context: BrowserContext, page: Page, timeoutMs: number) {
  await resetProbe(page);
  const begin = performance.now();
  await context.setOffline(false);
  const emptyAt = await waitQueue(page, 0, timeoutMs);
  const wallMs = performance.now() - begin;
  const online = await onlineAt(page);
  if (online === null) throw new Error('the page never saw the online event');
  return { ms: emptyAt - online, wallMs };
}
