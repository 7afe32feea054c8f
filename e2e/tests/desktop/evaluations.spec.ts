import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  answerEvaluation,
  createOpenEvaluation,
  scanIn,
  signUpWithToken,
} from '../../support/evaluations.ts';
import { importGuests } from '../../support/door.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * CME evaluations in the back office (issue 43): an organiser reaches a meeting's evaluations from
 * its row, builds one with a rating and a quiz question, saves it and finds it again; the report of
 * an answered evaluation shows the counts, a chart per question, the texts and who has not answered.
 * Screenshots for review go to E2E_SHOTS (when set) as well as e2e/screenshots.
 */

const SHOTS = process.env.E2E_SHOTS;

/** The page at desktop width, tall enough to show the whole builder or report (the content scrolls inside). */
async function shot(page: Page, info: Parameters<typeof snap>[1], name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2000 });
  await page.mouse.move(0, 0);
  await snap(page, info, name);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
  await page.setViewportSize(size);
}

/** axe over the page with the pointer out of the way (a hovered button is painted lighter). */
async function accessible(page: Page, state: string) {
  await page.mouse.move(0, 0);
  await expectAccessible(page, state);
}

const saved = (page: Page, text: string) => expect(page.locator('.ant-message')).toContainText(text);

test('an organiser builds an evaluation with a rating and a quiz question and opens it again', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const api = await Api.login(request);
  const name = `Evaluated ${Date.now()}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name, runningNow: true });

  await login(page);
  await page.goto('/#/meeting_management/meeting');
  await page.getByTestId('meeting-search-input').fill(name);
  await page.getByTestId('meeting-search-input').press('Enter');
  const row = page.getByTestId('meeting-table').locator('tr.mf-table-row', { hasText: name });
  await (await meetingAction(page, row, 'meeting-evaluations-button')).click();
  await expect(page.getByTestId('evaluation-empty')).toBeVisible();
  await accessible(page, 'evaluation list, empty');

  await page.getByTestId('evaluation-add').click();
  await expect(page.getByTestId('evaluation-scope-0')).toBeVisible();
  await page.getByTestId('evaluation-add-confirm').click();
  const builder = page.getByTestId('evaluation-builder');
  await expect(builder.getByTestId('evaluation-no-questions')).toBeVisible();
  expect(page.url()).toContain(`meeting=${meeting.id}`);

  await page.getByTestId('evaluation-title-zh-tw').fill('第十屆年會課後評估');
  // A rating starts with five labelled points.
  await page.getByTestId('evaluation-add-question').click();
  await page.getByTestId('evaluation-add-rating').click();
  await page.getByTestId('evaluation-question-q1-label-zh-tw').fill('整體評價');
  await expect(page.getByTestId('evaluation-option-q1-o1-zh-tw')).toHaveValue('很差');
  await expect(page.getByTestId('evaluation-option-q1-o5-en')).toHaveValue('Very good');
  // A single choice with its right answer: the quiz.
  await page.getByTestId('evaluation-add-question').click();
  await page.getByTestId('evaluation-add-choice').click();
  await page.getByTestId('evaluation-question-q2-label-zh-tw').fill('糖尿病首選藥物？');
  await page.getByTestId('evaluation-option-q2-o1-zh-tw').fill('胰島素');
  await page.getByTestId('evaluation-option-q2-o2-correct').check();
  await page.getByTestId('evaluation-pass-mark').fill('100');
  await expect(page.getByTestId('evaluation-unsaved')).toBeVisible();

  // The second option has no name: the save is refused and the message sits on that box.
  await page.getByTestId('evaluation-save').click();
  const unnamed = page.getByTestId('evaluation-option-q2-o2-zh-tw');
  await expect(unnamed).toHaveClass(/ant-input-status-error/);
  await unnamed.fill('二甲雙胍');
  await expect(unnamed).not.toHaveClass(/ant-input-status-error/);
  await page.getByTestId('evaluation-save').click();
  await saved(page, '評估已儲存');
  await expect(page.getByTestId('evaluation-unsaved')).toHaveCount(0);
  await accessible(page, 'evaluation builder');
  await shot(page, info, 'evaluation-builder-zh-tw');

  // Back in the list, then opened again after a reload: the questions and the right answer stayed.
  await page.getByTestId('evaluation-back').click();
  const listed = page.getByTestId('evaluation-table').locator('tr.ant-table-row');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('第十屆年會課後評估');
  await expect(listed).toContainText('草稿');
  await accessible(page, 'evaluation list');
  await listed.getByRole('button', { name: '編輯' }).click();
  await page.reload();
  await expect(page.getByTestId('evaluation-question-q1-name')).toHaveText('整體評價');
  await page.getByTestId('evaluation-question-q2-edit').click();
  await expect(page.getByTestId('evaluation-option-q2-o2-correct')).toBeChecked();
  await expect(page.getByTestId('evaluation-pass-mark')).toHaveValue('100');

  // An edit left unsaved is not lost by a slip: leaving asks first.
  await page.getByTestId('evaluation-title-en').fill('Tenth congress evaluation');
  await page.getByTestId('evaluation-back').click();
  await expect(page.getByTestId('evaluation-discard-confirm')).toBeVisible();
  await page.getByRole('button', { name: '繼續編輯' }).click();
  await expect(page.getByTestId('evaluation-title-en')).toHaveValue('Tenth congress evaluation');

  for (const lang of ['zh-cn', 'en'] as const) {
    await switchLanguage(page, lang);
    await page.getByTestId('evaluation-question-q1-edit').click();
    await shot(page, info, `evaluation-builder-${lang}`);
    await page.getByTestId('evaluation-question-q1-edit').click();
  }
  await accessible(page, 'evaluation builder in English');
});

test('the report of an answered evaluation shows its counts, charts, texts and non-responders', async ({
  page,
  request,
}, info) => {
  test.setTimeout(150_000);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, {
    type: 'general',
    name: `Reported ${Date.now()}`,
    runningNow: true,
  });
  const evaluation = await createOpenEvaluation(api, meeting.id);
  // More who came and will not answer than one page of the list holds (20), listed first.
  const silent = await importGuests(api, meeting.id, 21, 'Silent Guest');
  await Promise.all(silent.map((guest) => scanIn(api, meeting.id, guest.code)));
  const guests = [];
  for (const name of ['Report Guest A', 'Report Guest B', 'Report Guest C']) {
    const guest = await signUpWithToken(request, meeting.public_id, name);
    await scanIn(api, meeting.id, guest.code);
    guests.push(guest);
  }
  await answerEvaluation(request, guests[0]!.token, evaluation.id, { q1: 5, q2: 'o2', q3: '講者非常好' });
  await answerEvaluation(request, guests[1]!.token, evaluation.id, { q1: 4, q2: 'o1' });

  await login(page);
  await page.goto(
    `/#/meeting_management/evaluations?meeting=${meeting.id}&evaluation=${evaluation.id}&view=report`,
  );
  const report = page.getByTestId('evaluation-report');
  await expect(report.getByTestId('evaluation-rate')).toContainText('8%');
  await expect(report.getByTestId('evaluation-report-q1-average')).toContainText('4.5');
  await expect(report.getByTestId('evaluation-report-q2-right')).toContainText('1 / 2');
  await expect(report.getByTestId('evaluation-chart-q1').locator('canvas')).toBeVisible();
  await expect(report.getByTestId('evaluation-report-q3')).toContainText('講者非常好');
  // The 22 who have not answered, a page at a time from the server.
  const nonResponders = page.getByTestId('evaluation-non-responders');
  const waiting = nonResponders.locator('tr.ant-table-row');
  await expect(nonResponders.getByRole('heading')).toHaveText('尚未填寫（22）');
  await expect(waiting).toHaveCount(20);
  await expect(waiting.filter({ hasText: 'Report Guest C' })).toHaveCount(0);
  await nonResponders.locator('.ant-pagination-item-2').click();
  await expect(waiting).toHaveCount(2);
  await expect(waiting).toContainText(['Silent Guest', 'Report Guest C']);
  await accessible(page, 'evaluation report');
  await shot(page, info, 'evaluation-report-zh-tw');

  // The reminder goes to all who have not answered, on every page.
  await page.getByTestId('evaluation-remind').click();
  await page.getByTestId('evaluation-remind-confirm').click();
  await saved(page, '已排入 22 封提醒電郵');

  for (const lang of ['zh-cn', 'en'] as const) {
    await switchLanguage(page, lang);
    await expect(report.getByTestId('evaluation-report-q1')).toContainText(
      lang === 'en' ? 'Overall rating' : '整體評價',
    );
    await shot(page, info, `evaluation-report-${lang}`);
  }
  await expect(report).toContainText('Response rate');
  await accessible(page, 'evaluation report in English');

  // The certificate's rule asks for the meeting's evaluation, and leads to it.
  await page.goto(`/#/meeting_management/certificates?meeting=${meeting.id}&tab=rule`);
  await page.getByTestId('certificate-meeting-evaluation').click();
  await page.getByTestId('certificate-rule-save').click();
  await saved(page, 'Saved');
  const settings = await api.call<{ rule: { meeting_evaluation_required: boolean } }>(
    'GET',
    `/meetings/${meeting.id}/certificate-settings`,
  );
  expect(settings.rule.meeting_evaluation_required).toBe(true);
  await accessible(page, 'certificate rule with the evaluation switches');
  await page.getByTestId('certificate-evaluations-link').click();
  await expect(page.getByTestId('evaluation-table').locator('tr.ant-table-row')).toContainText(
    'Congress evaluation',
  );
});
