import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation, scanWithGun } from '../../support/door.ts';
import { fakeCameraArgs, writeFakeCameraVideo } from '../../support/fake-camera.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/**
 * The door keeps working when the venue network does not (issue 17): a station opened online is put
 * offline, scans 50 guests with a scanner gun and 5 with the camera, is reloaded while offline and
 * still works, then goes back online and uploads: the server holds exactly those 55 scans at the
 * times they were taken. Two offline stations scanning one guest leave one entry and one conflict.
 */
const VIDEO = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), `door-camera-${process.pid}.y4m`);

test.use({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(VIDEO)] }),
    { scope: 'worker' },
  ],
});
test.afterAll(() => fs.rmSync(VIDEO, { force: true }));

interface Record {
  guest_id: number;
  type: string;
  station: string;
  created_at: number;
}

async function records(api: Api, meetingId: number): Promise<Record[]> {
  const page = await api.call<{ items: Record[]; total: number }>(
    'GET',
    `/attendance/records?meeting_id=${meetingId}&page_size=100`,
  );
  return page.items;
}

const queue = (page: Page) => page.getByTestId('station-queue');

test('an offline station scans by gun and camera, survives a reload and uploads every scan at its own time', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(240_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `離線入口 ${suffix}` });
  const guests = await importGuests(api, meeting.id, 57, `Door ${suffix}`);
  const byGun = guests.slice(0, 50);
  const byCamera = guests.slice(50, 55);
  writeFakeCameraVideo(
    VIDEO,
    byCamera.map((g) => g.code),
  );

  await login(page, 'en');
  await openStation(page, `離線入口 ${suffix} (EN)`, 'Hall A');
  await expectReadyOffline(page, 57);
  await expect(page.getByTestId('station-online')).toBeVisible();

  const offlineFrom = Date.now();
  await context.setOffline(true);
  await expect(page.getByTestId('station-offline')).toBeVisible();

  const result = page.getByTestId('scan-result');
  for (const [index, guest] of byGun.entries()) {
    await scanWithGun(page, guest.code);
    await expect(page.getByTestId('scan-result-name')).toHaveText(guest.name);
    await expect(result).toHaveAttribute('data-tone', 'success');
    await expect(queue(page)).toHaveAttribute('data-count', String(index + 1));
  }
  await expect(page.getByTestId('scan-result-offline')).toBeVisible();
  // The same guest again offline: a duplicate, not a second entry.
  await scanWithGun(page, byGun[0]!.code);
  await expect(result).toHaveAttribute('data-tone', 'duplicate');
  // A code the copy does not know: refused, with the reason in the user's language.
  await scanWithGun(page, 'NOT-A-GUEST-CODE-OFFLINE');
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(result).toContainText('not in the offline list');
  await expect(queue(page)).toHaveAttribute('data-count', '50');
  await snap(page, info, 'door-offline-en');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'station offline (en)');

  // Reloaded with no network: the app comes from the service worker, the copy and queue from the device.
  await page.reload();
  await expect(page.getByTestId('scan-screen')).toBeVisible();
  await expect(page.getByTestId('station-offline')).toBeVisible();
  await expect(queue(page)).toHaveAttribute('data-count', '50');
  await expect(page.getByTestId('station-copy')).toHaveAttribute('data-count', '57');
  // The reloaded station still knows who is inside.
  await scanWithGun(page, byGun[1]!.code);
  await expect(result).toHaveAttribute('data-tone', 'duplicate');

  // Five guests show their codes to the camera.
  await page.getByTestId('scan-camera-toggle').click();
  await expect(queue(page)).toHaveAttribute('data-count', '55', { timeout: 60_000 });
  await page.getByTestId('scan-camera-toggle').click();
  const recentNames = await page.getByTestId('scan-recent').locator('li').allTextContents();
  for (const guest of byCamera.slice(-3)) expect(recentNames.join('\n')).toContain(guest.name);
  const offlineUntil = Date.now();

  // Back online: the queue drains in order, and the statistics catch up.
  await context.setOffline(false);
  await expect(queue(page)).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  await expect(page.getByTestId('station-online')).toBeVisible();
  await expect(page.getByTestId('scan-screen').getByTestId('stat-checked_in_today')).toContainText('55', {
    timeout: 20_000,
  });

  const held = await records(api, meeting.id);
  expect(held).toHaveLength(55);
  const ids = new Set([...byGun, ...byCamera].map((g) => g.id));
  expect(new Set(held.map((r) => r.guest_id))).toEqual(ids);
  for (const record of held) {
    expect(record).toMatchObject({ type: 'in', station: 'Hall A' });
    // The scan's own time, taken offline: not the upload's.
    expect(record.created_at).toBeGreaterThanOrEqual(offlineFrom - 1000);
    expect(record.created_at).toBeLessThanOrEqual(offlineUntil + 1000);
  }
  // In the order taken: the gun's first guest first.
  const times = new Map(held.map((r) => [r.guest_id, r.created_at]));
  expect(times.get(byGun[0]!.id)!).toBeLessThan(times.get(byGun[49]!.id)!);
  expect(times.get(byGun[49]!.id)!).toBeLessThan(times.get(byCamera[0]!.id)!);
});

test('two offline stations scanning one guest leave one entry and a flagged conflict, nothing lost', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `雙入口 ${suffix}` });
  const [guest] = await importGuests(api, meeting.id, 1, `Twin ${suffix}`);
  const meetingName = `雙入口 ${suffix}（繁）`;

  const stations = await Promise.all(
    ['North', 'South'].map(async (name) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await login(page, 'zh-tw');
      await openStation(page, meetingName, name);
      await expectReadyOffline(page, 1);
      return { context, page };
    }),
  );
  for (const { context, page } of stations) {
    await context.setOffline(true);
    await page.bringToFront();
    await scanWithGun(page, guest!.code);
    await expect(page.getByTestId('scan-result')).toHaveAttribute('data-tone', 'success');
    await expect(queue(page)).toHaveAttribute('data-count', '1');
  }
  for (const { context, page } of stations) {
    await context.setOffline(false);
    await expect(queue(page)).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  }
  // The second upload met the first: the station says so, the organiser sees it.
  await expect(stations[1]!.page.getByTestId('station-conflicts')).toBeVisible();

  const held = await records(api, meeting.id);
  expect(held).toHaveLength(1);
  const conflicts = await api.call<{ total: number; items: { reason: string; station: string }[] }>(
    'GET',
    `/attendance/conflicts?meeting_id=${meeting.id}`,
  );
  expect(conflicts.total).toBe(1);
  expect(conflicts.items[0]).toMatchObject({ reason: 'already_inside', station: 'South' });

  const organiser = stations[0]!.page;
  await organiser.getByTestId('scan-exit').click();
  await organiser.getByTestId('records-conflicts').click();
  const drawer = organiser.getByTestId('conflicts-drawer');
  await expect(drawer).toContainText('嘉賓當時已在場內');
  await expect(drawer).toContainText('South');
  // The drawer's slide-in ends before the screenshot (spinners and other endless ones aside).
  await organiser.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)), // a cancelled one is over too
    ),
  );
  await snap(organiser, info, 'door-conflicts-zh-tw');
  for (const { context } of stations) await context.close();
});

test('offline, a station keeps the per-day rule: the first scan of day two is an entry', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `兩日離線 ${suffix}` });
  const [guest] = await importGuests(api, meeting.id, 1, `Days ${suffix}`);

  // The browser's clock, moved on while the station is offline (the server's cannot be).
  await page.clock.install();
  await login(page, 'en');
  await openStation(page, `兩日離線 ${suffix} (EN)`, 'Day door');
  await expectReadyOffline(page, 1);
  await context.setOffline(true);
  await page.getByTestId('scan-direction-auto').click();
  const result = page.getByTestId('scan-result');
  const headline = page.getByTestId('scan-result-headline');

  // Day one, automatic direction: in, then (past the repeat window) out, then in again.
  await scanWithGun(page, guest!.code);
  await expect(headline).toContainText('Entry');
  await page.clock.fastForward(10_000);
  await scanWithGun(page, guest!.code);
  await expect(headline).toContainText('Exit');
  await page.clock.fastForward(10_000);
  await scanWithGun(page, guest!.code);
  await expect(headline).toContainText('Entry');
  await expect(result).toHaveAttribute('data-tone', 'success');

  // Still inside at the end of day one; the next day's first automatic scan is an entry, not an exit.
  await page.clock.fastForward('24:00:00');
  await scanWithGun(page, guest!.code);
  await expect(result).toHaveAttribute('data-tone', 'success');
  await expect(headline).toContainText('Entry');
  await expect(page.getByTestId('scan-result-offline')).toBeVisible();
  await expect(queue(page)).toHaveAttribute('data-count', '4');
});
