import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { Api } from '../../support/api.ts';
import {
  createDateScheduleMeeting,
  createPublicMeeting,
  macaoPhone,
  publicSignUp,
} from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, pageTitle, snap, switchLanguage } from '../../support/session.ts';

function generalGuest(name: string, institution: string) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    institution,
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
  };
}

test('the guest list finds a guest, shows the detail and exports what it shows', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const meeting = await createPublicMeeting(api, { type: 'general', name: `嘉賓名單 ${suffix}` });
  for (const [name, institution] of [
    ['Lam Ka Wai', 'Kiang Wu Hospital'],
    ['Chan Tai Man', 'University of Macau'],
    ['Wong Siu Ming', 'Conde S. Januário Hospital'],
  ]) {
    await publicSignUp(request, meeting.public_id, generalGuest(name!, institution!));
  }
  const ds = await createDateScheduleMeeting(api, `日程明細 ${suffix}`);
  for (const n of [1, 2]) {
    await publicSignUp(request, ds.meeting.public_id, {
      meeting_type: 'date_schedule',
      name_zh: `陳醫生${n}`,
      name_en: `Dr Chan ${n}`,
      area_code: '853',
      phone: macaoPhone(),
      email: `dr${n}.${suffix}@example.com`,
      organization: 'Clinic',
      user_type_id: ds.doctor,
      license_number: 'NA',
      schedule_ids: n === 1 ? [ds.sessions.a, ds.sessions.b] : [ds.sessions.a],
    });
  }

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await expect(pageTitle(page)).toHaveText('嘉賓列表');
  await chooseOption(page, 'guest-meeting', `嘉賓名單 ${suffix}（繁）`);
  const table = page.getByTestId('guest-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(table).toContainText('Kiang Wu Hospital');
  await expect(table).toContainText('未簽到');
  await snap(page, info, 'guest-list-zh-tw');

  // Keyword: one guest left.
  await page.getByTestId('guest-search').locator('input').fill('kiang wu');
  await page.getByTestId('guest-search').locator('input').press('Enter');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('Lam Ka Wai');

  await table.getByTestId('guest-view').click();
  const drawer = page.getByTestId('guest-detail');
  await expect(drawer).toContainText('lam.ka.wai@example.com');
  await expect(drawer).toContainText('尚無掃描記錄');
  await snap(page, info, 'guest-detail-zh-tw');

  // A guest at the help desk is checked in from their detail, after a confirmation.
  await drawer.getByTestId('guest-manual-scan').click();
  const dialog = page.getByTestId('manual-scan');
  await expect(dialog.getByTestId('manual-scan-code')).not.toHaveValue('');
  await dialog.getByTestId('manual-scan-submit').click();
  await page.getByTestId('manual-scan-confirm').click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(drawer).toContainText('手動（服務台）');
  await expect(table).toContainText('已簽到');
  // The toast sits over the drawer's close button until it fades (hovering it would hold it there).
  await expect(page.getByText('保存成功')).toBeHidden();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // The export holds what the list shows (the keyword applies), headers in the page's language.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('guest-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^嘉賓名單 \d+（繁）-嘉賓名單-\d{8}-\d{4}\.xlsx$/);
  await expect(page.getByText('匯出成功')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('嘉賓碼');
  expect(sheet.getRow(1).getCell(2).value).toBe('姓名');
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(2).value).toBe('Lam Ka Wai');

  // Schedule detail of the date-schedule meeting.
  await page.goto('/#/meeting_management/schedule-detail');
  await chooseOption(page, 'schedule-detail-meeting', `日程明細 ${suffix}（繁）`);
  const sessions = page.getByTestId('schedule-detail-table');
  await expect(sessions.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(sessions.locator('tbody tr.ant-table-row').first()).toContainText('2 /');
  await sessions.locator('.ant-table-row-expand-icon').first().click();
  await expect(page.getByTestId(`enrolled-guests-${ds.sessions.a}`)).toContainText('陳醫生1');
  await snap(page, info, 'schedule-detail-zh-tw');

  // The same screens in English.
  await switchLanguage(page, 'en');
  await expect(sessions).toContainText('Opening plenary');
  await expect(page.getByTestId(`enrolled-guests-${ds.sessions.a}`)).toContainText('Not checked in');
  // Registration type names come from the server in the new language.
  await expect(page.getByTestId(`enrolled-guests-${ds.sessions.a}`)).toContainText('Doctor');
  await snap(page, info, 'schedule-detail-en');
  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `嘉賓名單 ${suffix} (EN)`);
  // The page is cached with its filters: clearing the keyword shows every guest again.
  await page.getByTestId('guest-search').locator('input').fill('');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(table).toContainText('Not checked in');
  await snap(page, info, 'guest-list-en');
  await table.locator('tr', { hasText: 'Chan Tai Man' }).getByTestId('guest-view').click();
  await expect(drawer).toContainText('No scans yet');
  await snap(page, info, 'guest-detail-en');
});
