import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { seedCmeRecord, signUpCmeGuest } from '../../support/cme.ts';
import { pdfPages } from '../../support/pdf.ts';
import { login, pageTitle, snap, switchLanguage } from '../../support/session.ts';

/*
 * Issue 43 in the back office: an organiser links the guests of two meetings into people, opens a
 * doctor's record, downloads the transcript, splits a meeting off and merges it back, then saves
 * the yearly return's columns and downloads the return.
 */

/** Waits for the download a click starts and answers its bytes. */
async function downloadOf(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  await expect(page.getByTestId(testId)).not.toHaveClass(/ant-btn-loading/);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

test('an organiser links guests, reads and downloads a transcript, and downloads the yearly return', async ({
  page,
  request,
}, info) => {
  // Two meetings seeded, two downloads and three languages on a shared machine.
  test.setTimeout(150_000);
  const api = await Api.login(request);
  const seed = await seedCmeRecord(api, request, 'desk');

  await login(page);
  await page.goto(`/#/meeting_management/cme-records?organization=${seed.organizationId}`);
  await expect(pageTitle(page)).toHaveText('CME 學分記錄');
  // Opening the list links the guests: the doctor came to both meetings, the colleague to the first.
  const table = page.getByTestId('cme-people-table');
  const doctorRow = table.getByRole('row', { name: seed.doctor.name });
  const colleagueRow = table.getByRole('row', { name: seed.colleague.name });
  await expect(doctorRow).toContainText(seed.doctor.email);
  await expect(doctorRow.getByRole('cell').nth(3)).toHaveText('2');
  await expect(doctorRow.getByRole('cell').nth(4)).toHaveText(String(seed.doctorCredits));
  await expect(colleagueRow.getByRole('cell').nth(3)).toHaveText('1');

  // The colleague signs up to the second meeting too: "Link guests" links that guest to them.
  await signUpCmeGuest(request, seed.meetings[1]!.public_id, seed.colleague.name, seed.colleague.email);
  await page.getByTestId('cme-link').click();
  await expect(page.getByTestId('cme-link-result')).toHaveText('已連結 1 位嘉賓，新增 0 人');
  await expect(colleagueRow.getByRole('cell').nth(3)).toHaveText('2');
  await page.mouse.move(0, 0);
  await snap(page, info, 'cme-people-zh-tw');
  await expectAccessible(page, 'CME people list');

  // The doctor's record: both meetings with their certificate codes, and the transcript as PDF.
  await doctorRow.getByRole('button', { name: `查看: ${seed.doctor.name}` }).click();
  const drawer = page.getByTestId('cme-person-drawer');
  await expect(drawer.getByTestId('cme-entries-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(drawer.getByTestId('cme-person-credits')).toHaveText(String(seed.doctorCredits));
  await expect(drawer.getByTestId('cme-entries-table')).toContainText(/[0-9A-Z]{4}-[0-9A-Z]{4}-/);
  const transcript = await downloadOf(page, 'cme-transcript-download');
  expect(transcript.name).toMatch(/\.pdf$/);
  expect(transcript.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [text] = await pdfPages(transcript.bytes);
  expect(text).toContain(seed.doctor.name);
  await page.mouse.move(0, 0);
  await snap(page, info, 'cme-person-zh-tw');
  await expectAccessible(page, 'CME person drawer');

  // A split of the second meeting makes a new person; merging the doctor back restores the record.
  const second = `${seed.meetings[1]!.name}（繁）`;
  await drawer.getByRole('checkbox', { name: `選擇此記錄: ${second}` }).check();
  await drawer.getByTestId('cme-split').click();
  await page.getByTestId('cme-split-confirm').click();
  await expect(drawer.getByTestId('cme-entries-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(drawer.getByTestId('cme-entries-table')).toContainText(second);
  await drawer.getByTestId('cme-merge').click();
  await page.getByTestId('cme-merge-search').click();
  await page.getByTestId('cme-merge-search').locator('input').fill(seed.doctor.email);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: seed.doctor.email })
    .click();
  await expect(page.getByTestId('cme-merge-warning')).toContainText(seed.doctor.email);
  await expectAccessible(page, 'CME merge dialog');
  await page.getByTestId('cme-merge-confirm').click();
  await expect(drawer.getByTestId('cme-entries-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(drawer.getByTestId('cme-person-credits')).toHaveText(String(seed.doctorCredits));
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The yearly return, in English: e-mail left out, credits before the dates, saved and downloaded.
  await switchLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Yearly return' }).click();
  await page.getByTestId('cme-column-email-check').click();
  await page.getByTestId('cme-column-credits-up').click();
  await page.getByTestId('cme-return-save').click();
  await expect(page.getByText('Columns saved')).toBeVisible();
  const wanted = ['name', 'licence_number', 'meeting', 'credits', 'dates', 'certificate_code'];
  expect(
    (await api.call<{ columns: string[] }>('GET', `/organizations/${seed.organizationId}/cme/return-columns`))
      .columns,
  ).toEqual(wanted);
  const xlsx = await downloadOf(page, 'cme-return-download');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect([...xlsx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows = sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => JSON.stringify(row));
  expect(rows.filter((row) => row.includes(seed.doctor.name))).toHaveLength(2);
  expect(rows.some((row) => row.includes(seed.doctor.email))).toBe(false);
  await page.mouse.move(0, 0);
  await snap(page, info, 'cme-return-en');
  await expectAccessible(page, 'CME yearly return (en)');

  // The order survives a reload; the page in the third language.
  await page.reload();
  await switchLanguage(page, 'zh-cn');
  await expect(page.getByTestId('cme-return-columns').locator('li').nth(3)).toContainText('学分');
  await page.mouse.move(0, 0);
  await snap(page, info, 'cme-return-zh-cn');
  await page.getByRole('tab', { name: '医生记录' }).click();
  await snap(page, info, 'cme-people-zh-cn');
  await expectAccessible(page, 'CME people list (zh-cn)');
});
