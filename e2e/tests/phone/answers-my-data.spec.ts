import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { ANSWER_FORM, saveAnswerForm, signUpWithAnswers } from '../../support/form-answers.ts';
import {
  createPublicMeeting,
  expectNoHorizontalScroll,
  pickLanguage,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Issue 42 on a 360 px phone: the guest's "My data" page lists their answers to the meeting's own
 * form under each field's label in the page's language, a retired question marked as no longer asked.
 */

test("the guest's own data shows their answers under the form's labels, in the page's language", async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `我的答案 ${Date.now()}` });
  await saveAnswerForm(api, meeting.id);
  const token = await signUpWithAnswers(request, meeting.public_id, 'Ip Answers', {
    department: 'Cardiology Ward 7, Kiang Wu Hospital, Macao',
    specialty: 'medicine',
    old_question: 'Asked before',
  });
  // The question is retired after it was answered: its answer is still the guest's data.
  await saveAnswerForm(
    api,
    meeting.id,
    ANSWER_FORM.map((f) => (f.key === 'old_question' ? { ...f, retired: true } : f)),
  );

  // This phone holds the guest's token (as after the sign-up on it).
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: `mf_guest_${meeting.public_id}`,
    value: JSON.stringify(token),
  });
  await page.goto(`/#/enroll-info/${meeting.public_id}/my-data`);
  const answers = page.getByTestId('my-data-answers');
  await expect(answers).toContainText('報名表格的回答');
  await expect(answers.locator('dt')).toHaveText(['部門', '專科', '舊問題 （已不再詢問）']);
  await expect(answers.locator('dd')).toHaveText([
    'Cardiology Ward 7, Kiang Wu Hospital, Macao',
    '內科',
    'Asked before',
  ]);
  await expectNoHorizontalScroll(page);
  await answers.scrollIntoViewIfNeeded();
  await snap(page, info, 'my-data-answers-zh-tw');
  await expectAccessible(page, 'my data page with answers');

  await pickLanguage(page, 'en');
  await expect(answers).toContainText('Your answers to the form');
  await expect(answers.locator('dt')).toHaveText([
    'Department',
    'Specialty',
    'Old question (no longer asked)',
  ]);
  await expect(answers.locator('dd').nth(1)).toHaveText('Medicine');
  await expectNoHorizontalScroll(page);
  await snap(page, info, 'my-data-answers-en');
  await expectAccessible(page, 'my data page with answers (en)');
});
