import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { expectReadyOffline, importGuests, openStation } from '../../support/door.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/**
 * The self check-in kiosk (issue 17) on a tablet: guests check themselves in by phone number, in
 * their language, online and offline; the kiosk returns to its start, holds the device to the
 * station until the operator's PIN releases it, and its check-ins reach the server.
 */
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

/** The number a guest types: the national part of the stored E.164 number. */
const national = (phone: string) => phone.replace(/\D/g, '').replace(/^853/, '');

test('a kiosk checks guests in by phone in two languages, offline too, and only the PIN leaves it', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(180_000);
  const api = await Api.login(request);
  const suffix = String(Date.now()).slice(-6);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `自助簽到 ${suffix}` });
  const guests = await importGuests(api, meeting.id, 3, `Kiosk ${suffix}`);

  await login(page, 'zh-tw');
  await openStation(page, `自助簽到 ${suffix}（繁）`, 'Lobby kiosk');
  await expectReadyOffline(page, 3);

  // The operator sets a PIN; the two entries must agree.
  await page.getByTestId('kiosk-open').click();
  await page.getByTestId('kiosk-pin').fill('2468');
  await page.getByTestId('kiosk-pin-repeat').fill('2469');
  await page.getByTestId('kiosk-setup-start').click();
  await expect(page.getByText('兩次輸入的 PIN 不一致')).toBeVisible();
  await page.getByTestId('kiosk-pin-repeat').fill('2468');
  await page.getByTestId('kiosk-setup-start').click();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();
  await expect(page.getByTestId('kiosk-start')).toContainText('請將您的二維碼對準鏡頭');

  // A guest checks in by phone, in Traditional Chinese.
  await page.getByTestId('kiosk-phone-open').click();
  await page.getByTestId('kiosk-phone-input').fill(national(guests[0]!.phone));
  await page.getByTestId('kiosk-phone-submit').click();
  const result = page.getByTestId('kiosk-result');
  await expect(result).toHaveAttribute('data-tone', 'success');
  await expect(result).toContainText('簽到成功');
  await expect(page.getByTestId('kiosk-result-name')).toContainText(guests[0]!.name);
  await snap(page, info, 'kiosk-success-zh-tw');
  await expectAccessible(page, 'kiosk answer (zh-tw)');
  await page.getByTestId('kiosk-done').click();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();

  // The next guest reads English, and the network is gone.
  await page.getByTestId('kiosk-lang-en').click();
  await expect(page.getByTestId('kiosk-start')).toContainText('Please show your QR code to the camera');
  await context.setOffline(true);
  await page.getByTestId('kiosk-phone-open').click();
  await page.getByTestId('kiosk-phone-input').fill(national(guests[1]!.phone));
  await page.getByTestId('kiosk-phone-submit').click();
  await expect(result).toHaveAttribute('data-tone', 'success');
  await expect(result).toContainText('You are checked in');
  await expect(page.getByTestId('kiosk-result-name')).toContainText(`Welcome, ${guests[1]!.name}!`);
  await expect(page.getByTestId('kiosk-connection')).toContainText('Offline');
  await snap(page, info, 'kiosk-success-offline-en');
  await expectAccessible(page, 'kiosk answer (en, offline)');
  // Left alone, the answer gives way to the start screen.
  await expect(page.getByTestId('kiosk-start')).toBeVisible({ timeout: 10_000 });

  // The same guest again: already checked in. A number nobody signed up with: ask the staff.
  await page.getByTestId('kiosk-phone-open').click();
  await page.getByTestId('kiosk-phone-input').fill(national(guests[1]!.phone));
  await page.getByTestId('kiosk-phone-submit').click();
  await expect(result).toHaveAttribute('data-tone', 'duplicate');
  await expect(result).toContainText('You are already checked in');
  await page.getByTestId('kiosk-done').click();
  await page.getByTestId('kiosk-phone-open').click();
  await page.getByTestId('kiosk-phone-input').fill('62999999');
  await page.getByTestId('kiosk-phone-submit').click();
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(result).toContainText('No sign-up was found with this phone number.');
  await snap(page, info, 'kiosk-refused-en');
  await page.getByTestId('kiosk-done').click();
  await expectAccessible(page, 'kiosk start (en)');

  // Reloading, or going for the back office, leads back to the kiosk.
  await page.reload();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();
  await page.goto('/#/meeting_management/meeting');
  await expect(page.getByTestId('kiosk-start')).toBeVisible();

  // Only the operator's PIN leaves it.
  await page.getByTestId('kiosk-staff').click();
  await page.getByTestId('kiosk-unlock-pin').fill('1111');
  await page.getByTestId('kiosk-unlock').click();
  await expect(page.getByTestId('kiosk-unlock-error')).toContainText('Wrong PIN');
  await page.getByTestId('kiosk-unlock-pin').fill('2468');
  await page.getByTestId('kiosk-unlock').click();
  await expect(page.getByTestId('scan-screen')).toBeVisible();

  // Back online, the offline check-in goes up: both guests are inside.
  await context.setOffline(false);
  await expect(page.getByTestId('station-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 });
  // Polled: the queue can read 0 before the station has loaded what it kept offline.
  const records = () =>
    api.call<{ items: { guest_id: number; type: string; station: string }[] }>(
      'GET',
      `/attendance/records?meeting_id=${meeting.id}&page_size=10`,
    );
  await expect
    .poll(async () => (await records()).items.map((r) => r.guest_id).sort(), { timeout: 30_000 })
    .toEqual([guests[0]!.id, guests[1]!.id].sort());
  expect((await records()).items.every((r) => r.type === 'in' && r.station === 'Lobby kiosk')).toBe(true);
});
