import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { pngImage } from '../../support/files.ts';
import { login, pageTitle, snap } from '../../support/session.ts';

// Long session names in every language: the columns grow wider than a 1366 px screen.
const longName = (n: number) => `第${n}場 ${'澳門醫學年會專題研討與臨床個案分享'.repeat(3)}`;

/** A date-schedule meeting held from 09:00 on the first day to 18:00 on the last, in Macao. */
async function createMeeting(api: Api, name: string, firstDay: string, lastDay: string) {
  const org = await api.call<{ id: number }>('POST', '/organizations', {
    name: `${name} ${String(Date.now()).slice(-6)}`,
  });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  return api.call<{ id: number }>('POST', '/meetings', {
    organization_id: org.id,
    name,
    name_cn: name,
    name_en: name,
    start_at: Date.parse(`${firstDay}T09:00:00+08:00`),
    end_at: Date.parse(`${lastDay}T18:00:00+08:00`),
    registration_limit: 0,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'date_schedule',
    banner_file_id: banner.id,
  });
}

test('session tables keep their actions in view at 1366 px; the list toolbar works', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await Api.login(request);
  // The latest meeting: the one the dictionary page opens on.
  const meeting = await createMeeting(api, '表格測試會議', '2030-03-10', '2030-03-12');
  const addSession = (n: number) =>
    api.call<{ id: number }>('POST', `/meetings/${meeting.id}/schedules`, {
      name: longName(n),
      name_cn: longName(n),
      name_en: `Session ${n} ${'Clinical case studies and research seminar '.repeat(3)}`,
      signup_limit: 100,
      date: '2030-03-10',
    });
  const sessions = [await addSession(1), await addSession(2)];

  await login(page, 'zh-tw');
  await page.goto('/#/system_setting/dictionary');
  await expect(pageTitle(page)).toBeVisible();
  await page.getByRole('tab', { name: '會議日程' }).click();
  await expect(page.getByTestId('dictionary-meeting-select')).toContainText('表格測試會議');
  const panel = page.getByRole('tabpanel', { name: '會議日程' });
  const table = panel.getByTestId('schedule-table');
  await expect(table).toContainText('第1場');

  // The delete action is on screen, and the table stays inside the page (it scrolls in its box).
  const remove = panel.getByTestId(`schedule-delete-${sessions[0]!.id}`);
  await expect(remove).toBeInViewport({ ratio: 1 });
  const box = (await table.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  await snap(page, info, 'session-table-1366');

  // Toolbar: the total, then refresh shows a session added elsewhere.
  const total = panel.getByTestId('list-toolbar-total');
  await expect(total).toHaveText('共 2 項');
  await addSession(3);
  await panel.getByTestId('list-toolbar-refresh').click();
  await expect(total).toHaveText('共 3 項');
  await expect(table).toContainText('第3場');

  // Column settings hide a column and bring it back.
  const header = table.locator('th', { hasText: '名稱（英文）' });
  await expect(header).toBeVisible();
  await panel.getByTestId('list-toolbar-column-settings').click();
  const nameEn = page.getByTestId('list-toolbar-columns').getByRole('checkbox', { name: '名稱（英文）' });
  await nameEn.uncheck();
  await expect(header).toHaveCount(0);
  await nameEn.check();
  await expect(header).toBeVisible();
  await page.keyboard.press('Escape');

  // Density: compact rows.
  await panel.getByTestId('list-toolbar-density').click();
  await page.getByRole('menuitem', { name: '緊湊' }).click();
  await expect(panel.locator('.ant-table.ant-table-small')).toHaveCount(1);
  await expect(remove).toBeInViewport({ ratio: 1 });
});

test('the meeting date filter takes typed dates and matches the meetings held on them', async ({
  page,
  request,
}, info) => {
  const api = await Api.login(request);
  await createMeeting(api, '日期篩選會議', '2031-05-10', '2031-05-12');
  await login(page, 'zh-tw');
  // A fresh page, whose picker code has not loaded yet, and loads slowly: typing starts before it is there.
  await page.route(/date-picker/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.reload();
  await expect(pageTitle(page)).toBeVisible();
  await page.getByTestId('meeting-filter-range').first().click();
  for (const input of ['start', 'end']) {
    await page.keyboard.type('2031-05-11', { delay: 50 });
    await expect(page.locator(`.ant-picker-range input[date-range="${input}"]`)).toHaveValue('2031-05-11');
    await page.keyboard.press('Enter');
  }
  // Held 10–12 May: it matches the 11th, though it starts before it.
  const meetings = page.getByTestId('meeting-table');
  await expect(meetings.locator('tbody tr.mf-table-row')).toHaveCount(1);
  await expect(meetings).toContainText('日期篩選會議');
  await expect(page.getByTestId('list-toolbar-total').filter({ visible: true })).toHaveText('共 1 項');
  await expect(page.getByTestId('meeting-more-button').first()).toBeInViewport({ ratio: 1 });
  await snap(page, info, 'meeting-list-1366');

  // The range is in the URL: a reload shows the same match, and the picker shows the days again.
  await expect(page).toHaveURL(/[?&]range=2031-05-11\.\.2031-05-11(&|$)/);
  await page.reload();
  await expect(meetings.locator('tbody tr.mf-table-row')).toHaveCount(1);
  await expect(meetings).toContainText('日期篩選會議');
  for (const input of ['start', 'end']) {
    await expect(page.locator(`.ant-picker-range input[date-range="${input}"]`)).toHaveValue('2031-05-11');
  }
});

test('a list keeps its filter and page in the URL: a reload shows the same rows', async ({
  page,
  request,
}) => {
  const api = await Api.login(request);
  const tag = `重載測試 ${String(Date.now()).slice(-6)}`;
  const org = await api.call<{ id: number }>('POST', '/organizations', { name: tag });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  // Eleven matches: a second page at the meeting list's 10 a page. Held in 2020, so that they sort below
  // the meetings other specs pick from the newest-first pickers (a virtual list shows only its top rows).
  for (let n = 1; n <= 11; n += 1) {
    await api.call('POST', '/meetings', {
      organization_id: org.id,
      name: `${tag} 第${n}場`,
      name_cn: `${tag} 第${n}场`,
      name_en: `${tag} No. ${n}`,
      start_at: Date.parse(`2020-01-${String(n).padStart(2, '0')}T09:00:00+08:00`),
      end_at: Date.parse(`2020-01-${String(n).padStart(2, '0')}T18:00:00+08:00`),
      registration_limit: 0,
      multi_language: false,
      signup_enabled: true,
      meeting_type: 'general',
      banner_file_id: banner.id,
    });
  }

  await login(page, 'zh-tw');
  const search = page.getByTestId('meeting-search-input');
  await search.fill(tag);
  await search.press('Enter');
  const total = page.getByTestId('list-toolbar-total').filter({ visible: true });
  await expect(total).toHaveText('共 11 項');
  const table = page.getByTestId('meeting-table');
  // The pagination sits beside the table, outside its test id.
  const pager = page.getByTestId('meeting-table-pagination');
  await pager.getByRole('button', { name: '2', exact: true }).click();
  const rows = table.locator('tbody tr.mf-table-row');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  await page.reload();
  await expect(pageTitle(page)).toBeVisible();
  await expect(search).toHaveValue(tag);
  await expect(total).toHaveText('共 11 項');
  await expect(rows).toHaveCount(1);
  await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
});
