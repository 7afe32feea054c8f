import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { expectAccessible } from '../../support/axe.ts';
import { mailsTo, waitForMail } from '../../support/mail.ts';
import { createPublicMeeting, macaoPhone, publicSignUp } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * Guest mail in the back office (issue 15). The e2e server sends to the run's own SMTP server
 * (scripts/e2e-server.ts), so messages go out: the guest's history shows them sent, and a resend
 * adds a second confirmation that arrives too. The mail settings drawer edits a text with a live
 * preview, keeps only what differs from the defaults, and switches on the look-up code by e-mail.
 */

const PASSWORD = 'E2e-staff-pass-1';
const PREVIEW_FRAME = '[data-testid="mail-preview-frame"]';

function generalGuest(name: string, email: string) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email,
    institution: 'Kiang Wu Hospital',
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
  };
}

/** The meeting's row in the meeting list, found by its name. */
async function meetingRow(page: Page, name: string) {
  await page.goto('/#/meeting_management/meeting');
  await page.getByTestId('meeting-search-input').fill(name);
  await page.getByTestId('meeting-search-input').press('Enter');
  const row = page.getByTestId('meeting-table').locator('tr.mf-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test("the organiser reads a guest's mail and sends the confirmation again", async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `郵件記錄 ${suffix}` });
  await publicSignUp(request, meeting.public_id, generalGuest('Ho Mei Ling', `ho.${suffix}@example.com`));

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `郵件記錄 ${suffix}（繁）`);
  const table = page.getByTestId('guest-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await table.getByTestId('guest-view').click();

  // The sign-up queued a confirmation and the mail server took it: the history says it was sent.
  const email = `ho.${suffix}@example.com`;
  const drawer = page.getByTestId('guest-detail');
  const messages = drawer.getByTestId('guest-messages');
  await expect(messages.getByRole('heading', { name: '郵件' })).toBeVisible();
  const rows = messages.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('報名確認');
  // The history follows the outbox while a message waits (every 5 s).
  await expect(rows.first().getByTestId('guest-message-status-sent')).toHaveText('已發送', {
    timeout: 20_000,
  });
  await expect(rows.first()).toContainText('發送於');
  await expect(messages.getByTestId('guest-messages-no-server')).toHaveCount(0);
  await waitForMail(email, (mail) => mail.subject === `報名成功：郵件記錄 ${suffix}（繁）`);
  await messages.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'guest detail with messages (zh-tw)');
  await drawer.screenshot({ path: info.outputPath('guest-messages-zh-tw.png') });
  await snap(page, info, 'guest-messages-zh-tw');

  // Resend: confirmed first, then a toast; the second confirmation goes out and arrives.
  await messages.getByTestId('guest-resend').click();
  await expect(page.getByText('確定要重新發送報名確認郵件給此嘉賓嗎？')).toBeVisible();
  await page.getByTestId('guest-resend-confirm').click();
  await expect(page.getByText('確認郵件已排入寄件箱')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(messages.getByTestId('guest-message-status-sent')).toHaveCount(2, { timeout: 20_000 });
  await expect
    .poll(async () => (await mailsTo(email, (m) => !!m.subject?.startsWith('報名成功'))).length)
    .toBe(2);
  await expect(page.getByText('確認郵件已排入寄件箱')).toBeHidden();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // The same section in English.
  await switchLanguage(page, 'en');
  await table.getByTestId('guest-view').click();
  await expect(messages.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Confirmation');
  await expect(rows.first().getByTestId('guest-message-status-sent')).toHaveText('Sent');
  await expect(rows.first()).toContainText(/Sent \d/);
  await expect(messages.getByTestId('guest-messages-no-server')).toHaveCount(0);
  await messages.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'guest detail with messages (en)');
  await drawer.screenshot({ path: info.outputPath('guest-messages-en.png') });
  await snap(page, info, 'guest-messages-en');
});

test('the organiser rewrites the English confirmation with a live preview; door staff only read', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `郵件設定 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  await publicSignUp(request, meeting.public_id, generalGuest('Leong Ka Man', `leong.${suffix}@example.com`));

  await login(page, 'en');
  let row = await meetingRow(page, `${name} (EN)`);
  const mailAction = await meetingAction(page, row, 'meeting-mail-button');
  await expect(mailAction).toHaveText('Mail settings');
  await snap(page, info, 'meeting-list-mail-action-en');
  await mailAction.click();
  const drawer = page.getByTestId('mail-settings-drawer');
  await expect(drawer.getByTestId('mail-settings-form')).toBeVisible();
  // A mail server is configured: no warning.
  await expect(drawer.getByTestId('mail-no-server')).toHaveCount(0);
  // The editor opens on the user's language; each text starts as the default.
  const subject = drawer.getByTestId('mail-subject-confirmation-en');
  const body = drawer.getByTestId('mail-body-confirmation-en');
  await expect(subject).toHaveValue('Registration confirmed: {meeting}');
  await expect(drawer.getByTestId('mail-state-confirmation-en')).toHaveText('Default text');
  const preview = drawer.getByTestId('mail-preview');
  await expect(preview.getByTestId('mail-preview-subject')).toHaveText(
    `Registration confirmed: ${name} (EN)`,
  );
  // The organiser may see the guest list: the preview is the meeting's first guest.
  await expect(preview.getByTestId('mail-preview-note')).toHaveText(
    "Shown with the meeting's first guest (an example guest when it has none).",
  );

  // A new subject, a placeholder inserted where the caret is, and a line added to the body.
  await subject.fill('Welcome to {meeting}, ');
  await drawer.getByTestId('mail-placeholder-name').click();
  await expect(subject).toHaveValue('Welcome to {meeting}, {name}');
  await expect(subject).toBeFocused();
  await body.press('ControlOrMeta+End');
  await body.pressSequentially('\nParking is free for guests.');
  await expect(drawer.getByTestId('mail-state-confirmation-en')).toHaveText('Edited');

  // The preview follows (once the typing pauses): the subject above the frame and in the mail itself.
  await expect(preview.getByTestId('mail-preview-subject')).toHaveText(
    `Welcome to ${name} (EN), Leong Ka Man`,
  );
  const frame = page.frameLocator(PREVIEW_FRAME);
  // The mail's own <title> (not rendered, so read as text content rather than as shown text).
  await expect(frame.locator('title')).toHaveJSProperty(
    'textContent',
    `Welcome to ${name} (EN), Leong Ka Man`,
  );
  await expect(frame.locator('body')).toContainText('Parking is free for guests.');
  await expect(page.getByTestId('mail-preview-frame')).toHaveAttribute('sandbox', '');
  await expect(page.getByTestId('mail-preview-frame')).toHaveJSProperty('offsetWidth', 360);
  // The mail inside the sandboxed frame runs no script, so axe (a script) cannot test it there.
  await expectAccessible(page, 'mail settings (en)', { exclude: PREVIEW_FRAME });
  await snap(page, info, 'mail-settings-en');
  await page.getByTestId('mail-preview-width').getByText('Desktop 600px').click();
  await expect(page.getByTestId('mail-preview-frame')).toHaveJSProperty('offsetWidth', 600);
  await snap(page, info, 'mail-settings-en-desktop');

  // A reminder two days ahead, and the look-up code by e-mail (labelled, with when to use it); then save.
  await drawer.getByTestId('mail-reminder-enabled').click();
  await drawer.getByTestId('mail-reminder-hours').fill('48');
  const lookupCode = drawer.getByRole('switch', {
    name: "Phone look-up also needs a code sent to the guest's e-mail",
  });
  await expect(lookupCode).toHaveAttribute('aria-checked', 'false');
  await expect(drawer.getByTestId('mail-settings-form')).toContainText(
    'Use it when the guest code lets people in and phone numbers are easy to come by',
  );
  await lookupCode.click();
  await expect(lookupCode).toHaveAttribute('aria-checked', 'true');
  await expect(drawer.getByTestId('mail-lookup-code-no-server')).toHaveCount(0);
  await expectAccessible(page, 'mail settings with the look-up code (en)', { exclude: PREVIEW_FRAME });
  await page.getByTestId('mail-save').click();
  await expect(page.getByText('Save Successful')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Only the text that differs from the default was sent.
  const saved = await api.call<{
    reminder_hours: number;
    lookup_code_by_email: boolean;
    templates: Record<string, unknown>;
  }>('GET', `/meetings/${meeting.id}/mail-settings`);
  expect(saved.reminder_hours).toBe(48);
  expect(saved.lookup_code_by_email).toBe(true);
  expect(saved.templates).toEqual({
    confirmation: {
      en: {
        subject: 'Welcome to {meeting}, {name}',
        body: 'Thank you for registering for {meeting}. Your place is confirmed.\nThe meeting starts on {start}. Please show the QR code below at the entrance.\nParking is free for guests.',
      },
    },
  });

  // Reopened in Traditional Chinese: the saved text is there, the others are still the defaults.
  await switchLanguage(page, 'zh-tw');
  row = await meetingRow(page, `${name}（繁）`);
  await (await meetingAction(page, row, 'meeting-mail-button')).click();
  await expect(drawer.getByTestId('mail-reminder-hours')).toHaveValue('48');
  await expect(drawer.getByTestId('mail-lookup-code')).toHaveAttribute('aria-checked', 'true');
  await expect(drawer.getByTestId('mail-no-server')).toHaveCount(0);
  await expect(drawer.getByTestId('mail-state-confirmation-zh-tw')).toHaveText('預設內容');
  await expect(preview.getByTestId('mail-preview-subject')).toHaveText(`報名成功：${name}（繁）`);
  await expectAccessible(page, 'mail settings (zh-tw)', { exclude: PREVIEW_FRAME });
  await snap(page, info, 'mail-settings-zh-tw');
  await drawer.getByRole('tab', { name: 'English' }).first().click();
  await expect(subject).toHaveValue('Welcome to {meeting}, {name}');
  await expect(drawer.getByTestId('mail-state-confirmation-en')).toHaveText('已修改');

  // An emptied subject is refused in the user's language, on its own tab; reset brings the default back.
  await drawer.getByRole('tab', { name: '會議提醒' }).click();
  await drawer.getByTestId('mail-languages-reminder').getByRole('tab', { name: '繁體中文' }).click();
  await drawer.getByTestId('mail-subject-reminder-zh-tw').fill('');
  await drawer.getByRole('tab', { name: '報名確認' }).click();
  await page.getByTestId('mail-save').click();
  await expect(drawer.getByTestId('mail-subject-reminder-zh-tw')).toBeVisible();
  await expect(drawer.getByTestId('mail-settings-form')).toContainText('此欄位必填');
  await expect(preview).toContainText('請填寫主旨和內容以顯示預覽。');
  await drawer.getByTestId('mail-reset-reminder-zh-tw').click();
  await expect(drawer.getByTestId('mail-subject-reminder-zh-tw')).toHaveValue('會議提醒：{meeting}');
  await expect(drawer.getByTestId('mail-settings-form')).not.toContainText('此欄位必填');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Door staff of the meeting's organisation see the settings, cannot save, and get no preview: it
  // would show a guest's entry code, which the door's own copy withholds.
  const { organization_id: organizationId } = await api.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );
  const roles = await api.call<{ id: number; code: string | null }[]>('GET', '/roles');
  const account = `mail_door_${suffix}`;
  await api.call('POST', '/users', {
    account,
    name: account,
    role_id: roles.find((r) => r.code === 'door_staff')!.id,
    organization_id: organizationId,
    password: PASSWORD,
  });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await login(page, 'zh-tw', { account, password: PASSWORD });
  row = await meetingRow(page, `${name}（繁）`);
  await (await meetingAction(page, row, 'meeting-mail-button')).click();
  await expect(drawer.getByTestId('mail-read-only')).toBeVisible();
  await expect(page.getByTestId('mail-save')).toHaveCount(0);
  await expect(drawer.getByTestId('mail-subject-confirmation-zh-tw')).toBeDisabled();
  await expect(drawer.getByTestId('mail-placeholders')).toHaveCount(0);
  await expect(drawer.getByTestId('mail-subject-confirmation-zh-tw')).toHaveValue('報名成功：{meeting}');
  await expect(drawer.getByTestId('mail-preview')).toHaveCount(0);
  await expectAccessible(page, 'mail settings read-only (zh-tw)');
  await snap(page, info, 'mail-settings-read-only-zh-tw');
});
