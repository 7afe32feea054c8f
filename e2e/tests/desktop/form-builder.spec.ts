import fs from 'node:fs';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  macaoPhone,
  publicSignUp,
} from '../../support/public-meetings.ts';
import { login, snap } from '../../support/session.ts';

/*
 * The registration form builder (issue 42): an organiser adds a single choice and a short text shown
 * on one of its answers, names them, watches the phone preview follow the draft, saves and finds the
 * form again after a reload; messages of a refused save land on their field; a field guests have
 * answered can only be retired. Screenshots for review go to /work/shots as well as e2e/screenshots.
 */

const SHOTS = '/work/shots';

interface SavedForm {
  version: number;
  answered_keys: string[];
  fields: {
    key: string;
    type: string;
    label: Record<string, string>;
    options: { value: string; label: Record<string, string> }[];
    show_if: { key: string; values: string[] } | null;
    retired: boolean;
  }[];
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

async function openBuilder(page: Page, name: string, label: string) {
  const row = await meetingRow(page, name);
  const action = await meetingAction(page, row, 'meeting-form-button');
  await expect(action).toHaveText(label);
  await action.click();
  const builder = page.getByTestId('form-builder');
  await expect(builder.getByTestId('form-own')).toBeVisible();
  return builder;
}

/** The open builder drawer for review, scrolled to its top: `/work/shots/<name>.png`. */
async function shot(page: Page, name: string) {
  const builder = page.getByTestId('form-builder');
  await builder.evaluate((element) => element.closest('.ant-drawer-body')?.scrollTo(0, 0));
  await page
    .getByRole('dialog')
    .filter({ has: builder })
    .screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Picks `label` in the antd Select `testId` (a short list: no search). */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });
  await option.click();
  await expect(page.getByTestId(testId)).toContainText(label);
}

/**
 * The preview frame once its sign-up page is up, recording every message it receives from our own
 * origin: what the builder sends, whether or not this build's sign-up page renders it yet.
 */
async function previewFrame(page: Page, lang: string): Promise<Frame> {
  const element = page.getByTestId('form-preview-frame');
  await expect(element).toHaveAttribute('src', new RegExp(`#/sign-up/[^?]+\\?preview=1&lang=${lang}$`));
  const frame = (await (await element.elementHandle())!.contentFrame())!;
  await expect(frame.getByTestId('page-title')).toBeVisible();
  await frame.evaluate(() => {
    const w = window as unknown as { previews: unknown[] };
    w.previews = [];
    window.addEventListener('message', (event) => {
      if (event.origin === window.location.origin) w.previews.push(event.data);
    });
  });
  return frame;
}

const lastPreview = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { previews: unknown[] }).previews.at(-1) ?? null);

test('an organiser adds a choice and a text shown on one answer; the preview follows; saved and found again', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `報名表 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });

  await login(page);
  const storedLanguage = await page.evaluate(() => localStorage.getItem('mf_lang'));
  const builder = await openBuilder(page, `${name}（繁）`, '報名表');
  await expect(builder.getByTestId('form-empty')).toHaveText('尚未加入自訂欄位：報名表只有上方的系統欄位。');
  await expect(builder.getByTestId('form-built-in-name')).toContainText('姓名');
  await expect(builder.getByTestId('form-built-in-contactPhone')).toContainText('聯絡人手機');
  await expectAccessible(page, 'form builder, no own fields (zh-tw)');
  await shot(page, 'builder-zh-tw-empty');

  // The preview is the sign-up page itself at a phone's width, in the interface's language.
  const frameBox = (await page.getByTestId('form-preview-frame').boundingBox())!;
  expect(Math.round(frameBox.width)).toBe(360);
  const frame = await previewFrame(page, 'zh-tw');
  expect(frame.url()).toContain(`#/sign-up/${meeting.public_id}?preview=1&lang=zh-tw`);

  // A single choice with two options, named in Traditional Chinese and English.
  await page.getByTestId('form-add-field').click();
  await page.getByTestId('form-add-choice').click();
  await expect(page.getByTestId('form-field-q1-label-zh-tw')).toBeFocused();
  await page.getByTestId('form-field-q1-label-zh-tw').fill('用餐安排');
  await page.getByTestId('form-field-q1-label-en').fill('Meal');
  await page.getByTestId('form-option-q1-o1-zh-tw').fill('素食');
  await page.getByTestId('form-option-q1-o1-en').fill('Vegetarian');
  await page.getByTestId('form-option-q1-o2-zh-tw').fill('一般');
  await page.getByTestId('form-option-q1-o2-en').fill('Regular');
  await expect(builder.getByTestId('form-field-q1-name')).toHaveText('用餐安排');
  await page.getByTestId('form-field-q1').screenshot({ path: `${SHOTS}/builder-zh-tw-choice.png` });

  // A short text, shown only when the meal is vegetarian.
  await page.getByTestId('form-add-field').click();
  await page.getByTestId('form-add-short_text').click();
  await page.getByTestId('form-field-q2-label-zh-tw').fill('飲食禁忌');
  await page.getByTestId('form-field-q2-label-en').fill('Dietary restrictions');
  await pick(page, 'form-field-q2-source', '1. 用餐安排');
  await page.getByTestId('form-field-q2-values').getByLabel('素食').check();
  await expect(page.getByTestId('form-unsaved')).toHaveText('有未儲存的修改');
  // The text may not go above the choice it depends on.
  await expect(page.getByTestId('form-field-q2-up')).toBeDisabled();

  // The preview gets the draft as it stands.
  await expect
    .poll(() => lastPreview(frame))
    .toMatchObject({
      type: 'meetflow:form-preview',
      fields: [
        {
          key: 'q1',
          type: 'choice',
          label: { 'zh-tw': '用餐安排', en: 'Meal' },
          options: [
            { value: 'o1', label: { 'zh-tw': '素食', en: 'Vegetarian' } },
            { value: 'o2', label: { 'zh-tw': '一般', en: 'Regular' } },
          ],
        },
        { key: 'q2', type: 'short_text', show_if: { key: 'q1', values: ['o1'] } },
      ],
    });
  // The phone page draws the draft: the choice, and the text once the visitor picks its answer.
  await expect(frame.getByTestId('form-preview-banner')).toBeVisible();
  await expect(frame.getByTestId('custom-fields').getByText('用餐安排')).toBeVisible();
  await expect(frame.getByTestId('custom-fields').getByText('飲食禁忌')).toHaveCount(0);
  await frame.getByRole('radio', { name: '素食' }).check();
  await expect(frame.getByTestId('custom-fields').getByText('飲食禁忌')).toBeVisible();
  await expect(frame.getByTestId('sign-up-submit')).toBeDisabled();
  // A page that says it is ready gets the draft at once.
  const before = await frame.evaluate(() => (window as unknown as { previews: unknown[] }).previews.length);
  await frame.evaluate(() => window.parent.postMessage({ type: 'meetflow:form-preview-ready' }, '*'));
  await expect
    .poll(() => frame.evaluate(() => (window as unknown as { previews: unknown[] }).previews.length))
    .toBe(before + 1);

  await page.mouse.move(0, 0);
  await expectAccessible(page, 'form builder (zh-tw)');
  await page
    .getByRole('dialog')
    .filter({ has: builder })
    .screenshot({ path: `${SHOTS}/builder-zh-tw.png` });
  await snap(page, info, 'form-builder-zh-tw');

  // Closing with unsaved changes asks first; keeping on editing loses nothing.
  await page.getByTestId('form-close').click();
  await expect(page.getByTestId('form-discard-confirm')).toBeVisible();
  await page.getByRole('button', { name: '繼續編輯' }).click();
  await expect(page.getByTestId('form-field-q2')).toBeVisible();

  // A message of a refused save lands on the field and place it names.
  let refused = false;
  await page.route(`**/api/meetings/${meeting.id}/form`, (route) => {
    if (route.request().method() !== 'PUT' || refused) return route.fallback();
    refused = true;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 40001,
        message: '輸入不合法',
        data: { fields: { 'fields.1.show_if.key': '條件只可依據前面的選擇題或是非題' } },
      }),
    });
  });
  await page.getByTestId('form-save').click();
  const sourceItem = page.locator('.ant-form-item', { has: page.getByTestId('form-field-q2-source') });
  await expect(sourceItem).toContainText('條件只可依據前面的選擇題或是非題');
  await expect(page.getByTestId('form-field-q2')).toHaveClass(/mf-form-field-error/);
  await sourceItem.scrollIntoViewIfNeeded();
  await page
    .getByRole('dialog')
    .filter({ has: builder })
    .screenshot({ path: `${SHOTS}/builder-zh-tw-error.png` });

  // Saved for real: the message goes, the form is stored with its version.
  await page.getByTestId('form-save').click();
  await expect(page.getByText('報名表已儲存')).toBeVisible();
  await expect(page.getByTestId('form-unsaved')).toHaveCount(0);
  await expect(sourceItem).not.toContainText('條件只可依據前面的選擇題或是非題');
  await page.getByTestId('form-field-q2-edit').click();
  await page.mouse.move(0, 0);
  await shot(page, 'builder-zh-tw-saved');
  const saved = await api.call<SavedForm>('GET', `/meetings/${meeting.id}/form`);
  expect(saved.version).toBe(1);
  expect(saved.fields).toMatchObject([
    { key: 'q1', type: 'choice', label: { 'zh-tw': '用餐安排', 'zh-cn': '', en: 'Meal' } },
    { key: 'q2', type: 'short_text', show_if: { key: 'q1', values: ['o1'] } },
  ]);

  // The preview in English: the page opens in it, and the back office keeps its own language.
  await page.getByTestId('form-preview-lang-en').click();
  const english = await previewFrame(page, 'en');
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.getByTestId('custom-fields').getByText('Meal', { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mf_lang'))).toBe(storedLanguage);

  // Someone else saved meanwhile: the builder says so and reloads their version.
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: saved.fields, version: 1 });
  await page.getByTestId('form-field-q1-edit').click();
  await page.getByTestId('form-field-q1-label-en').fill('Meals');
  await page.getByTestId('form-save').click();
  await page.getByTestId('form-conflict-reload').click();
  await expect(page.getByTestId('form-field-q1-label-en')).toHaveValue('Meal');
  await expect(page.getByTestId('form-unsaved')).toHaveCount(0);

  // After a reload, in the same interface language, the form is there as saved.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  const again = await openBuilder(page, `${name}（繁）`, '報名表');
  await expect(again.getByTestId('form-field-q1-name')).toHaveText('用餐安排');
  await expect(again.getByTestId('form-field-q2-name')).toHaveText('飲食禁忌');
  await expect(again.getByTestId('form-field-q2')).toContainText('有條件顯示');
});

test('a field guests have answered can only be retired, and is said so', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `Retired field ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const parking = {
    key: 'q1',
    type: 'yes_no',
    label: { 'zh-tw': '需要停車位？', 'zh-cn': '需要停车位？', en: 'Do you need parking?' },
  };
  const diet = {
    key: 'q2',
    type: 'short_text',
    label: { 'zh-tw': '飲食禁忌', 'zh-cn': '', en: 'Dietary restrictions' },
  };
  const arrival = {
    key: 'q3',
    type: 'date',
    label: { 'zh-tw': '抵達日期', 'zh-cn': '', en: 'Arrival date' },
  };
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: [parking, diet, arrival], version: 0 });
  await publicSignUp(request, meeting.public_id, {
    meeting_type: 'general',
    name: 'Chan Tai Man',
    gender: 'male',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email: `retired${suffix}@example.com`,
    institution: 'Kiang Wu Hospital',
    job_title: 'Doctor',
    contact_name: 'Desk',
    contact_number: '28000000',
    contact_phone: '66999999',
    answers: { q1: true },
  });

  await login(page, 'en');
  const builder = await openBuilder(page, `${name} (EN)`, 'Registration form');
  const answered = builder.getByTestId('form-field-q1');
  await expect(answered).toContainText('Has answers');
  await expect(builder.getByTestId('form-field-q1-answered-note')).toContainText(
    'its type cannot change and it cannot be removed, only retired',
  );
  await expect(builder.getByTestId('form-field-q1-remove')).toHaveCount(0);
  await expect(builder.getByTestId('form-field-q2-remove')).toBeVisible();

  // Moved from the keyboard, a field keeps the focus on the button that moved it, or on its Edit at an end.
  const names = builder.getByTestId(/^form-field-q\d+-name$/);
  await builder.getByTestId('form-field-q1-down').focus();
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Dietary restrictions', 'Do you need parking?', 'Arrival date']);
  await expect(builder.getByTestId('form-field-q1-down')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Dietary restrictions', 'Arrival date', 'Do you need parking?']);
  await expect(builder.getByTestId('form-field-q1-edit')).toBeFocused();
  await builder.getByTestId('form-field-q1-up').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Do you need parking?', 'Dietary restrictions', 'Arrival date']);
  await expect(page.getByTestId('form-unsaved')).toHaveCount(0);
  await builder.getByTestId('form-field-q1-edit').click();
  await expect(page.getByTestId('form-field-q1-type')).toHaveClass(/ant-select-disabled/);

  await builder.getByTestId('form-field-q1-retire').click();
  await expect(builder.getByTestId('form-field-q1-retired')).toHaveText('Retired');
  await expect(builder.getByTestId('form-field-q1-retired-note')).toContainText('new sign-ups no longer see');
  await expect(builder.getByTestId('form-field-q1-restore')).toBeVisible();

  await page.mouse.move(0, 0);
  await expectAccessible(page, 'form builder with a retired field (en)');
  await page
    .getByRole('dialog')
    .filter({ has: builder })
    .screenshot({ path: `${SHOTS}/builder-en.png` });
  await snap(page, info, 'form-builder-en');

  await page.getByTestId('form-save').click();
  await expect(page.getByText('The registration form was saved')).toBeVisible();
  const saved = await api.call<SavedForm>('GET', `/meetings/${meeting.id}/form`);
  expect(saved.answered_keys).toEqual(['q1']);
  expect(saved.fields.map((f) => [f.key, f.retired])).toEqual([
    ['q1', true],
    ['q2', false],
    ['q3', false],
  ]);

  // The field without answers goes, once confirmed.
  await builder.getByTestId('form-field-q2-remove').click();
  await page.getByTestId('form-remove-confirm').click();
  await expect(builder.getByTestId('form-field-q2')).toHaveCount(0);
  await expect(page.getByTestId('form-unsaved')).toHaveText('Unsaved changes');
});

test('the standard fields of a date-schedule meeting; door staff see the form and cannot change it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `Sessions form ${suffix}`;
  const { meeting, doctor } = await createDateScheduleMeeting(api, name);
  const diet = {
    key: 'q1',
    type: 'short_text',
    label: { 'zh-tw': '飲食禁忌', 'zh-cn': '', en: 'Dietary restrictions' },
    user_type_ids: [doctor],
  };
  await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: [diet], version: 0 });

  // A failed read says so and offers a retry.
  let failed = false;
  await page.route(`**/api/meetings/${meeting.id}/form`, (route) => {
    if (failed) return route.fallback();
    failed = true;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 50000, message: '伺服器錯誤', data: null }),
    });
  });
  await login(page);
  const row = await meetingRow(page, `${name}（繁）`);
  await (await meetingAction(page, row, 'meeting-form-button')).click();
  const builder = page.getByTestId('form-builder');
  await expect(builder.getByTestId('load-error')).toContainText('報名表載入失敗');
  await builder.getByTestId('load-error-retry').click();

  // The organiser: the date-schedule form's own fields, and the registration types by name.
  await expect(builder.getByTestId('form-own')).toBeVisible();
  await expect(builder.getByTestId('form-built-in-userType')).toContainText('報名類型');
  await expect(builder.getByTestId('form-built-in-sessions')).toContainText('選擇日程');
  await expect(builder.getByTestId('form-built-in-gender')).toHaveCount(0);
  await expect(builder.getByTestId('form-field-q1')).toContainText('限部分報名類型');
  await builder.getByTestId('form-field-q1-edit').click();
  await expect(page.getByTestId('form-field-q1-user-types')).toContainText('醫生');

  // Door staff of the meeting's organisation hold meeting:view only: the form, read-only.
  const { organization_id: organizationId } = await api.call<{ organization_id: number }>(
    'GET',
    `/meetings/${meeting.id}`,
  );
  const roles = await api.call<{ id: number; code: string | null }[]>('GET', '/roles');
  const account = `form_door_${suffix}`;
  const password = 'E2e-staff-pass-1';
  await api.call('POST', '/users', {
    account,
    name: account,
    role_id: roles.find((r) => r.code === 'door_staff')!.id,
    organization_id: organizationId,
    password,
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  const door = await context.newPage();
  await login(door, 'zh-tw', { account, password });
  const readOnly = await openBuilder(door, `${name}（繁）`, '報名表');
  await expect(readOnly.getByTestId('form-read-only')).toBeVisible();
  await expect(door.getByTestId('form-save')).toHaveCount(0);
  await expect(readOnly.getByTestId('form-add-field')).toHaveCount(0);
  await expect(readOnly.getByTestId('form-field-q1-retire')).toHaveCount(0);
  await expect(readOnly.getByTestId('form-field-q1-up')).toHaveCount(0);
  await readOnly.getByTestId('form-field-q1-edit').click();
  await expect(door.getByTestId('form-field-q1-label-zh-tw')).toBeDisabled();
  // Without the dictionary, the registration types are counted, not listed.
  await expect(readOnly.getByTestId('form-field-q1-conditions')).toContainText('目前限 1 個類型');
  await door.mouse.move(0, 0);
  await expectAccessible(door, 'form builder, read-only (zh-tw)');
  await context.close();
});
