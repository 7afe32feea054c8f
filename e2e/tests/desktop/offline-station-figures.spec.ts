import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { SCAN_REPEAT_MS } from '../../support/constants.ts';
import { expectReadyOffline, importGuests, openStation, scanWithGun } from '../../support/door.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';
import { flowLanguages } from '../../support/languages.ts';

/**
 * What an offline station tells its staff (issue 39): the guests it admitted itself while the
 * server's figures cannot move, marked as not yet uploaded; a status line whose words stay apart;
 * the queue's true count from the first frame after a reload offline (never a passing 0); and a
 * kiosk answer whose Done button a finger finds on a tablet. In English and Traditional Chinese.
 */

const TEXT = {
  en: {
    meeting: (suffix: string) => `Offline figures ${suffix} (EN)`,
    pending: 'not yet uploaded',
    offlineQueued: /Offline\s+·\s+2 waiting to upload/,
  },
  'zh-tw': {
    meeting: (suffix: string) => `Offline figures ${suffix}（繁）`,
    pending: '尚未上傳',
    offlineQueued: /離線\s+·\s+2 筆待上傳/,
  },
} as const;

/**
 * Records every value the station's queue count shows, from the page's first script on: a value
 * shown for one frame only is caught too.
 */
async function recordQueueValues(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { queueSeen: string[] }).queueSeen = seen;
    new MutationObserver(() => {
      const element = document.querySelector('[data-testid="station-queue"]');
      if (!element) return;
      const value = `${element.getAttribute('data-count') ?? 'unknown'}|${element.textContent}`;
      if (seen.at(-1) !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
/** The number a guest types: the national part of the stored E.164 number. */
const national = (phone: string) => phone.replace(/\D/g, '').replace(/^853/, '');

const queueValues = (page: Page) =>
  page.evaluate(() => (window as unknown as { queueSeen: string[] }).queueSeen);

for (const lang of flowLanguages('en', 'zh-tw')) {
  test(`an offline station shows what it admitted and its true queue after a reload (${lang})`, async ({
    page,
    context,
    request,
  }, info) => {
    test.setTimeout(150_000);
    const text = TEXT[lang];
    const api = await Api.login(request);
    const suffix = `${lang}${String(Date.now()).slice(-6)}`;
    const meeting = await createPublicMeeting(api, { type: 'general', name: `Offline figures ${suffix}` });
    const guests = await importGuests(api, meeting.id, 4, `Figures ${suffix}`);

    // The browser's clock, so that the exit below is past the repeat window however fast the run.
    await page.clock.install();
    await login(page, lang);
    await openStation(page, text.meeting(suffix), 'Hall B');
    await expectReadyOffline(page, 4);
    await context.setOffline(true);
    await expect(page.getByTestId('station-offline')).toBeVisible();
    for (const guest of guests.slice(0, 3)) {
      await scanWithGun(page, guest.code);
      await expect(page.getByTestId('scan-result-name')).toHaveText(guest.name);
    }
    // One of them leaves again: two inside, three entries, one exit, all waiting. Within the
    // repeat window the station would answer the entry again (a duplicate), so move past it.
    await page.clock.fastForward(SCAN_REPEAT_MS + 1_000);
    await page.getByTestId('scan-direction-out').click();
    await scanWithGun(page, guests[0]!.code);
    await expect(page.getByTestId('scan-result')).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '4');
    await page.mouse.move(0, 0);
    await snap(page, info, `station-offline-figures-${lang}`);

    const pending = page.getByTestId('station-pending');
    await expect(pending).toContainText(text.pending);
    await expect(page.getByTestId('station-pending-in')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('station-pending-out')).toHaveAttribute('data-count', '1');
    await expectAccessible(page, `station offline figures (${lang})`);

    // Reloaded offline: the first count shown is the queue's, not a passing 0.
    await recordQueueValues(page);
    await page.reload();
    await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '4');
    await expect(page.getByTestId('station-pending-in')).toHaveAttribute('data-count', '3');
    const shown = (await queueValues(page)).filter((value) => !value.startsWith('unknown|'));
    expect(shown[0]).toMatch(/^4\|/);
    expect(shown.some((value) => value.startsWith('0|'))).toBe(false);
    await expectAccessible(page, `station reloaded offline (${lang})`);

    // Back online, the scans go up and the station's own figures give way to the server's.
    await context.setOffline(false);
    await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
    await expect(pending).toHaveCount(0);
    await expect(page.getByTestId('scan-screen').getByTestId('stat-inside')).toContainText('2', {
      timeout: 20_000,
    });
  });

  test(`a kiosk offline keeps its status words apart and a large Done button (${lang})`, async ({
    page,
    context,
    request,
  }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 800, height: 1280 });
    const text = TEXT[lang];
    const api = await Api.login(request);
    const suffix = `${lang}${String(Date.now()).slice(-6)}`;
    const meeting = await createPublicMeeting(api, { type: 'general', name: `Offline figures ${suffix}` });
    const guests = await importGuests(api, meeting.id, 3, `Kiosk ${suffix}`);

    await login(page, lang);
    await openStation(page, text.meeting(suffix), 'Lobby');
    await expectReadyOffline(page, 3);
    await page.getByTestId('kiosk-open').click();
    await page.getByTestId('kiosk-pin').fill('2468');
    await page.getByTestId('kiosk-pin-repeat').fill('2468');
    await page.getByTestId('kiosk-setup-start').click();
    await expect(page.getByTestId('kiosk-start')).toBeVisible();

    // The first guest online (the kiosk's copy with phone keys is in by then), two more offline.
    for (const [index, guest] of guests.entries()) {
      if (index === 1) {
        // The online check-in has gone up before the network goes.
        await expect(page.getByTestId('kiosk-connection')).toHaveText('');
        await context.setOffline(true);
      }
      if (index > 0) {
        await page.getByTestId('kiosk-done').click();
        await expect(page.getByTestId('kiosk-start')).toBeVisible();
      }
      await page.getByTestId('kiosk-phone-open').click();
      await page.getByTestId('kiosk-phone-input').fill(national(guest.phone));
      await page.getByTestId('kiosk-phone-submit').click();
      await expect(page.getByTestId('kiosk-result')).toHaveAttribute('data-tone', 'success');
    }
    await snap(page, info, `kiosk-offline-${lang}`);

    await expect(page.getByTestId('kiosk-connection')).toHaveText(text.offlineQueued);
    const done = await page.getByTestId('kiosk-done').boundingBox();
    expect(done?.height).toBeGreaterThanOrEqual(64);
    expect(done?.width).toBeGreaterThanOrEqual(240);
    await expectAccessible(page, `kiosk offline (${lang})`);
  });
}
