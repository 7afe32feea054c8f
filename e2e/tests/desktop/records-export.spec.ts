import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { importGuests } from '../../support/door.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap } from '../../support/session.ts';
import { flowLanguages } from '../../support/languages.ts';

/**
 * The records page exports the attendance log (issue 38) with its filters: per guest and scope, and
 * every entry and exit, headers in the page's language; "Exporting", then "Export Success".
 */
const TEXT = {
  en: {
    meeting: (name: string) => `${name} (EN)`,
    button: 'Export records',
    done: 'Export Success',
    sheets: ['By guest', 'Entries and exits'],
    minutes: 'Minutes present',
  },
  'zh-tw': {
    meeting: (name: string) => `${name}（繁）`,
    button: '匯出出入記錄',
    done: '匯出成功',
    sheets: ['嘉賓出席', '出入記錄'],
    minutes: '出席分鐘',
  },
} as const;

for (const lang of flowLanguages('en', 'zh-tw')) {
  test(`the records page exports the attendance log with its filters (${lang})`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const text = TEXT[lang];
    const api = await Api.login(request);
    const name = `Records export ${lang} ${String(Date.now()).slice(-6)}`;
    const meeting = await createPublicMeeting(api, { type: 'general', name, runningNow: true });
    const guests = await importGuests(api, meeting.id, 2, `Export ${lang}`);
    for (const [guest, station] of [
      [guests[0]!, 'Gate A'],
      [guests[1]!, 'Gate B'],
    ] as const) {
      await api.call('POST', '/attendance/scans', {
        meeting_id: meeting.id,
        guest_code: guest.code,
        direction: 'in',
        station,
        nonce: randomUUID(),
      });
    }

    await login(page, lang);
    await page.goto('/#/meeting_management/records');
    await chooseOption(page, 'records-meeting', text.meeting(name));
    await page.getByTestId('records-station').locator('input').fill('Gate B');
    await page.getByTestId('records-station').locator('input').press('Enter');
    await expect(page.getByTestId('records-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    const button = page.getByTestId('records-export');
    await expect(button).toHaveText(text.button);
    await snap(page, info, `records-export-${lang}`);
    await expectAccessible(page, `records page with export (${lang})`);

    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(page.getByText(text.done)).toBeVisible();
    await expect(button).toHaveText(text.button);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(text.sheets);
    const summary = workbook.worksheets[0]!;
    expect(summary.getRow(1).getCell(10).value).toBe(text.minutes);
    // The station filter applied: only the guest seen at Gate B.
    expect(summary.rowCount).toBe(2);
    expect(summary.getRow(2).getCell(1).value).toBe(guests[1]!.name);
    expect(workbook.worksheets[1]!.rowCount).toBe(2);
  });
}
