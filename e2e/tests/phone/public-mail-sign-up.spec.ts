import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { PORT } from '../../support/constants.ts';
import { linkIn, waitForMail } from '../../support/mail.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * The confirmation mail of a sign-up on a 360 px phone (issue 15), as the run's SMTP server received
 * it: in the language the visitor signed up in, with the QR code (inline and as a file) and the
 * calendar file, and a link that leads back to the guest's code.
 */

test('a visitor signs up in zh-cn, gets the confirmation and opens its link to their code', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `郵件報名 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const email = `li.${suffix}@example.com`;
  const phone = macaoPhone();

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await pickLanguage(page, 'zh-cn');
  await page.getByTestId('field-name').fill('李小明');
  await page.getByTestId('field-gender-male').check();
  await page.getByTestId('field-local_guest-yes').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-institution').fill('澳门医院');
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
  await page.getByTestId('sign-up-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('李小明');
  const token = await page.evaluate(
    (id) => JSON.parse(localStorage.getItem(`mf_guest_${id}`) ?? '""') as string,
    meeting.public_id,
  );
  const me = await request.get('/api/public/guest', { headers: { 'X-Guest-Token': token } });
  const guestCode = ((await me.json()) as { data: { guest_code: string } }).data.guest_code;

  // The confirmation, in Simplified Chinese: the page's language when the visitor signed up.
  const mail = await waitForMail(email, (m) => m.subject?.startsWith('报名成功') ?? false);
  expect(mail.subject).toBe(`报名成功：${name}（简）`);
  expect(mail.text).toContain('李小明');
  expect(mail.text).toContain(`嘉宾码：${guestCode}`);
  // The QR code: an image part with a Content-ID that the HTML shows inline.
  const qr = mail.attachments.find((a) => a.filename === 'qr-code.png');
  expect(qr?.contentType).toBe('image/png');
  expect(qr?.cid).toBe('qr-code');
  expect(qr?.size ?? 0).toBeGreaterThan(500);
  expect(mail.html || '').toContain('cid:qr-code');
  // The calendar file: the invitation (iTIP REQUEST) to one event, named in the guest's language.
  const ics = mail.attachments.find((a) => a.filename === 'meeting.ics');
  expect(ics?.contentType).toBe('text/calendar');
  const calendar = ics?.content.toString('utf8') ?? '';
  expect(calendar).toContain('METHOD:REQUEST');
  expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(calendar.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${name}（简）`);

  // The mail's link, opened on the phone that signed up, shows the guest page with the code at once.
  const link = linkIn(mail, `http://127.0.0.1:${PORT}/#/`);
  // It carries the guest's language (and nothing personal): any phone opens it in Simplified Chinese.
  expect(link).toBe(`http://127.0.0.1:${PORT}/#/enroll-info/${meeting.public_id}?lang=zh-cn`);
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('guest-name')).toHaveText('李小明');
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();

  // On another phone (no token there), the same link leads to the look-up; the number brings the code back.
  const other = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const second = await other.newPage();
  await second.goto(link);
  await expect(second).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}\\?lang=zh-cn$`));
  // Nothing stored on this phone: the link's language decides.
  await expect(second.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await second.getByTestId('field-area_code').selectOption('853');
  await second.getByTestId('field-phone').fill(phone);
  await second.getByTestId('check-in-submit').click();
  await expect(second).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(second.getByTestId('guest-name')).toHaveText('李小明');
  const again = await second.evaluate(
    (id) => JSON.parse(localStorage.getItem(`mf_guest_${id}`) ?? '""') as string,
    meeting.public_id,
  );
  const seen = await request.get('/api/public/guest', { headers: { 'X-Guest-Token': again } });
  expect(((await seen.json()) as { data: { guest_code: string } }).data.guest_code).toBe(guestCode);
  await other.close();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'guest page from the mail link (zh-cn)');
  await snap(page, info, 'guest-page-from-mail-zh-cn');
});
