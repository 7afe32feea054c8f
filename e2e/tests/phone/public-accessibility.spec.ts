import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  macaoPhone,
  publicSignUp,
} from '../../support/public-meetings.ts';

/*
 * axe-core (WCAG 2.2 AA) over every visitor page on the phone viewport (issues 4 and 13), in zh-tw
 * and in English: no serious or critical violation in the states a visitor meets (empty form, form
 * with errors, the session step and its confirm dialog, guest code, sessions, closed, missing
 * meeting, PDF pages, unknown address).
 */

type Lang = 'zh-tw' | 'en';
const HTML_LANG: Record<Lang, string> = { 'zh-tw': 'zh-TW', en: 'en' };
const DOCTOR: Record<Lang, string> = { 'zh-tw': '醫生', en: 'Doctor' };

/** Shows the page in `lang`: the visitor's choice is remembered, a meeting's own order may differ. */
async function showIn(page: Page, lang: Lang) {
  const html = page.locator('html');
  if ((await html.getAttribute('lang')) !== HTML_LANG[lang]) {
    await page.getByTestId(`public-lang-${lang}`).click();
  }
  await expect(html).toHaveAttribute('lang', HTML_LANG[lang]);
}

for (const lang of ['zh-tw', 'en'] as const) {
  test(`sign-up, check-in, guest code and sessions are accessible (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await Api.login(request);
    const general = await createPublicMeeting(api, { type: 'general', name: `無障礙 ${lang} ${Date.now()}` });

    await page.goto(`/#/sign-up/${general.public_id}`);
    await expect(page.getByTestId('sign-up-form')).toBeVisible();
    await showIn(page, lang);
    await expectAccessible(page, 'general sign-up');
    await page.getByTestId('sign-up-submit').click();
    await expect(page.getByTestId('error-summary')).toBeVisible();
    await expectAccessible(page, 'general sign-up with errors');

    await page.goto(`/#/check-in/${general.public_id}`);
    await expect(page.getByTestId('check-in-submit')).toBeVisible();
    await showIn(page, lang);
    await expectAccessible(page, 'check-in');

    const phone = macaoPhone();
    await publicSignUp(request, general.public_id, {
      meeting_type: 'general',
      name: 'Axe Guest',
      gender: 'female',
      local_guest: false,
      area_code: '853',
      phone,
      email: 'axe@example.com',
      contact_number: '28000000',
      contact_phone: '66000000',
    });
    await page.getByTestId('field-area_code').selectOption('853');
    await page.getByTestId('field-phone').fill(phone);
    await page.getByTestId('check-in-submit').click();
    await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
    await expectAccessible(page, 'guest code');

    // The date-schedule sign-up: both steps, the confirm dialog, then the guest's sessions.
    const { meeting } = await createDateScheduleMeeting(api, `Axe dated ${lang} ${Date.now()}`);
    await page.goto(`/#/sign-up/${meeting.public_id}`);
    await expect(page.getByTestId('sign-up-form')).toBeVisible();
    await showIn(page, lang);
    await expectAccessible(page, 'date-schedule sign-up, step 1');
    await page.getByTestId('field-name_zh').fill('na');
    await page.getByTestId('field-name_en').fill('Alex Wong');
    await page.getByTestId('field-area_code').selectOption('852');
    // 94xxxxxx is an allocated Hong Kong mobile range.
    await page.getByTestId('field-phone').fill(`94${String(Date.now()).slice(-6)}`);
    await page.getByTestId('field-email').fill('alex@example.com');
    await page.getByTestId('field-user_type_id').selectOption({ label: DOCTOR[lang] });
    await page.getByTestId('field-license_number').fill('NA');
    await page.getByTestId('field-academy_member-no').check();
    await page.getByTestId('sign-up-next').click();
    await expect(page.getByTestId('session-choice')).toBeVisible();
    await expectAccessible(page, 'date-schedule sign-up, step 2');
    await page.getByTestId('session-choice').locator('input[type="checkbox"]').first().check();
    await page.getByTestId('sign-up-submit').click();
    await expect(page.getByTestId('confirm-dialog')).toBeVisible();
    await expectAccessible(page, 'sign-up confirm dialog');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
    await expectAccessible(page, 'date-schedule guest code');
    await page.getByTestId('view-sessions').click();
    await expect(page.locator('[data-testid^="enrolled-"]').first()).toBeVisible();
    await expectAccessible(page, 'sessions');
  });

  test(`closed, missing, PDF and unknown pages are accessible (${lang})`, async ({ page, request }) => {
    const api = await Api.login(request);
    const closed = await createPublicMeeting(api, {
      type: 'general',
      name: `已關閉 ${lang} ${Date.now()}`,
      signupEnabled: false,
      schedulePdf: true,
      guidePdf: true,
    });

    await page.goto(`/#/sign-up/${closed.public_id}`);
    await expect(page.getByTestId('sign-up-closed')).toBeVisible();
    await showIn(page, lang);
    await expectAccessible(page, 'closed sign-up');

    await page.goto('/#/sign-up/no-such-meeting-id');
    await expect(page.getByTestId('public-no-meeting')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expectAccessible(page, 'missing meeting');

    for (const kind of ['schedule', 'guide'] as const) {
      await page.goto(`/#/${kind}/${closed.public_id}`);
      await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
      await expectAccessible(page, `${kind} PDF`);
    }

    await page.goto('/#/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expectAccessible(page, 'unknown address');
  });
}
