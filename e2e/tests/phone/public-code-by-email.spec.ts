import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
  publicSignUp,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * "Send my code to my e-mail" on the check-in page of a 360 px phone (issue 15). The answer is the
 * same whether or not the address signed up; three requests per address in ten minutes, then the
 * look-up's "too many attempts".
 */

const SENT = {
  'zh-tw': '如此電郵地址曾用於報名，嘉賓碼已在寄送途中。',
  en: 'If this address was used to sign up, the code is on its way.',
} as const;

test('a visitor asks for their code by e-mail and gets the same neutral answer', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `電郵取碼 ${suffix}` });
  const email = `code.${suffix}@example.com`;
  await publicSignUp(request, meeting.public_id, {
    meeting_type: 'general',
    name: 'Email Guest',
    gender: 'male',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email,
    contact_number: '28000000',
    contact_phone: '66000000',
  });

  await page.goto(`/#/check-in/${meeting.public_id}`);
  const section = page.getByTestId('code-by-email');
  await expect(section.getByRole('heading', { name: '以電郵取得嘉賓碼' })).toBeVisible();
  const field = section.getByTestId('field-email');
  // Labelled: the field is found by its label's text.
  await expect(section.getByRole('textbox', { name: '電郵', exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('autocomplete', 'email');

  // The sign-up form's e-mail rule, with the error summary taking focus.
  await section.getByTestId('code-email-submit').click();
  await expect(section.getByTestId('code-email-summary')).toBeFocused();
  await expect(section.getByTestId('error-email')).toHaveText('請輸入電郵');
  await field.fill('not-an-address');
  await section.getByTestId('code-email-submit').click();
  await expect(section.getByTestId('error-email')).toHaveText('電郵格式不正確');
  await expectAccessible(page, 'check-in with an e-mail error (zh-tw)');

  // By keyboard: the known address, then an unknown one, get the same answer.
  await field.fill(email);
  await field.press('Enter');
  const sent = section.getByTestId('code-email-sent');
  await expect(sent).toContainText(SENT['zh-tw']);
  await expect(section.getByTestId('error-email')).toHaveCount(0);
  await expect(section.getByRole('status')).toContainText(SENT['zh-tw']);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'check-in, code sent (zh-tw)');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: info.outputPath('code-by-email-zh-tw.png') });
  await snap(page, info, 'check-in-code-by-email-zh-tw');

  await field.fill(`nobody.${suffix}@example.com`);
  await section.getByTestId('code-email-submit').click();
  await expect(sent).toContainText(SENT['zh-tw']);

  // The answer follows a language switch, and is the same in English.
  await pickLanguage(page, 'en');
  await expect(sent).toContainText(SENT.en);
  await expect(section.getByRole('heading', { name: 'Email me my code' })).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await field.fill(email);
  await section.getByTestId('code-email-submit').click();
  await expect(sent).toContainText(SENT.en);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'check-in, code sent (en)');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: info.outputPath('code-by-email-en.png') });
  await snap(page, info, 'check-in-code-by-email-en');

  // The third request for the address still answers; the fourth is refused like the phone look-up.
  await section.getByTestId('code-email-submit').click();
  await expect(sent).toContainText(SENT.en);
  await section.getByTestId('code-email-submit').click();
  await expect(section.getByTestId('code-email-notice')).toHaveText(
    'Too many attempts, please try again later',
  );
  await expect(sent).toHaveCount(0);
  await expect(section.getByTestId('code-email-summary')).toBeFocused();
  await expectAccessible(page, 'check-in, rate-limited (en)');
  await snap(page, info, 'check-in-code-by-email-rate-limited-en');

  // The phone look-up beside it is unchanged.
  await expect(page.getByTestId('check-in-form')).toBeVisible();
  await expect(page.getByTestId('error-summary')).toHaveCount(0);
});
