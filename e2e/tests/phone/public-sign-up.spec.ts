import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting as createMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Signing up on a 360×740 phone (issue 4): general in zh-tw, date-schedule in en with the session step,
 * the confirm dialog and enrol/cancel, and times shown in the meeting's zone in a UTC browser.
 * Meetings are set up through the admin API.
 */

test('general sign-up in zh-tw lands on the guest code; a second sign-up points to check-in', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createMeeting(api, { type: 'general', name: `公開報名 ${Date.now()}` });
  const phone = macaoPhone();

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('page-title')).toContainText('公開報名');
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByTestId('public-banner')).toBeVisible();
  await expect(page).toHaveTitle(/公開報名/);
  await expectNoHorizontalScroll(page);
  await expect(page.getByTestId('error-summary')).toHaveCount(0);

  // The three languages, in the meeting's order, then back to zh-tw.
  for (const lang of ['zh-cn', 'en', 'zh-tw'] as const) {
    await pickLanguage(page, lang);
    await snap(page, info, `public-sign-up-${lang}`);
  }

  // Required rules, with the summary at the top.
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText('請輸入姓名');
  await expect(page.getByTestId('error-contact_phone')).toHaveText('請輸入聯絡人手機');
  await expect(page.getByTestId('field-name')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, info, 'public-sign-up-errors-zh-tw');

  await page.getByTestId('field-name').fill('陳大文');
  await page.getByTestId('field-gender-male').check();
  await page.getByTestId('field-local_guest-yes').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill('12345678');
  await page.getByTestId('field-email').fill('tai.man@example.com');
  await page.getByTestId('field-institution').fill('澳門醫院');
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-phone')).toHaveText('手機號碼無效');
  // Nothing typed is lost.
  await expect(page.getByTestId('field-email')).toHaveValue('tai.man@example.com');

  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('sign-up-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('guest-name')).toHaveText('陳大文');
  await expect(page.getByTestId('guest-card')).toContainText(phone.slice(-4));
  await expect(page.getByTestId('guest-card')).not.toContainText(phone);
  const qrBox = await page.getByTestId('guest-qr').boundingBox();
  expect(qrBox?.width ?? 0).toBeGreaterThanOrEqual(240);
  const stored = await page.evaluate((id) => localStorage.getItem(`mf_guest_${id}`), meeting.public_id);
  expect(stored).toBeTruthy();
  expect(page.url()).not.toContain(JSON.parse(stored ?? '""') as string);
  await snap(page, info, 'public-guest-code-zh-tw');

  // Same phone again: the server refuses and the page points to check-in.
  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await page.getByTestId('field-name').fill('陳大文');
  await page.getByTestId('field-gender-male').check();
  await page.getByTestId('field-local_guest-no').check();
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('field-email').fill('tai.man@example.com');
  await page.getByTestId('field-contact_number').fill('28000000');
  await page.getByTestId('field-contact_phone').fill('66000000');
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('form-notice')).toBeVisible();
  await page.getByTestId('notice-check-in').click();
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}$`));
});

test('date-schedule sign-up in English: sessions of the type, confirm dialog, then enrol and cancel', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const { meeting, sessions } = await createDateScheduleMeeting(api, `Dated ${Date.now()}`);

  await page.goto(`/#/sign-up/${meeting.public_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('page-title')).toContainText('(EN)');

  await page.getByTestId('sign-up-next').click();
  await expect(page.getByTestId('error-summary')).toContainText('Please enter your Chinese name or NA');
  await expect(page.getByTestId('error-user_type_id')).toHaveText('Please choose a registration type');

  await page.getByTestId('field-name_zh').fill('na');
  await page.getByTestId('field-name_en').fill('Alex Wong');
  await page.getByTestId('field-area_code').selectOption('852');
  // 94xxxxxx is an allocated Hong Kong mobile range (the server checks the full numbering plan).
  await page.getByTestId('field-phone').fill(`94${String(Date.now()).slice(-6)}`);
  await page.getByTestId('field-email').fill('alex@example.com');
  await page.getByTestId('field-user_type_id').selectOption({ label: 'Doctor' });
  await page.getByTestId('field-license_number').fill('NA');
  await page.getByTestId('field-academy_member-no').check();
  await snap(page, info, 'public-date-schedule-step1-en');
  await page.getByTestId('sign-up-next').click();

  // Step 2: only the Doctor's sessions.
  await expect(page.getByTestId(`session-option-${sessions.a}`)).toBeVisible();
  await expect(page.getByTestId(`session-option-${sessions.b}`)).toBeVisible();
  await expect(page.getByTestId(`session-option-${sessions.c}`)).toHaveCount(0);
  await expect(page.getByTestId('session-choice')).toContainText('5 seats left');
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('error-schedule_ids')).toHaveText('Please choose at least one session');

  await page.getByTestId(`session-option-${sessions.a}`).check();
  await page.getByTestId('sign-up-submit').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Confirm Sign-up?');
  await snap(page, info, 'public-confirm-sign-up-en');
  await page.getByTestId('confirm-ok').click();

  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('guest-name')).toContainText('Alex Wong');
  await snap(page, info, 'public-guest-code-en');

  // Sessions: enrolled A, can enroll B (not C).
  await page.getByTestId('view-sessions').click();
  await expect(page.getByTestId(`enrolled-${sessions.a}`)).toBeVisible();
  await expect(page.getByTestId(`can-enroll-${sessions.b}`)).toBeVisible();
  await expect(page.getByTestId(`can-enroll-${sessions.c}`)).toHaveCount(0);

  await page.getByTestId('session-search').fill('workshop');
  await expect(page.getByTestId(`enrolled-${sessions.a}`)).toHaveCount(0);
  await expect(page.getByTestId(`can-enroll-${sessions.b}`)).toBeVisible();
  await page.getByTestId('session-search').fill('');

  await page.getByTestId(`enrol-${sessions.b}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Enroll in this session?');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`enrolled-${sessions.b}`)).toBeVisible();
  await expect(page.getByTestId(`can-enroll-${sessions.b}`)).toHaveCount(0);
  await snap(page, info, 'public-sessions-en');

  // The action is named, never a "Cancel" beside the dialog's own "Cancel".
  await expect(page.getByTestId(`cancel-${sessions.b}`)).toHaveText('Cancel enrollment');
  await page.getByTestId(`cancel-${sessions.b}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Cancel your enrollment in this session?');
  await expect(page.getByTestId('confirm-dialog').getByRole('button')).toHaveText([
    'Keep enrollment',
    'Cancel enrollment',
  ]);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`can-enroll-${sessions.b}`)).toBeVisible();
  await expect(page.getByTestId(`can-enroll-${sessions.b}`)).toContainText('5 seats left');
  await expect(page.getByTestId(`enrolled-${sessions.b}`)).toHaveCount(0);

  for (const lang of ['zh-tw', 'zh-cn'] as const) {
    await pickLanguage(page, lang);
    await snap(page, info, `public-sessions-${lang}`);
  }
  await expectNoHorizontalScroll(page);
});

test.describe('in a browser set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test("times are the meeting's own (Asia/Macau), labelled, in the spec's short dates", async ({
    page,
    request,
  }, info) => {
    const api = await Api.login(request);
    const { meeting, sessions } = await createDateScheduleMeeting(api, `UTC ${Date.now()}`);
    // A yellow theme: the focus ring is derived from it, with 3:1 on the page.
    await api.call('PUT', `/meetings/${meeting.id}/display-config`, {
      language_order: ['en', 'zh-tw', 'zh-cn'],
      theme_color: '#fadb14',
    });

    await page.goto(`/#/sign-up/${meeting.public_id}`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    // 2027-01-10 00:00Z – 2027-01-12 23:00Z is 08:00 on the 10th to 07:00 on the 13th in Macao.
    await expect(page.getByTestId('public-time')).toHaveText('10/01 08:00 – 13/01 07:00');
    await expect(page.getByTestId('public-time-zone')).toHaveText(
      'Times are local to the meeting (Asia/Macau, GMT+8)',
    );

    const focus = await page.evaluate(() =>
      getComputedStyle(document.querySelector('main')!).getPropertyValue('--mf-focus'),
    );
    expect(focus).not.toBe('#fadb14');
    await page.getByTestId('public-lang-zh-tw').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('public-lang-zh-tw')).toHaveCSS('outline-style', 'solid');
    const ring = await page
      .getByTestId('public-lang-zh-tw')
      .evaluate((el) => getComputedStyle(el).outlineColor);
    const hex = `#${(ring.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((c) => Number(c).toString(16).padStart(2, '0'))
      .join('')}`;
    expect(hex).toBe(focus);

    await page.getByTestId('field-name_zh').fill('NA');
    await page.getByTestId('field-name_en').fill('Utc Visitor');
    await page.getByTestId('field-area_code').selectOption('853');
    await page.getByTestId('field-phone').fill(macaoPhone());
    await page.getByTestId('field-email').fill('utc@example.com');
    await page.getByTestId('field-user_type_id').selectOption({ label: 'Doctor' });
    await page.getByTestId('field-license_number').fill('NA');
    await page.getByTestId('field-academy_member-no').check();
    await page.getByTestId('sign-up-next').click();
    await expect(page.getByTestId('session-choice')).toContainText('11/01');

    // The session-choice error is tied to its checkboxes.
    await page.getByTestId('sign-up-submit').click();
    const error = page.getByTestId('error-schedule_ids');
    await expect(error).toHaveText('Please choose at least one session');
    await expect(error).toHaveAttribute('id', /^\S+$/);
    const errorId = (await error.getAttribute('id'))!;
    for (const id of [sessions.a, sessions.b]) {
      const box = page.getByTestId(`session-option-${id}`);
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveAttribute('aria-describedby', errorId);
    }
    await expect(page.getByRole('checkbox', { name: /Opening plenary/ })).toHaveAccessibleDescription(
      'Please choose at least one session',
    );
    await snap(page, info, 'public-date-schedule-utc-en');

    await pickLanguage(page, 'zh-tw');
    await expect(page.getByTestId('public-time')).toHaveText('1月10日 08:00 – 1月13日 07:00');
    await expect(page.getByTestId('public-time-zone')).toContainText('Asia/Macau');
    await expect(page.getByTestId('session-choice')).toContainText('1月11日');
    await snap(page, info, 'public-date-schedule-utc-zh-tw');
    await pickLanguage(page, 'zh-cn');
    await expect(page.getByTestId('public-time')).toHaveText('1月10日 08:00 – 1月13日 07:00');
    await snap(page, info, 'public-date-schedule-utc-zh-cn');

    // The success toast leaves the language switch visible.
    await page.getByTestId(`session-option-${sessions.a}`).check();
    await page.getByTestId('sign-up-submit').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
    await page.getByTestId('view-sessions').click();
    await page.getByTestId(`enrol-${sessions.b}`).click();
    await page.getByTestId('confirm-ok').click();
    const toast = page.locator('#mf-toast-host');
    await expect(toast.getByText('操作成功！')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastBox = await toast.boundingBox();
    const switchBox = await page.getByTestId('public-lang-switch').boundingBox();
    // Both laid out with a size (boundingBox is null for an element not rendered).
    expect(toastBox?.height ?? 0, 'the toast is laid out').toBeGreaterThan(0);
    expect(switchBox?.height ?? 0, 'the language switch is laid out').toBeGreaterThan(0);
    const overlaps =
      toastBox!.x < switchBox!.x + switchBox!.width &&
      switchBox!.x < toastBox!.x + toastBox!.width &&
      toastBox!.y < switchBox!.y + switchBox!.height &&
      switchBox!.y < toastBox!.y + toastBox!.height;
    expect(overlaps).toBe(false);
    await expectNoHorizontalScroll(page);
  });
});
