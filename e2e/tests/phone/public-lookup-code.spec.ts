import { expect, test, type APIRequestContext } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { PORT } from '../../support/constants.ts';
import { linkIn, rawHeader, waitForMail } from '../../support/mail.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * On a 360 px phone (issue 15): the check-in look-up of a meeting whose organiser wants a code sent
 * to the guest's e-mail as well as the phone number, and the unsubscribe page a broadcast links to,
 * in English (the browser's language: that page knows no meeting).
 */

/** A guest signed up through the API in `lang` (the language of their mail). */
async function signUp(request: APIRequestContext, publicId: string, email: string, lang: string) {
  const phone = macaoPhone();
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    headers: { 'Accept-Language': lang },
    data: {
      meeting_type: 'general',
      name: 'Maria Santos',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone,
      email,
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
  return phone;
}

test('the look-up asks for the code sent by e-mail, then opens the guest page', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `驗證碼 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  await api.call('PUT', `/meetings/${meeting.id}/mail-settings`, {
    confirmation_enabled: true,
    reminder_hours: 0,
    lookup_code_by_email: true,
    templates: {},
  });
  const email = `maria.${suffix}@example.com`;
  const phone = await signUp(request, meeting.public_id, email, 'en');

  await page.goto(`/#/check-in/${meeting.public_id}`);
  await pickLanguage(page, 'en');
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();

  // No guest page yet: the code step, naming the (masked) address, with its field focused.
  const step = page.getByTestId('lookup-code-step');
  await expect(step.getByRole('heading', { name: 'Enter the code from your email' })).toBeVisible();
  await expect(step.getByTestId('lookup-code-sent')).toHaveText(
    /^We sent a 6-digit code to \S+@example\.com\.$/,
  );
  await expect(step.getByTestId('lookup-code-sent')).not.toContainText(email);
  const field = step.getByRole('textbox', { name: 'Code' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByTestId('check-in-form')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}$`));
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'check-in code step (en)');
  await snap(page, info, 'check-in-code-step-en');

  // Another number: back to the form, the number kept and its field focused; then the code again.
  await step.getByTestId('lookup-code-other-number').click();
  await expect(page.getByTestId('field-phone')).toBeFocused();
  await expect(page.getByTestId('field-phone')).toHaveValue(phone);
  await page.getByTestId('field-phone').press('Enter');
  await expect(field).toBeFocused();

  // The code from the mail (its subject starts with it).
  const mail = await waitForMail(email, (m) => /is your verification code/.test(m.subject ?? ''));
  const code = /^(\d{6}) /.exec(mail.subject ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain(`Verification code: ${code}`);

  // An empty code and a wrong one are refused, each in its own words, with the summary focused.
  await step.getByTestId('lookup-code-submit').click();
  await expect(step.getByTestId('lookup-code-summary')).toBeFocused();
  await expect(step.getByTestId('error-code')).toHaveText('Please enter the code');
  const wrong = code === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await field.press('Enter');
  await expect(step.getByTestId('error-code')).toHaveText('Wrong or expired verification code');
  await expect(step.getByTestId('lookup-code-summary')).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'check-in code step, wrong code (en)');
  await snap(page, info, 'check-in-code-wrong-en');

  // "Send again" asks the look-up once more and says so.
  await step.getByTestId('lookup-code-resend').click();
  await expect(step.getByRole('status')).toContainText('We asked for the code to be sent to');
  await expect(step.getByTestId('error-code')).toHaveCount(0);
  await snap(page, info, 'check-in-code-resent-en');

  // Pasted with a space, by keyboard: the digits are kept, and the guest page opens.
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(field).toHaveValue(code);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('Maria Santos');
  await expect(page.getByTestId('guest-qr').locator('svg')).toBeVisible();
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-GB' });

  test('a guest unsubscribes from broadcasts through the link at the foot of one', async ({
    page,
    request,
  }, info) => {
    const suffix = String(Date.now()).slice(-6);
    const api = await Api.login(request);
    const meeting = await createPublicMeeting(api, { type: 'general', name: `退訂 ${suffix}` });
    const email = `unsub.${suffix}@example.com`;
    await signUp(request, meeting.public_id, email, 'en');

    // The organiser writes to this one guest (the list's keyword finds the address).
    const filters = { keyword: email };
    const { count } = await api.call<{ count: number }>('POST', `/meetings/${meeting.id}/broadcasts/count`, {
      filters,
    });
    expect(count).toBe(1);
    await api.call('POST', `/meetings/${meeting.id}/broadcasts`, {
      filters,
      texts: { en: { subject: `Parking ${suffix}`, body: 'Parking is free today, {name}.' } },
      confirmed_count: count,
    });
    const mail = await waitForMail(email, (m) => m.subject === `Parking ${suffix}`);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/public\/unsubscribe\?token=/,
    );
    const link = linkIn(mail, `http://127.0.0.1:${PORT}/#/unsubscribe/`);

    // Opening the link changes nothing yet: the guest reads what it does and presses the button.
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Unsubscribe from organisers' messages");
    await expect(page.getByTestId('unsubscribe-page')).toContainText(
      'Confirmations, session updates, reminders and the codes you ask for still arrive.',
    );
    await expect(page).toHaveTitle(/Unsubscribe/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'unsubscribe page (en)');
    await snap(page, info, 'unsubscribe-en');
    const still = await api.call<{ count: number }>('POST', `/meetings/${meeting.id}/broadcasts/count`, {
      filters,
    });
    expect(still.count).toBe(1);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = page.getByTestId('unsubscribe-done');
    await expect(done).toHaveText(
      "You will no longer receive organisers' messages for this meeting; confirmations and reminders still arrive.",
    );
    await expect(done).toBeFocused();
    await expect(page.getByTestId('unsubscribe-submit')).toHaveCount(0);
    await expectAccessible(page, 'unsubscribe page, done (en)');
    await snap(page, info, 'unsubscribe-done-en');
    // The guest is left out of the organiser's next broadcast.
    const after = await api.call<{ count: number }>('POST', `/meetings/${meeting.id}/broadcasts/count`, {
      filters,
    });
    expect(after.count).toBe(0);

    // A link that is not one: said so, and the button stays for another try.
    await page.goto(`/#/unsubscribe/${'9'.repeat(6)}.${'x'.repeat(32)}`);
    await page.getByTestId('unsubscribe-submit').click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(
      'This link is not valid. Open the whole link from the email, or contact the organiser.',
    );
    await expect(page.getByRole('alert')).toContainText('This link is not valid.');
    await expectAccessible(page, 'unsubscribe page, invalid link (en)');
    await snap(page, info, 'unsubscribe-invalid-en');

    // The visitor's own pick of language is kept.
    await pickLanguage(page, 'zh-tw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('取消訂閱主辦方郵件');
    await expect(page.getByTestId('unsubscribe-submit')).toHaveText('取消訂閱');
  });
});
