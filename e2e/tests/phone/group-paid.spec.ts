import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPaidMeeting } from '../../support/payments.ts';
import { expectNoHorizontalScroll, macaoPhone } from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Issue 45, decision 0106, on a 360 px phone in zh-tw: a secretary books two doctors on a paid
 * meeting, each with their own ticket; the form shows the group's total before sending, and the
 * group's page shows ONE order (reference, amount, a line per doctor, how to pay) and no codes yet.
 */

/** The meeting's group size, written as the free group test writes it (the setting's page is elsewhere). */
function allowGroups(meetingId: number, max: number) {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, 'meetflow.sqlite'));
  try {
    db.exec('pragma busy_timeout = 5000');
    db.prepare('update meetings set group_max = ? where id = ?').run(max, meetingId);
  } finally {
    db.close();
  }
}

async function fillAttendee(page: Page, i: number, name: string, ticket: number) {
  const field = (f: string) => page.getByTestId(`field-attendees.${i}.${f}`);
  await field('name').fill(name);
  await field('gender-female').check();
  await field('local_guest-yes').check();
  await field('area_code').selectOption('853');
  await field('phone').fill(macaoPhone());
  await field('email').fill(`doctor${i}@example.com`);
  await field('contact_number').fill('28000000');
  await field('contact_phone').fill('66000000');
  await field('ticket').selectOption(String(ticket));
}

test('a secretary books two doctors on a paid meeting and sees one order to pay', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  const meeting = await createPaidMeeting(api, {
    name: `付費團體 ${Date.now()}`,
    tickets: [
      { name: '會員', name_cn: '会员', name_en: 'Member', amount: 80000 },
      { name: '非會員', name_cn: '非会员', name_en: 'Non-member', amount: 120000 },
    ],
  });
  const [member, nonMember] = meeting.priceIds as [number, number];
  allowGroups(meeting.id, 4);

  await page.goto(`/#/sign-up/${meeting.public_id}/group`);
  await expect(page.getByTestId('group-title')).toHaveText('團體報名');
  await page.getByTestId('field-contact.name').fill('張秘書');
  await page.getByTestId('field-contact.area_code').selectOption('853');
  await page.getByTestId('field-contact.phone').fill(macaoPhone());
  await page.getByTestId('field-contact.email').fill('secretary@example.com');
  // A ticket is asked of each doctor: none chosen, the summary names it.
  await page.getByTestId('group-submit').click();
  await expect(page.getByTestId('error-attendees.0.ticket')).toBeVisible();
  await fillAttendee(page, 0, '陳醫生', member);
  await fillAttendee(page, 1, '李醫生', nonMember);
  await expect(page.getByTestId('group-total')).toContainText('2,000.00');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'paid group form (zh-tw)');
  await snap(page, info, 'group-paid-form-zh-tw');
  await page.getByTestId('group-submit').click();

  // The group's page: no codes yet, one order for both with its reference and how to pay.
  await expect(page).toHaveURL(/#\/group\/[^/]+$/);
  await expect(page.getByTestId('group-attendee')).toHaveCount(2);
  await expect(page.getByTestId('group-code')).toHaveCount(0);
  for (const attendee of await page.getByTestId('group-attendee').all()) {
    await expect(attendee).toHaveAttribute('data-state', 'unpaid');
    await expect(attendee).toContainText('待付款');
  }
  await expect(page.getByTestId('group-unpaid')).toBeVisible();
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect(panel.getByTestId('order-reference')).toHaveText(/^MF[0-9A-Z]{8}$/);
  await expect(panel.getByTestId('order-total')).toContainText('2,000.00');
  await expect(panel.getByTestId('order-lines')).toContainText('陳醫生');
  await expect(panel.getByTestId('order-lines')).toContainText('李醫生');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'paid group page (zh-tw)');
  await snap(page, info, 'group-paid-page-zh-tw');
});
