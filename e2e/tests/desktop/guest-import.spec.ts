import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { createPublicMeeting, macaoPhone } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';
import { flowLanguages } from '../../support/languages.ts';

/*
 * An organiser imports guests from a spreadsheet: downloads the meeting's template, fills it (the
 * test writes it, with one header renamed as people do), uploads it, fixes the mapping, reads the
 * preview's errors, imports, and downloads the rows that were not written — in English (zh-tw too with E2E_EVERY_LANGUAGE=1).
 */

const TEXT = {
  'zh-tw': {
    title: '嘉賓列表',
    meeting: (name: string) => `${name}（繁）`,
    phone: '手機號碼',
    renamed: '流動電話',
    templateDownloaded: '已下載匯入範本',
    exportSuccess: '匯出成功',
    yes: '是',
    male: '男',
    area: '中國澳門 +853',
    reason: '原因',
    phoneInvalid: '手機號碼無效',
  },
  en: {
    title: 'Guests',
    meeting: (name: string) => `${name} (EN)`,
    phone: 'Phone',
    renamed: 'Cell',
    templateDownloaded: 'Import template downloaded',
    exportSuccess: 'Export Success',
    yes: 'Yes',
    male: 'Male',
    area: 'Macao +853',
    reason: 'Reason',
    phoneInvalid: 'Invalid phone',
  },
} as const;

async function download(page: Page, testId: string): Promise<ExcelJS.Workbook> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  return workbook;
}

/** SHOT_PHASE=before|after saves screenshots of the drawer's wording for a review (issue 39 item 7). */
const shotPhase = process.env.SHOT_PHASE;
const shot = async (page: Page, name: string) => {
  if (shotPhase) await page.screenshot({ path: `/work/shots/39-7-${shotPhase}-${name}.png` });
};

for (const lang of flowLanguages('en', 'zh-tw')) {
  test(`an organiser imports guests from the meeting's template (${lang})`, async ({
    page,
    request,
  }, info) => {
    const t = TEXT[lang];
    const name = `匯入 ${lang} ${String(Date.now()).slice(-6)}`;
    const api = await Api.login(request);
    await createPublicMeeting(api, { type: 'general', name });

    await login(page, lang);
    await page.goto('/#/meeting_management/guest');
    await chooseOption(page, 'guest-meeting', t.meeting(name));
    await page.getByTestId('guest-import').click();
    await expect(page.getByTestId('import-drawer')).toBeVisible();
    await expect(page.getByTestId('import-upload-step')).toBeVisible();
    await expectAccessible(page, `guest import, upload (${lang})`);

    // The template, in the organiser's language, is the file they fill; the page says it is the template.
    const template = await download(page, 'import-template');
    await expect(page.locator('.ant-message-success')).toBeVisible();
    await shot(page, `${lang}-1366-template`);
    await expect(page.getByText(t.templateDownloaded, { exact: true })).toBeVisible();
    await expect(page.getByText(t.exportSuccess, { exact: true })).toHaveCount(0);
    const sheet = template.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).slice(1).map((h) => h.replace(/ \*$/, ''));
    expect(headers).toContain(t.phone);
    const column = (header: string) => headers.indexOf(header) + 1;
    // People rename columns: the phone header becomes one the import does not know.
    sheet.getRow(1).getCell(column(t.phone)).value = t.renamed;
    const phones = [macaoPhone(), macaoPhone(), macaoPhone()];
    const rows: Record<string, string>[] = [
      { name: 'Chan Tai Man', phone: phones[0]!, email: 'chan.tai.man@example.com' },
      { name: 'Lam Ka Wai', phone: '123', email: 'lam.ka.wai@example.com' }, // an invalid phone
      { name: 'Wong Siu Ming', phone: phones[1]!, email: 'wong@example.com' },
      { name: 'Chan Again', phone: phones[0]!, email: 'again@example.com' }, // same phone as row 2
      { name: 'Ho Wai Kit', phone: phones[2]!, email: 'ho@example.com' },
    ];
    rows.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      const put = (index: number, value: string) => {
        if (index > 0) cells.getCell(index).value = value;
      };
      put(1, row.name!);
      put(2, t.male);
      put(3, t.yes);
      put(4, t.area);
      put(column(t.phone), row.phone!);
      put(6, row.email!);
      put(headers.length - 1, '28000000');
      put(headers.length, '66999999');
    });
    const filled = test.info().outputPath(`guests-${lang}.xlsx`);
    fs.writeFileSync(filled, Buffer.from(await template.xlsx.writeBuffer()));

    await page.getByTestId('import-upload').locator('input[type=file]').setInputFiles(filled);
    await expect(page.getByTestId('import-columns')).toBeVisible();
    // The renamed column is not recognised: the organiser maps it by hand.
    const phoneColumn = column(t.phone) - 1;
    await expect(page.getByTestId('import-map-missing')).toBeVisible();
    // Each column the template named is mapped to the field of that very name; the renamed one is
    // mapped by hand to the field its template header named.
    for (const [index, header] of headers.entries()) {
      if (index !== phoneColumn) await expect(page.getByTestId(`import-map-${index}`)).toHaveText(header);
    }
    await chooseOption(page, `import-map-${phoneColumn}`, t.phone);
    await expect(page.getByTestId('import-map-missing')).toBeHidden();
    await shot(page, `${lang}-1366-mapping`);
    await snap(page, info, `guest-import-columns-${lang}`);
    await expectAccessible(page, `guest import, columns (${lang})`);
    await page.getByTestId('import-next').click();

    // The preview: every row judged, nothing written yet.
    await expect(page.getByTestId('import-preview-counts')).toBeVisible();
    await expect(page.getByTestId('import-preview-counts-total')).toContainText('5');
    await expect(page.getByTestId('import-preview-counts-valid')).toContainText('3');
    await expect(page.getByTestId('import-preview-counts-invalid')).toContainText('1');
    await expect(page.getByTestId('import-preview-counts-duplicate_in_file')).toContainText('1');
    await expect(page.getByTestId('import-issues')).toContainText(t.phoneInvalid);
    // The pointer rests where "Next" was, now over "Start": judge the page as it shows unhovered.
    await page.mouse.move(0, 0);
    await snap(page, info, `guest-import-preview-${lang}`);
    await expectAccessible(page, `guest import, preview (${lang})`);

    await page.getByTestId('import-start').click();
    await page.getByTestId('import-start-confirm').click();
    await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('import-done-counts-created')).toContainText('3');
    // The invalid phone and the repeated one.
    await expect(page.getByTestId('import-done-counts-failed')).toContainText('2');
    await snap(page, info, `guest-import-done-${lang}`);

    // The rows not written come back with the file's columns and why.
    const failed = await download(page, 'import-failed-rows');
    const failedRows = failed.worksheets[0]!;
    const failedHeaders = (failedRows.getRow(1).values as string[]).slice(1);
    expect(failedHeaders.at(-1)).toBe(t.reason);
    expect(failedRows.getRow(2).getCell(1).value).toBe('Lam Ka Wai');
    expect(String(failedRows.getRow(2).getCell(failedHeaders.length).value)).toContain(t.phoneInvalid);

    // Closed, the guest list shows the new guests.
    await page.getByTestId('import-close').click();
    const table = page.getByTestId('guest-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await expect(table).toContainText('Ho Wai Kit');
  });
}
