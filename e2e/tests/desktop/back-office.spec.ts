import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { pdfDocument, pngImage } from '../../support/files.ts';
import { login, pageTitle, snap } from '../../support/session.ts';

const PASSWORD = 'E2e-staff-pass-1';
const SIGNUP_LIMIT_REQUIRED = '請輸入報名人數上限';

/** An organisation with an organiser and a door-staff user in it, created by the administrator. */
async function setUpOrganisation(api: Api, suffix: string) {
  const roles = await api.call<{ id: number; code: string | null }[]>('GET', '/roles');
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;
  const org = await api.call<{ id: number }>('POST', '/organizations', { name: `澳門醫學會 ${suffix}` });
  for (const [account, code] of [
    [`organiser_${suffix}`, 'organiser'],
    [`door_${suffix}`, 'door_staff'],
  ] as const) {
    await api.call('POST', '/users', {
      account,
      name: account,
      role_id: roleId(code),
      organization_id: org.id,
      password: PASSWORD,
    });
  }
  await api.call('POST', '/meeting-times', {
    start_time: '09:00',
    end_time: '12:00',
    remark: '上午',
    remark_cn: '上午',
    remark_en: 'Morning',
  });
  return { orgName: `澳門醫學會 ${suffix}` };
}

const loginAs = (page: Page, account: string) => login(page, 'zh-tw', { account, password: PASSWORD });

async function pickDateTime(page: Page, input: ReturnType<Page['getByTestId']>, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('an organiser sets up a date-schedule meeting; door staff only sees it', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const { orgName } = await setUpOrganisation(api, suffix);

  await loginAs(page, `organiser_${suffix}`);

  // Organisation: the organiser adds a sub-organisation under their own.
  await page.goto('/#/system_setting/organization');
  await expect(pageTitle(page)).toHaveText('組織架構');
  await expect(page.getByTestId('org-tree')).toContainText(orgName);
  // Bound to an organisation: no top-level nodes for the organiser.
  await expect(page.getByTestId('org-add-root')).toHaveCount(0);
  await page.getByTestId('org-add-child').first().click();
  await page.getByTestId('org-form-name').fill('學術部');
  await page.getByTestId('org-form-submit').click();
  await expect(page.getByTestId('org-tree')).toContainText('學術部');
  await snap(page, info, 'organization');
  // The org_dialog route opens the same "add sub-organisation" dialog, linkable.
  const rootId = await page.getByTestId('org-node').first().getAttribute('data-id');
  await page.goto(`/#/system_setting/component/org_dialog?parent=${rootId}`);
  await expect(page).toHaveURL(/#\/system_setting\/organization$/);
  await expect(page.getByTestId('org-form-parent')).toHaveText(orgName);
  await page.locator('.ant-modal-close').click();
  await expect(page.getByTestId('org-form-name')).toBeHidden();

  // Meeting form: every required rule, then a date-schedule meeting with banner and PDFs.
  await page.goto('/#/meeting_management/meeting');
  await page.getByTestId('meeting-add').click();
  await page.getByTestId('meeting-form-submit').click();
  await expect(page.getByTestId('meeting-form')).toContainText('請選擇組織');
  await page.getByTestId('meeting-form-organization').click();
  await page.locator('.ant-select-tree-title', { hasText: '學術部' }).click();
  await page.getByTestId('meeting-form-name').fill('2026 澳門醫學年會');
  await page.getByTestId('meeting-form-name-cn').fill('2026 澳门医学年会');
  await page.getByTestId('meeting-form-name-en').fill('Macao Medical Congress 2026');
  await page.getByTestId('meeting-form-location').fill('澳門威尼斯人');
  const time = page.getByTestId('meeting-form-time');
  await pickDateTime(page, time.first(), '2026-12-10 09:00');
  await pickDateTime(page, time.last(), '2026-12-11 18:00');
  await page.getByTestId('meeting-form-type').getByText('按日程報名會議').click();
  await page
    .getByTestId('banner-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(page.getByTestId('banner-upload-preview')).toBeVisible();
  for (const id of ['schedule-pdf-upload', 'guide-pdf-upload']) {
    await page
      .getByTestId(id)
      .locator('input[type=file]')
      .setInputFiles({ name: `${id}.pdf`, mimeType: 'application/pdf', buffer: pdfDocument() });
    await expect(page.getByTestId(`${id}-remove`)).toBeVisible();
  }
  await snap(page, info, 'meeting-form');
  await page.getByTestId('meeting-form-submit').click();
  await expect(page.getByText('新增成功！')).toBeVisible();
  const row = page.getByTestId('meeting-table').locator('tr', { hasText: '2026 澳門醫學年會' });
  await expect(row).toBeVisible();
  await snap(page, info, 'meeting-list');

  // Copy the sign-up link.
  await (await meetingAction(page, row, 'copy-signup-link')).click();
  await expect(page.getByText('複製成功！')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#\/sign-up\/[A-Za-z0-9_-]{20,}$/);

  // Sessions and the guest–schedule map from "edit schedule".
  await (await meetingAction(page, row, 'meeting-schedule-button')).click();
  const editor = page.getByTestId('schedule-editor');
  await editor.getByTestId('schedule-add').click();
  // The form starts with limit 0 (unlimited) and the meeting's first day; emptying the limit is refused.
  await page.getByTestId('schedule-signup-limit').clear();
  await page.getByTestId('schedule-form-submit').click();
  await expect(page.getByTestId('schedule-form')).toContainText(SIGNUP_LIMIT_REQUIRED);
  await expect(page.getByTestId('schedule-form')).toContainText('請輸入日程名稱');
  await page.getByTestId('schedule-name').fill('開幕式');
  await page.getByTestId('schedule-name-cn').fill('开幕式');
  await page.getByTestId('schedule-name-en').fill('Opening');
  await page.getByTestId('schedule-signup-limit').fill('100');
  await page.getByTestId('schedule-form-submit').click();
  await expect(editor).toContainText('開幕式');
  await snap(page, info, 'schedule-editor');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(editor).toBeHidden();

  // A user type that may enrol in that session: the spec's dialog route opens the dictionary page on
  // the meeting's user types with the add dialog open.
  const meetings = await api.call<{ items: { id: number }[] }>(
    'GET',
    `/meetings?keyword=${encodeURIComponent('2026 澳門醫學年會')}`,
  );
  await page.goto(`/#/system_setting/component/user_type_dialog?meeting=${meetings.items[0]!.id}`);
  await expect(page).toHaveURL(/#\/system_setting\/dictionary$/);
  await expect(pageTitle(page)).toHaveText('數據字典');
  await expect(page.getByTestId('dictionary-meeting-select')).toContainText('2026 澳門醫學年會');
  await expect(page.getByTestId('user-type-form')).toBeVisible();
  await page.getByTestId('user-type-name').fill('醫生');
  await page.getByTestId('user-type-name-cn').fill('医生');
  await page.getByTestId('user-type-name-en').fill('Doctor');
  await page.getByTestId('user-type-form-submit').click();
  await expect(page.getByTestId('user-type-form')).toContainText('請勾選日程');
  await page.getByTestId('user-type-sessions').getByText('開幕式').click();
  await page.getByTestId('user-type-form-submit').click();
  await expect(page.getByTestId('user-type-table')).toContainText('醫生');
  await expect(page.getByTestId('user-type-form')).toBeHidden();
  await snap(page, info, 'dictionary');

  // Display config: the live preview follows the typing.
  await page.goto('/#/meeting_management/meeting');
  await (await meetingAction(page, row, 'meeting-display-button')).click();
  await expect(page.getByTestId('display-preview')).toBeVisible();
  await page.getByTestId('display-text-signup_title').fill('歡迎報名年會');
  await expect(page.getByTestId('display-preview-title')).toHaveText('歡迎報名年會');
  await snap(page, info, 'display-config');
  await page.getByTestId('display-save').click();
  await expect(page.getByText('編輯成功！')).toBeVisible();

  // Door staff: sees the meeting, but no form, no edit actions.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await loginAs(page, `door_${suffix}`);
  await expect(page.getByTestId('meeting-table')).toContainText('2026 澳門醫學年會');
  await expect(page.getByTestId('meeting-add')).toHaveCount(0);
  await expect(page.getByTestId('meeting-edit-button')).toHaveCount(0);
  // Its More menu has the mail settings to read, and neither edit nor delete.
  const doorRow = page.getByTestId('meeting-table').locator('tr', { hasText: '2026 澳門醫學年會' }).first();
  await expect(await meetingAction(page, doorRow, 'meeting-mail-button')).toBeVisible();
  await expect(page.getByTestId('meeting-delete-button')).toHaveCount(0);
  await expect(page.getByTestId('meeting-schedule-button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await snap(page, info, 'door-staff-meetings');
});
