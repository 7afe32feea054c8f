import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { PORT } from '../../support/constants.ts';
import { linkIn, waitForMail } from '../../support/mail.ts';
import { pdfPages } from '../../support/pdf.ts';
import {
  createPublicMeeting,
  endMeetingNow,
  expectNoHorizontalScroll,
  macaoPhone,
  pickLanguage,
  type Lang,
} from '../../support/public-meetings.ts';
import { snap } from '../../support/session.ts';

/*
 * Issue 43 on a 360 px phone: a guest who attended is invited by mail to the meeting's evaluation,
 * opens the link on a device that does not know them (the look-up first), answers in Simplified
 * Chinese — a rating and a choice — and downloads the certificate the answers unlocked.
 */

const text = (zhTw: string, zhCn: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });
const points = [
  text('很差', '很差', 'Poor'),
  text('一般', '一般', 'Fair'),
  text('好', '好', 'Good'),
  text('很好', '很好', 'Very good'),
  text('極好', '极好', 'Excellent'),
].map((label, index) => ({ value: `p${index + 1}`, label }));

function evaluationBody(state: 'open' | 'closed', version: number) {
  return {
    scope_id: 0,
    title: text('會議評估', '会议评估', 'Meeting evaluation'),
    intro: text(
      '請花一分鐘告訴我們您的意見。',
      '请花一分钟告诉我们您的意见。',
      'One minute of your view, please.',
    ),
    anonymous: true,
    pass_mark: null,
    state,
    remind_after_days: 3,
    closes_on: null,
    version,
    fields: [
      {
        key: 'overall',
        type: 'rating',
        label: text('整體評分', '整体评分', 'Overall'),
        options: points,
        required: true,
      },
      {
        key: 'useful',
        type: 'choice',
        label: text('內容對您的工作有用嗎？', '内容对您的工作有用吗？', 'Was it useful for your work?'),
        options: [
          { value: 'very', label: text('非常有用', '非常有用', 'Very useful') },
          { value: 'some', label: text('有些用', '有些用', 'Somewhat') },
          { value: 'not', label: text('沒有用', '没有用', 'Not useful') },
        ],
        required: true,
      },
      { key: 'comment', type: 'long_text', label: text('其他意見', '其他意见', 'Other comments') },
    ],
  };
}

async function shot(page: Page, info: Parameters<typeof snap>[1], name: string, lang?: Lang) {
  if (lang) await pickLanguage(page, lang);
  await expectNoHorizontalScroll(page);
  await snap(page, info, `evaluation-${name}${lang ? `-${lang}` : ''}`);
}

async function lookUp(page: Page, phone: string) {
  await page.getByTestId('field-area_code').selectOption('853');
  await page.getByTestId('field-phone').fill(phone);
  await page.getByTestId('check-in-submit').click();
}

test('a guest who attended is invited, answers in zh-cn and downloads the unlocked certificate', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `評估 ${Date.now()}`,
    runningNow: true,
  });
  const phone = macaoPhone();
  const email = `evaluation-${phone}@example.com`;
  const signUp = await request.post(`/api/public/meetings/${meeting.public_id}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name: '林評估',
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone,
      email,
      contact_number: '28000000',
      contact_phone: '66000000',
    },
  });
  const guestCode = ((await signUp.json()) as { data: { guest: { guest_code: string } } }).data.guest
    .guest_code;

  // The rule: present at the meeting and its evaluation completed; guests download their own.
  const settings = await api.call<{ template: object }>(
    'GET',
    `/meetings/${meeting.id}/certificate-settings`,
  );
  await api.call('PUT', `/meetings/${meeting.id}/certificate-settings`, {
    rule: { meeting_credits: 3, meeting_evaluation_required: true },
    template: settings.template,
    guest_download: true,
  });
  const evaluation = await api.call<{ id: number; version: number }>(
    'POST',
    `/meetings/${meeting.id}/evaluations`,
    evaluationBody('open', 0),
  );

  // Before the meeting: the guest page lists no evaluation (the section is hidden).
  await page.goto(`/#/check-in/${meeting.public_id}`);
  await lookUp(page, phone);
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId('guest-name')).toHaveText('林評估');
  await expect(page.getByTestId('certificate-not-earned')).toBeVisible();
  await expect(page.getByTestId('guest-evaluations')).toHaveCount(0);
  await shot(page, info, 'guest-page-empty', 'en');

  // At the door: in, then out; then the meeting ends, and the invitations go out.
  for (const direction of ['in', 'out'] as const)
    await api.call('POST', '/attendance/scans', {
      meeting_id: meeting.id,
      schedule_id: null,
      guest_code: guestCode,
      direction,
      station: 'Gate A',
      nonce: randomUUID(),
    });
  await endMeetingNow(api, meeting.id);
  const invitation = await waitForMail(email, (mail) => (mail.text ?? '').includes('/evaluations/'), {
    timeout: 90_000,
  });
  const link = linkIn(invitation, `http://127.0.0.1:${PORT}/#/enroll-info/`);
  expect(link).toContain(`/#/enroll-info/${meeting.public_id}/evaluations/${evaluation.id}`);

  // Another device, which does not know the guest: the look-up first, then back to the evaluation.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`#/check-in/${meeting.public_id}`));
  await pickLanguage(page, 'zh-cn');
  await lookUp(page, phone);
  const evaluationUrl = new RegExp(`#/enroll-info/${meeting.public_id}/evaluations/${evaluation.id}$`);
  await expect(page).toHaveURL(evaluationUrl);
  await expect(page.getByTestId('evaluation-title')).toHaveText('会议评估');
  await expect(page.getByTestId('evaluation-anonymity')).toContainText('匿名');
  await shot(page, info, 'form', 'zh-cn');
  await expectAccessible(page, 'evaluation form');

  // Closed by the organiser, it says so; opened again, it asks again.
  const closed = await api.call<{ version: number }>(
    'PUT',
    `/evaluations/${evaluation.id}`,
    evaluationBody('closed', evaluation.version),
  );
  await page.reload();
  await expect(page.getByTestId('evaluation-closed')).toContainText('此问卷已截止');
  await shot(page, info, 'closed', 'zh-cn');
  await expectAccessible(page, 'evaluation closed');
  await api.call('PUT', `/evaluations/${evaluation.id}`, evaluationBody('open', closed.version));
  await page.reload();
  await expect(page.getByTestId('evaluation-title')).toHaveText('会议评估');

  // The guest page lists it, and its certificate block waits for it.
  await page.getByTestId('evaluation-back').click();
  await expect(page.getByTestId(`evaluation-status-${evaluation.id}`)).toHaveText('待填写');
  await expect(page.getByTestId('certificate-awaiting-evaluation')).toHaveText(
    '完成评估问卷即可解锁您的证书。',
  );
  await expect(page.getByTestId('certificate-download')).toHaveCount(0);
  await expectAccessible(page, 'guest page with an evaluation to answer');
  for (const lang of ['zh-tw', 'en', 'zh-cn'] as const) await shot(page, info, 'guest-page', lang);
  await expect(page.getByTestId('certificate-awaiting-evaluation')).toContainText('解锁');
  await page.getByTestId('certificate-evaluation-link').click();
  await expect(page).toHaveURL(evaluationUrl);
  await shot(page, info, 'form', 'en');
  await expect(page.getByTestId('evaluation-anonymity')).toContainText('anonymous');
  await shot(page, info, 'form', 'zh-tw');
  await pickLanguage(page, 'zh-cn');

  // Nothing answered: each required question says so, in Simplified Chinese, and nothing is sent.
  await page.getByTestId('evaluation-submit').click();
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-answers.overall')).toHaveText('「整体评分」：此字段必填');
  await expect(page.getByTestId('error-answers.useful')).toHaveText('「内容对您的工作有用吗？」：此字段必填');
  await shot(page, info, 'errors', 'zh-cn');
  await expectAccessible(page, 'evaluation form with errors');

  // Keyboard only: the rating's points are one radio group the arrow keys move along.
  await page.getByTestId('field-answers.overall-1').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('field-answers.overall-4')).toBeChecked();
  await expect(page.getByTestId('error-answers.overall')).toHaveCount(0);
  await page.getByTestId('field-answers.useful-very').check();

  // A dropped connection keeps the answers to send again.
  await page.route('**/api/public/evaluations/*/answers', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('evaluation-submit').click();
  await expect(page.getByTestId('form-notice')).toContainText('未能提交答案');
  await shot(page, info, 'network-error');
  await page.unroute('**/api/public/evaluations/*/answers');

  await page.getByTestId('evaluation-submit').click();
  await expect(page.getByTestId('evaluation-result')).toContainText('谢谢您的反馈');
  await expect(page.getByTestId('evaluation-certificate')).toContainText('您的证书已解锁');
  await shot(page, info, 'done', 'zh-cn');
  await expectAccessible(page, 'evaluation answered');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('certificate-download').click(),
  ]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [pdfText] = await pdfPages(bytes);
  expect(pdfText).toContain('林評估');

  // The guest page: the evaluation is done, the certificate downloadable there too.
  await page.getByTestId('evaluation-back').click();
  await expect(page).toHaveURL(new RegExp(`#/enroll-info/${meeting.public_id}$`));
  await expect(page.getByTestId(`evaluation-status-${evaluation.id}`)).toHaveText('✓ 已完成');
  await expect(page.getByTestId('certificate-download')).toBeVisible();
  await shot(page, info, 'guest-page-done', 'zh-cn');
  await expectAccessible(page, 'guest page with the evaluation completed');

  // Opened again: completed, nothing to answer twice; an unknown one is not found.
  await page.goto(`/#/enroll-info/${meeting.public_id}/evaluations/${evaluation.id}`);
  await expect(page.getByTestId('evaluation-completed')).toBeVisible();
  await shot(page, info, 'completed', 'en');
  await expectAccessible(page, 'evaluation completed');
  await page.goto(`/#/enroll-info/${meeting.public_id}/evaluations/2147483647`);
  await expect(page.getByTestId('evaluation-notFound')).toBeVisible();
  await shot(page, info, 'not-found', 'en');
  await expectAccessible(page, 'evaluation not found');
});
