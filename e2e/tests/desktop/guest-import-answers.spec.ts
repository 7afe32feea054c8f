import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, macaoPhone } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';
import { flowLanguages } from '../../support/languages.ts';

/*
 * A meeting's own questions (issue 42) in the guest import: the organiser downloads the template,
 * which carries a column per question with its drop-down, fills in answers (a choice named in the
 * other language, several topics, yes), sees the column mapped to the question, the preview refuse
 * a row whose choice is not one of the options naming the question, and the answers stored.
 */

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, en) });
const FORM = [
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', 'Specialty'),
    required: true,
    options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('主題', 'Topics'),
    options: [option('cardio', '心臟', 'Cardiology'), option('neuro', '神經', 'Neurology')],
  },
  { key: 'accompanied', type: 'yes_no', label: tri('有同行者', 'Accompanied'), required: true },
];

const TEXT = {
  'zh-tw': {
    meeting: (name: string) => `${name}（繁）`,
    specialty: '專科',
    topics: '主題',
    accompanied: '有同行者',
    lists: '選項',
    instructions: '填寫說明',
    // The choice named in the other language, the topics by their labels, separated by '；'.
    answers: ['Surgery', '心臟；神經', '是'],
    badChoice: '「專科」：選項不正確',
  },
  en: {
    meeting: (name: string) => `${name} (EN)`,
    specialty: 'Specialty',
    topics: 'Topics',
    accompanied: 'Accompanied',
    lists: 'Lists',
    instructions: 'Instructions',
    answers: ['外科', 'Cardiology; Neurology', 'Yes'],
    badChoice: 'Specialty is not one of the choices',
  },
} as const;

async function download(page: Page, testId: string): Promise<ExcelJS.Workbook> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  return workbook;
}

/** A guest's stored answers, read from the test server's own database (the guest list shows names only). */
function storedAnswers(meetingId: number, name: string): unknown {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, 'meetflow.sqlite'), { readOnly: true });
  try {
    const row = db
      .prepare('select answers from guests where meeting_id = ? and name = ?')
      .get(meetingId, name) as { answers: string } | undefined;
    return row && (JSON.parse(row.answers) as unknown);
  } finally {
    db.close();
  }
}

for (const lang of flowLanguages('zh-tw', 'en')) {
  test(`an organiser imports answers to the meeting's own questions (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = TEXT[lang];
    const name = `問題 ${lang} ${String(Date.now()).slice(-6)}`;
    const api = await Api.login(request);
    const meeting = await createPublicMeeting(api, { type: 'general', name });
    await api.call('PUT', `/meetings/${meeting.id}/form`, { fields: FORM, version: 0 });

    await login(page, lang);
    await page.goto('/#/meeting_management/guest');
    await chooseOption(page, 'guest-meeting', t.meeting(name));
    await page.getByTestId('guest-import').click();
    await expect(page.getByTestId('import-upload-step')).toBeVisible();

    // The template: a column per question after the form's, a drop-down on the choices, the instructions.
    const template = await download(page, 'import-template');
    expect(template.worksheets.map((sheet) => sheet.name)).toEqual([
      template.worksheets[0]!.name,
      t.instructions,
      t.lists,
    ]);
    const sheet = template.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers.slice(-3)).toEqual([`${t.specialty} *`, t.topics, `${t.accompanied} *`]);
    const own = headers.length - 3;
    const dropDown = sheet.getCell(2, own + 1).dataValidation;
    expect(dropDown.type).toBe('list');
    expect(dropDown.formulae?.[0]).toContain(t.lists);

    // Two guests: one with answers, one whose specialty is not one of the choices.
    const builtIn = [
      'Chan Tai Man',
      '男',
      '是',
      '853',
      '',
      'chan@example.com',
      '',
      '',
      '',
      '28000000',
      '66999999',
    ];
    const guests = [
      { name: `Answered ${lang}`, phone: macaoPhone(), own: t.answers },
      { name: `Dentist ${lang}`, phone: macaoPhone(), own: ['Dentistry', '', t.answers[2]] },
    ];
    guests.forEach((guest, i) => {
      const cells = [guest.name, ...builtIn.slice(1, 4), guest.phone, ...builtIn.slice(5), ...guest.own];
      cells.forEach((value, column) => {
        if (value) sheet.getRow(i + 2).getCell(column + 1).value = value;
      });
    });
    const filled = test.info().outputPath(`answers-${lang}.xlsx`);
    fs.writeFileSync(filled, Buffer.from(await template.xlsx.writeBuffer()));

    await page.getByTestId('import-upload').locator('input[type=file]').setInputFiles(filled);
    await expect(page.getByTestId('import-columns')).toBeVisible();
    // Each question's column is mapped to the question of that name; nothing required is missing.
    await expect(page.getByTestId(`import-map-${own}`)).toHaveText(t.specialty);
    await expect(page.getByTestId(`import-map-${own + 1}`)).toHaveText(t.topics);
    await expect(page.getByTestId(`import-map-${own + 2}`)).toHaveText(t.accompanied);
    await expect(page.getByTestId('import-map-own-missing')).toBeHidden();
    await snap(page, info, `guest-import-answers-columns-${lang}`);
    await expectAccessible(page, `guest import of answers, columns (${lang})`);

    await page.getByTestId('import-next').click();
    await expect(page.getByTestId('import-preview-counts-valid')).toContainText('1');
    await expect(page.getByTestId('import-preview-counts-invalid')).toContainText('1');
    const issue = page.getByTestId('import-issues').locator('tbody tr.ant-table-row');
    await expect(issue).toHaveCount(1);
    await expect(issue).toContainText('3');
    await expect(issue).toContainText(t.specialty);
    await expect(issue).toContainText(t.badChoice);
    await page.mouse.move(0, 0);
    await snap(page, info, `guest-import-answers-preview-${lang}`);
    await expectAccessible(page, `guest import of answers, preview (${lang})`);

    await page.getByTestId('import-start').click();
    await page.getByTestId('import-start-confirm').click();
    await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('import-done-counts-created')).toContainText('1');
    await expect(page.getByTestId('import-done-counts-failed')).toContainText('1');
    await expectAccessible(page, `guest import of answers, done (${lang})`);

    await page.getByTestId('import-close').click();
    await expect(page.getByTestId('guest-table')).toContainText(guests[0]!.name);
    expect(storedAnswers(meeting.id, guests[0]!.name)).toEqual({
      specialty: 'surgery',
      topics: ['cardio', 'neuro'],
      accompanied: true,
    });
  });
}
