import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
  signUpGuestCode,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Waiting lists on a 360 px phone (issue 19): the full meeting's form joins the list and tells the
 * position, the waiting page follows the line, and when the organiser frees a seat the visitor's
 * page turns into the guest page with the QR code. An offer (the e-mail's link) is accepted on its
 * page, never by opening it.
 */

async function fillGeneralForm(page: import('@playwright/test').Page, name: string, phone: string) {
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-gender-female').check();
  await page.getByTestId('field-local_guest-yes').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill(`${phone}@example.com`);
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
}

test('joins the waiting list of a full meeting, sees the position, and gets the QR code when a seat frees up', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `候補名單 ${Date.now()}`,
    registrationLimit: 1,
    waitlist: { offerHours: 0 },
  });
  await signUpGuestCode(request, meeting.public_id, 'First Guest');

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await pickLanguage(page, 'en');
  await expect(page.getByTestId('sign-up-title')).toContainText('join the waiting list');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'waitlist-sign-up-full-en');
  await expectAccessible(page, 'full meeting sign-up');

  await fillGeneralForm(page, 'Wong Mei Ling', macaoPhone());
  await page.getByTestId('sign-up-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('waitlist-position')).toContainText('number 1');
  await expect(page.getByTestId('guest-qr')).toHaveCount(0);
  await snap(page, info, 'waitlist-waiting-en');
  await expectAccessible(page, 'waiting page');

  // In Chinese too.
  await pickLanguage(page, 'zh-tw');
  await expect(page.getByTestId('waitlist-position')).toContainText('1');
  await snap(page, info, 'waitlist-waiting-zh-tw');

  // The organiser deletes the first guest: the seat goes to the first in line at once.
  const guests = await api.call<{ items: { id: number }[] }>('GET', `/meetings/${meeting.id}/guests`);
  expect(guests.items).toHaveLength(1);
  await api.call('DELETE', `/guests/${guests.items[0]!.id}`);
  const line = await api.call<{ counts: { waiting: number; promoted: number } }>(
    'GET',
    `/meetings/${meeting.id}/waitlist?show=all`,
  );
  expect(line.counts).toMatchObject({ waiting: 0, promoted: 1 });

  // The waiting page's refresh finds the guest page with the QR code.
  await page.getByTestId('waitlist-refresh').click();
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('guest-name')).toHaveText('Wong Mei Ling');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'waitlist-promoted-zh-tw');
});

test('an offer is shown, not accepted, when its link is opened; accepting opens the guest page', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `候補邀請 ${Date.now()}`,
    registrationLimit: 1,
    waitlist: { offerHours: 12 },
  });
  await signUpGuestCode(request, meeting.public_id, 'Seat Holder');
  const phone = macaoPhone();
  const joined = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    headers: { 'accept-language': 'en' },
    data: {
      meeting_type: 'general',
      name: 'Lee Ka Yan',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone,
      email: `${phone}@example.com`,
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  const token = ((await joined.json()) as { data: { guest_token: string } }).data.guest_token;
  const guests = await api.call<{ items: { id: number }[] }>('GET', `/meetings/${meeting.id}/guests`);
  await api.call('DELETE', `/guests/${guests.items[0]!.id}`);
  const place = await request.get('/api/public/waitlist', { headers: { 'x-guest-token': token } });
  const offerToken = ((await place.json()) as { data: { offer_token: string } }).data.offer_token;
  expect(offerToken).toBeTruthy();

  await page.goto(`/#/waitlist-offer/${offerToken}`);
  await pickLanguage(page, 'en');
  await expect(page.getByTestId('offer-deadline')).toBeVisible();
  await snap(page, info, 'waitlist-offer-en');
  await expectAccessible(page, 'offer page');
  // Opening the link accepted nothing.
  const before = await api.call<{ counts: { offered: number } }>('GET', `/meetings/${meeting.id}/waitlist`);
  expect(before.counts.offered).toBe(1);

  await page.getByTestId('offer-accept').click();
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('guest-name')).toHaveText('Lee Ka Yan');
  const after = await api.call<{ counts: { offered: number; promoted: number } }>(
    'GET',
    `/meetings/${meeting.id}/waitlist?show=all`,
  );
  expect(after.counts).toMatchObject({ offered: 0, promoted: 1 });
});
