import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { pdfPages } from '../../support/pdf.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Issue 18 on a 360 px phone: a guest who came to the meeting downloads their certificate of
 * attendance from their guest page, and its code verifies on the public page — until it is revoked.
 */

test('a guest downloads their certificate and its code verifies, then shows revoked', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `證書 ${Date.now()}`,
    runningNow: true,
  });
  const phone = macaoPhone();
  const signUp = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name: '陳證書',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone,
      email: 'certificate@example.com',
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  const guestCode = ((await signUp.json()) as { data: { guest: { guest_code: string } } }).data.guest
    .guest_code;
  const settings = await api.call<{ template: object }>(
    'GET',
    `/meetings/${meeting.id}/certificate-settings`,
  );

  // The guest page offers nothing while the meeting hands out no certificates.
  await page.goto(`/#/check-in/${meeting.public_id}`);
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('陳證書');
  await expect(page.getByTestId('guest-certificate')).toHaveCount(0);

  // Guests may download it once earned; not yet came: "not earned".
  await api.call('PUT', `/meetings/${meeting.id}/certificate-settings`, {
    rule: { meeting_credits: 2.5 },
    template: settings.template,
    guest_download: true,
  });
  await page.reload();
  await expect(page.getByTestId('certificate-not-earned')).toBeVisible();
  await expect(page.getByTestId('certificate-download')).toHaveCount(0);

  // At the door: the guest came, which is all this meeting's rule asks.
  await api.call('POST', '/attendance/scans', {
    meeting_id: meeting.id,
    schedule_id: null,
    guest_code: guestCode,
    direction: 'in',
    station: 'Gate A',
    nonce: randomUUID(),
  });
  await page.reload();
  await expect(page.getByTestId('certificate-credits')).toHaveText('2.5');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'certificate-guest-zh-tw');
  await pickLanguage(page, 'en');
  await expect(page.getByTestId('certificate-download')).toHaveText(/Download certificate/);
  await snap(page, info, 'certificate-guest-en');
  await expectAccessible(page, 'guest page with a certificate');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('certificate-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  const [text] = await pdfPages(bytes);
  expect(text).toContain('陳證書');
  expect(text).toContain('2.5');

  // The download issued it: its printed code verifies on the public page, through the short link.
  const list = await api.call<{ items: { code: string | null; state: string }[] }>(
    'GET',
    `/meetings/${meeting.id}/certificates`,
  );
  expect(list.items[0]).toMatchObject({ state: 'issued' });
  const code = list.items[0]!.code!;
  expect(text).toContain(code.match(/.{4}/g)!.join('-'));
  await page.goto(`/verify/${code}`);
  await expect(page).toHaveURL(new RegExp(`#/verify/${code}$`));
  await expect(page.getByTestId('verify-valid')).toContainText('陳證書');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'certificate-verify-en');
  await expectAccessible(page, 'verification page');

  // Revoked: the same code now says so, in Traditional Chinese too.
  await api.call('POST', `/meetings/${meeting.id}/certificates/revoke`, {
    guest_ids: [
      (await api.call<{ items: { guest_id: number }[] }>('GET', `/meetings/${meeting.id}/certificates`))
        .items[0]!.guest_id,
    ],
    reason: '',
  });
  await page.reload();
  await expect(page.getByTestId('verify-revoked')).toBeVisible();
  await pickLanguage(page, 'zh-tw');
  await expect(page.getByTestId('verify-revoked')).toContainText('撤銷');
  await snap(page, info, 'certificate-verify-revoked-zh-tw');

  // A mistyped code is caught before it is sent.
  await page.getByTestId('verify-code-input').fill('ABCD');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-code-error')).toBeVisible();
});
