import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  enablePrivacyNotice,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Personal data on a 360 px phone (issue 20): the sign-up form's privacy notice and its consent box in
 * the three languages, and a guest's "My data" page — their data in sections, the JSON copy, and the
 * withdrawal that frees their seat and erases them.
 */

const OWN_NOTICE = '本會只會把您的資料用於本次測試會議的報名及簽到。';
// The default notice, where the organiser wrote none in a language.
const DEFAULT_ZH_CN = '主办单位会收集您在本表格填写的个人信息';
const DEFAULT_EN = 'The organiser collects the personal data you give on this form';

const AGREE = {
  'zh-tw': '我已閱讀並同意私隱聲明',
  'zh-cn': '我已阅读并同意隐私声明',
  en: 'I have read and agree to the privacy notice',
} as const;
const CONSENT_REQUIRED = {
  'zh-tw': '請閱讀並同意私隱聲明',
  'zh-cn': '请阅读并同意隐私声明',
  en: 'Please read and agree to the privacy notice',
} as const;

async function fillGeneralForm(page: Page, phone: string, email: string) {
  await page.getByTestId('field-name').fill('黃私隱');
  await page.getByTestId('field-gender-female').check();
  await page.getByTestId('field-local_guest-yes').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
}

const storedToken = (page: Page, publicId: string) =>
  page.evaluate((id) => localStorage.getItem(`mf_guest_${id}`), publicId);

test('the sign-up form shows the privacy notice in three languages and needs its box ticked', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);

  // A meeting that asks for no consent shows nothing of it.
  const plain = await createPublicMeeting(api, { type: 'general', name: `無聲明 ${Date.now()}` });
  await page.goto(`/#/sign-up/${plain.public_id}`);
  await expect(page.getByTestId('sign-up-form')).toBeVisible();
  await expect(page.getByTestId('privacy-consent')).toHaveCount(0);

  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `私隱聲明 ${Date.now()}`,
    privacyNotice: { 'zh-tw': OWN_NOTICE },
  });
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  const notice = page.getByTestId('privacy-notice');
  await expect(notice).toHaveText(OWN_NOTICE);
  await expect(page.getByTestId('privacy-consent')).toContainText('私隱聲明');
  await expect(page.getByTestId('privacy-consent').locator('label')).toContainText(AGREE['zh-tw']);
  await expect(page.getByTestId('field-consent')).not.toBeChecked();
  await expectNoHorizontalScroll(page);
  await page.getByTestId('privacy-consent').scrollIntoViewIfNeeded();
  await snap(page, info, 'privacy-consent-zh-tw');

  // Untouched, the form says what is missing, the box among the rest, beside it and in the summary.
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-consent')).toHaveText(CONSENT_REQUIRED['zh-tw']);
  await expect(page.getByTestId('error-summary')).toContainText(CONSENT_REQUIRED['zh-tw']);
  await expect(page.getByTestId('field-consent')).toHaveAttribute('aria-invalid', 'true');

  // The languages the organiser wrote nothing in show the default notice; the page's own messages
  // follow the switch.
  await pickLanguage(page, 'zh-cn');
  await expect(notice).toContainText(DEFAULT_ZH_CN);
  await expect(page.getByTestId('error-consent')).toHaveText(CONSENT_REQUIRED['zh-cn']);
  await expect(page.getByTestId('error-name')).toHaveText('请输入姓名');
  await expect(page.getByTestId('privacy-consent').locator('label')).toContainText(AGREE['zh-cn']);
  await expect(page.getByTestId('privacy-consent')).toContainText('隐私声明');
  await snap(page, info, 'privacy-consent-zh-cn');
  await pickLanguage(page, 'en');
  await expect(notice).toContainText(DEFAULT_EN);
  await expect(page.getByTestId('privacy-consent').locator('label')).toContainText(AGREE.en);
  await expect(page.getByTestId('privacy-consent')).toContainText('Privacy notice');

  // The long notice scrolls in its own box, which the keyboard can reach, and the page does not widen.
  const box = await notice.evaluate((el) => ({
    scrolls: el.scrollHeight > el.clientHeight,
    tabIndex: el.tabIndex,
    width: el.getBoundingClientRect().width,
  }));
  expect(box.tabIndex).toBe(0);
  expect(box.width).toBeLessThanOrEqual(360);
  await expectNoHorizontalScroll(page);

  // Everything filled but the box: no sign-up is sent, and the message stands beside the box.
  const phone = macaoPhone();
  const email = `consent.${phone}@example.com`;
  let signUps = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/sign-ups')) signUps += 1;
  });
  await fillGeneralForm(page, phone, email);
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-consent')).toHaveText(CONSENT_REQUIRED.en);
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText('Privacy notice');
  await expect(page.getByTestId('error-name')).toHaveCount(0);
  await page.getByTestId('privacy-consent').scrollIntoViewIfNeeded();
  await snap(page, info, 'privacy-consent-error-en');
  await expectAccessible(page, 'sign-up form with the privacy notice, box not ticked');
  expect(signUps).toBe(0);
  await expect(page).toHaveURL(new RegExp(`#/sign-up/${meeting.public_id}$`));

  // The server holds the same rule (a form sent around the page): 400 with the message for the box.
  const refused = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    headers: { 'Accept-Language': 'en' },
    data: {
      meeting_type: 'general',
      name: 'Bypass',
      gender: 'male',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: 'bypass@example.com',
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  expect(refused.status()).toBe(400);
  const refusal = (await refused.json()) as { data: { fields: Record<string, string> } };
  expect(refusal.data.fields.consent).toBe(CONSENT_REQUIRED.en);

  // Ticked: the sign-up goes through, and the guest's data records the consent to version 1.
  await page.getByTestId('field-consent').check();
  await expect(page.getByTestId('error-consent')).toHaveCount(0);
  await page.getByTestId('sign-up-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('黃私隱');
  expect(signUps).toBe(1);
  const token = JSON.parse((await storedToken(page, meeting.public_id)) ?? '""') as string;
  const own = await request.get('/api/public/guest/data', { headers: { 'X-Guest-Token': token } });
  const ownData = (await own.json()) as { data: { consent: { version: number; text: { 'zh-tw': string } } } };
  expect(ownData.data.consent.version).toBe(1);
  expect(ownData.data.consent.text['zh-tw']).toBe(OWN_NOTICE);
});

test('the date-schedule form asks for consent beside its sessions, before the confirmation', async ({
  page,
  request,
}) => {
  const api = await Api.login(request);
  const { meeting, sessions } = await createDateScheduleMeeting(api, `Consent dated ${Date.now()}`);
  await enablePrivacyNotice(api, meeting.id);

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Step 1 (the guest's details) has no box; it comes with the final button.
  await expect(page.getByTestId('privacy-consent')).toHaveCount(0);
  await page.getByTestId('field-name_zh').fill('NA');
  await page.getByTestId('field-name_en').fill('Consent Lee');
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(macaoPhone());
  await page.getByTestId('field-email').fill('consent.lee@example.com');
  await page.getByTestId('field-user_type_id').selectOption({ label: 'Doctor' });
  await page.getByTestId('field-license_number').fill('NA');
  await page.getByTestId('sign-up-next').click();

  await expect(page.getByTestId('privacy-notice')).toContainText(DEFAULT_EN);
  await page.getByTestId(`session-option-${sessions.a}`).check();
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-consent')).toHaveText(CONSENT_REQUIRED.en);
  await expect(page.getByTestId('confirm-dialog')).not.toBeVisible();

  await page.getByTestId('field-consent').check();
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toContainText('Consent Lee');
});

test('a guest reads and downloads their data on the phone, then withdraws their sign-up', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `我的資料 ${Date.now()}`,
    runningNow: true,
    privacyNotice: {},
  });
  const phone = macaoPhone();
  const email = `my.data.${phone}@example.com`;
  const signUp = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name: '李資料',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone,
      email,
      institution: '仁伯爵綜合醫院',
      contact_number: '28000000',
      contact_phone: '66000000',
      consent: true,
    },
  });
  const signedUp = (await signUp.json()) as { code: number; data: { guest: { guest_code: string } } };
  expect(signedUp.code).toBe(0);
  // One scan at the door, so that the scans section has something to show.
  await api.call('POST', '/attendance/scans', {
    meeting_id: meeting.id,
    schedule_id: null,
    guest_code: signedUp.data.guest.guest_code,
    direction: 'in',
    station: 'Gate A',
    nonce: randomUUID(),
  });

  // The guest on their phone: the look-up gives this device its token, the guest page links to the data.
  await page.goto(`/#/check-in/${meeting.public_id}`);
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
  await expect(page.getByTestId('guest-name')).toHaveText('李資料');
  await expect(page.getByTestId('link-my-data')).toHaveText('我的資料');
  await snap(page, info, 'guest-page-my-data-link-zh-tw');
  await page.getByTestId('link-my-data').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}/my-data$`));

  const personal = page.getByTestId('my-data-personal');
  await expect(personal).toContainText('李資料');
  await expect(personal).toContainText(`+853 ${phone}`);
  await expect(personal).toContainText(email);
  await expect(personal).toContainText('仁伯爵綜合醫院');
  await expect(personal).toContainText('手機號碼');
  await expect(page.getByTestId('my-data-consent')).toContainText('聲明版本');
  await expect(page.getByTestId('my-data-consent-text')).toContainText('主辦單位會收集');
  await expect(page.getByTestId('my-data-scans')).toContainText('進場 · 會場入口');
  await expect(page.getByTestId('my-data-scans')).toContainText('Gate A');
  await expect(page.getByTestId('my-data-sessions-empty')).toHaveText('暫無資料');
  await expect(page.getByTestId('my-data-certificates-empty')).toBeVisible();
  await expect(page.getByTestId('my-data-waiting-lists-empty')).toBeVisible();
  await expect(page.getByTestId('my-data-messages')).toContainText('報名確認');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'my-data-zh-tw');
  await expectAccessible(page, 'my data page');

  await pickLanguage(page, 'en');
  await expect(personal).toContainText('Mobile');
  await expect(page.getByTestId('my-data-scans')).toContainText('In · Meeting entrance');
  await expect(page.getByTestId('my-data-sessions-empty')).toHaveText('No Data');
  await expect(page.getByTestId('my-data-download')).toHaveText('Download (JSON)');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'my-data-en');

  // The copy: a JSON file of everything, named after the day.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('my-data-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^meetflow-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    meeting: { public_id: string };
    guest: { email: string; phone: string; name: string };
    scans: { station: string }[];
    consent: { version: number } | null;
  };
  expect(file.meeting.public_id).toBe(meeting.public_id);
  expect(file.guest.email).toBe(email);
  expect(file.guest.phone).toContain(phone);
  expect(file.guest.name).toBe('李資料');
  expect(file.scans.map((s) => s.station)).toEqual(['Gate A']);
  expect(file.consent?.version).toBe(1);

  // Withdrawing asks first, and says what it does; keeping the sign-up changes nothing.
  const token = JSON.parse((await storedToken(page, meeting.public_id)) ?? '""') as string;
  await page.getByTestId('my-data-withdraw-button').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Withdraw your sign-up?');
  await expect(dialog).toContainText('freed');
  await expect(dialog).toContainText('erased');
  await expect(dialog).toContainText('cannot be undone');
  await snap(page, info, 'my-data-withdraw-confirm-en');
  await expectAccessible(page, 'my data page, withdrawal confirmation');
  await dialog.getByRole('button', { name: 'Keep my sign-up' }).click();
  await expect(dialog).not.toBeVisible();
  await expect(page.getByTestId('my-data')).toBeVisible();

  await pickLanguage(page, 'zh-tw');
  await page.getByTestId('my-data-withdraw-button').click();
  await expect(dialog).toContainText('無法復原');
  await page.getByTestId('confirm-ok').click();
  const withdrawn = page.getByTestId('my-data-withdrawn');
  await expect(withdrawn).toContainText('您的報名已撤回');
  await expect(withdrawn.locator('h2')).toBeFocused();
  await expect(page.getByTestId('my-data')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'my-data-withdrawn-zh-tw');
  await expectAccessible(page, 'my data page, withdrawn');
  expect(await storedToken(page, meeting.public_id)).toBeNull();

  // The token opens nothing any more, and the erased phone number finds no guest.
  const after = await request.get('/api/public/guest', { headers: { 'X-Guest-Token': token } });
  expect(((await after.json()) as { code: number }).code).toBe(40150);
  await page.goto(`/#/enroll-info/${meeting.public_id}`);
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}$`));
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
  await expect(page.getByTestId('form-notice')).toBeVisible();

  // A device still holding the old token sees why its data no longer opens.
  await page.evaluate(
    ([id, value]) => localStorage.setItem(`mf_guest_${id}`, JSON.stringify(value)),
    [meeting.public_id, token],
  );
  await page.goto(`/#/enroll-info/${meeting.public_id}/my-data`);
  await expect(page.getByTestId('my-data-lost')).toBeVisible();
  await expectAccessible(page, 'my data page, token no longer valid');
});
