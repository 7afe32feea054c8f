import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, macaoPhone, signUpGuestCode } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/*
 * Issue 19 in the back office: the organiser reads a full meeting's waiting list, gives the first in
 * line a seat by hand (the confirmation says the limit goes up), takes the next off the list, and
 * the counts follow.
 */

test('an organiser promotes the first in line (raising the limit) and removes the next', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `候補管理 ${Date.now()}`,
    registrationLimit: 1,
    waitlist: { offerHours: 0 },
  });
  await signUpGuestCode(request, meeting.public_id, 'Seated Guest');
  for (const name of ['First Waiting', 'Second Waiting']) {
    const res = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
      data: {
        meeting_type: 'general',
        name,
        gender: 'male',
        local_guest: true,
        area_code: '853',
        phone: macaoPhone(),
        email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
        contact_number: '28000000',
        contact_phone: '66000000',
      },
    });
    expect(((await res.json()) as { data: { waiting: unknown } }).data.waiting).toBeTruthy();
  }
  const list = await api.call<{ items: { id: number; display_name: string }[] }>(
    'GET',
    `/meetings/${meeting.id}/waitlist`,
  );
  const [first, second] = list.items;
  expect(first!.display_name).toBe('First Waiting');

  await login(page, 'en');
  await page.goto(`/#/meeting_management/waitlist?meeting=${meeting.id}`);
  await expect(page.getByTestId('waitlist-table')).toContainText('First Waiting');
  await expect(page.getByTestId('waitlist-count-waiting')).toContainText('2');
  await expectAccessible(page, 'waiting list');
  await snap(page, info, 'waitlist-page-en');

  await page.getByTestId(`waitlist-promote-${first!.id}`).click();
  await expect(page.getByRole('tooltip')).toContainText('from 1 to 2');
  await page.getByTestId('waitlist-promote-confirm').click();
  await expect(page.getByTestId('waitlist-count-promoted')).toContainText('1');
  await expect(page.getByTestId('waitlist-table')).not.toContainText('First Waiting');

  await page.getByTestId(`waitlist-remove-${second!.id}`).click();
  await page.getByTestId('waitlist-remove-confirm').click();
  await expect(page.getByTestId('waitlist-count-waiting')).toContainText('0');

  const after = await api.call<{ registration_limit: number; signup_count: number; waiting_count: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );
  expect(after).toMatchObject({ registration_limit: 2, signup_count: 2, waiting_count: 0 });
});
