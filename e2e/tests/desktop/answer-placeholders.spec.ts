import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { saveAnswerForm, signUpWithAnswers } from '../../support/form-answers.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/*
 * Issue 42 in the back office: the mail texts and the certificate template offer the meeting's own
 * fields as {answer.<key>} placeholders, named by their labels, and the previews fill them with the
 * guest's answers.
 */

test("the mail and certificate editors offer the meeting's own fields as placeholders", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `答案佔位符 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  await saveAnswerForm(api, meeting.id);
  await signUpWithAnswers(request, meeting.public_id, 'Lam Placeholder', {
    department: 'Neurology',
    specialty: 'surgery',
  });

  await login(page, 'en');
  await page.getByTestId('meeting-search-input').fill(`${name} (EN)`);
  await page.getByTestId('meeting-search-input').press('Enter');
  const row = page.getByTestId('meeting-table').locator('tr.mf-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await (await meetingAction(page, row, 'meeting-mail-button')).click();
  const drawer = page.getByTestId('mail-settings-drawer');
  await expect(drawer.getByTestId('mail-settings-form')).toBeVisible();

  const group = drawer.getByTestId('mail-answer-placeholders');
  await expect(group).toContainText("Insert the guest's answer");
  const department = group.getByTestId('mail-placeholder-answer.department');
  await expect(department).toHaveText('{answer.department}');
  await expect(department).toHaveAttribute('aria-label', '{answer.department} Department');
  // All three fields are still asked.
  await expect(group.getByRole('button')).toHaveCount(3);

  const subject = drawer.getByTestId('mail-subject-confirmation-en');
  await subject.fill('Welcome, ');
  await department.click();
  await expect(subject).toHaveValue('Welcome, {answer.department}');
  await subject.press('End');
  await subject.pressSequentially(' / ');
  await group.getByTestId('mail-placeholder-answer.specialty').click();
  await expect(subject).toHaveValue('Welcome, {answer.department} / {answer.specialty}');
  // The preview is the meeting's first guest: their answers, in the text's language.
  await expect(drawer.getByTestId('mail-preview').getByTestId('mail-preview-subject')).toHaveText(
    'Welcome, Neurology / Surgery',
  );
  await snap(page, info, 'mail-answer-placeholders-en');
  // The preview frame is the mail itself, checked by the mail's own tests.
  await expectAccessible(page, 'mail settings with answer placeholders', {
    exclude: '[data-testid="mail-preview-frame"]',
  });
  await page.keyboard.press('Escape');

  // The certificate template: the same fields under each block's text.
  await page.goto(`/#/meeting_management/certificates?meeting=${meeting.id}`);
  await page.getByRole('tab', { name: 'Template', exact: true }).click();
  const block = page.getByTestId('certificate-block-0-text');
  await block.fill('Dept ');
  await page.getByTestId('certificate-block-0-placeholder-answer.department').click();
  await expect(block).toHaveValue('Dept {answer.department}');
  await expect(page.getByTestId('certificate-block-0-placeholder-answer.department')).toHaveAttribute(
    'aria-label',
    '{answer.department} Department',
  );
  // Without a guest chosen, the preview shows each field's label in brackets.
  await page.getByTestId('certificate-preview-run').click();
  await expect(page.getByTestId('certificate-preview')).toHaveAttribute('aria-busy', 'false');
  // Off the button just clicked: its hover colour is not what the page shows.
  await page.mouse.move(0, 0);
  await snap(page, info, 'certificate-answer-placeholders-en');
  await expectAccessible(page, 'certificate template with answer placeholders');
});
