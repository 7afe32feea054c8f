import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { expectAccessible } from '../../support/axe.ts';
import { pngImage } from '../../support/files.ts';
import { createPublicMeeting, macaoPhone } from '../../support/public-meetings.ts';
import { chooseOption } from '../../support/select.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * Personal data in the back office (issue 20): a meeting's privacy drawer (the notice and its preview,
 * the retention period with the erase date it gives, the state so far, "erase now" behind the typed
 * name), the field changes the system log keeps of a save, and a guest's own data downloaded and
 * their withdrawal on request. Screenshots for review go to /tmp as well as e2e/screenshots.
 */

const DAY = 86_400_000;
const ENGLISH_NOTICE =
  'We keep your details only to run this congress, and erase them 30 days after it ends.';

/** The deployment's zone, as the drawer writes its dates. */
async function serverZone(request: APIRequestContext): Promise<string> {
  const health = (await (await request.get('/api/health')).json()) as { data: { time_zone: string } };
  return health.data.time_zone;
}

/** YYYY-MM-DD HH:mm:ss in `zone`, as the web app's formatDateTime. */
function inZone(ms: number, zone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
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

/** The open privacy drawer for review, scrolled to its top and to its end: `<path>-top.png`, `<path>-end.png`. */
async function screenshotDrawer(page: Page, path: string) {
  const drawer = page.getByTestId('privacy-drawer');
  const dialog = page.getByRole('dialog').filter({ has: drawer });
  const scroll = (to: 'top' | 'end') =>
    drawer.evaluate((element, end) => {
      const body = element.closest('.ant-drawer-body');
      body?.scrollTo(0, end ? body.scrollHeight : 0);
    }, to === 'end');
  await scroll('top');
  await dialog.screenshot({ path: `${path}-top.png` });
  await scroll('end');
  await dialog.screenshot({ path: `${path}-end.png` });
}

function generalGuest(name: string, email: string) {
  return {
    meeting_type: 'general',
    name,
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email,
    institution: 'Kiang Wu Hospital',
    job_title: 'Doctor',
    contact_name: 'Front desk',
    contact_number: '28000000',
    contact_phone: '66999999',
  };
}

/** A general meeting that ended yesterday, with one guest added by the back office. */
async function endedMeeting(api: Api, name: string, email: string) {
  const org = await api.call<{ id: number }>('POST', '/organizations', { name: `Privacy org ${name}` });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  const end = Date.now() - DAY;
  const meeting = await api.call<{ id: number }>('POST', '/meetings', {
    organization_id: org.id,
    name: `${name}（繁）`,
    name_cn: `${name}（简）`,
    name_en: `${name} (EN)`,
    location: '澳門會展中心',
    location_cn: '澳门会展中心',
    location_en: 'Macao Convention Centre',
    start_at: end - 8 * 3_600_000,
    end_at: end,
    registration_limit: 0,
    waitlist_enabled: false,
    waitlist_offer_hours: 0,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
    schedule_file_id: null,
    guide_file_id: null,
  });
  await api.call('POST', `/meetings/${meeting.id}/guests`, generalGuest('Chan Tai Man', email));
  return { id: meeting.id, end, organizationId: org.id };
}

test('an organiser writes the privacy notice and shortens the retention; the log shows what changed', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `私隱設定 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const { end_at: endAt } = await api.call<{ end_at: number }>('GET', `/meetings/${meeting.id}`);
  const zone = await serverZone(request);

  await login(page);
  const row = await meetingRow(page, `${name}（繁）`);
  const action = await meetingAction(page, row, 'meeting-privacy-button');
  await expect(action).toHaveText('私隱');
  await action.click();
  const drawer = page.getByTestId('privacy-drawer');
  await expect(drawer.getByTestId('privacy-form')).toBeVisible();

  // The state of a new meeting: the default 180 days, nobody told yet, nothing to erase by hand yet.
  await expect(drawer.getByTestId('privacy-meeting-end')).toContainText(inZone(endAt, zone));
  await expect(drawer.getByTestId('privacy-purge-state')).toContainText(
    `將於 ${inZone(endAt + 180 * DAY, zone)} 刪除`,
  );
  await expect(drawer.getByTestId('privacy-notified')).toContainText('尚未通知');
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('0 位');
  await expect(drawer.getByTestId('privacy-notice-version')).toHaveText('尚未發佈');
  await expect(drawer.getByTestId('privacy-purge-not-ended')).toBeVisible();
  await expect(drawer.getByTestId('privacy-purge')).toHaveCount(0);
  await expect(drawer.getByTestId('privacy-retention-days')).toHaveValue('180');
  await expect(drawer.getByTestId('privacy-erase-date')).toContainText(inZone(endAt + 180 * DAY, zone));

  // The notice is off: the preview says so. Switched on, the default text shows, in the user's language.
  await expect(drawer.getByTestId('privacy-preview-off')).toBeVisible();
  const enabled = drawer.getByTestId('privacy-notice-enabled');
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await enabled.click();
  await expect(enabled).toHaveAttribute('aria-checked', 'true');
  const preview = drawer.getByTestId('privacy-preview-text');
  await expect(preview).toContainText('主辦單位會收集您在本表格填寫的個人資料');
  await expect(drawer.getByTestId('privacy-preview')).toContainText('我已閱讀並同意以上私隱聲明');

  // Each text starts empty, the default shown in grey; the English one is rewritten.
  const english = drawer.getByTestId('privacy-notice-en');
  await expect(english).toHaveValue('');
  await expect(english).toHaveAttribute('placeholder', /^The organiser collects the personal data/);
  await expect(drawer.getByTestId('privacy-notice-state-en')).toHaveText('預設聲明');
  await english.fill(ENGLISH_NOTICE);
  await expect(drawer.getByTestId('privacy-notice-state-en')).toHaveText('已修改');
  // Typing in the English box previews the English form, the consent line in English too.
  await expect(preview).toHaveText(ENGLISH_NOTICE);
  await expect(drawer.getByTestId('privacy-preview')).toContainText(
    'I have read and agree to the privacy notice above',
  );
  // "Edit the default" fills a box with the default's words, and "use the default" empties it again.
  await drawer.getByTestId('privacy-notice-default-zh-cn').click();
  await expect(drawer.getByTestId('privacy-notice-zh-cn')).toHaveValue(/^主办单位会收集您/);
  await expect(drawer.getByTestId('privacy-notice-state-zh-cn')).toHaveText('預設聲明');
  await drawer.getByTestId('privacy-notice-default-zh-cn').click();
  await expect(drawer.getByTestId('privacy-notice-zh-cn')).toHaveValue('');

  // The erase date follows the days as they are typed; an empty field is refused on save.
  const days = drawer.getByTestId('privacy-retention-days');
  await days.fill('');
  await expect(drawer.getByTestId('privacy-erase-date')).toHaveCount(0);
  await page.getByTestId('privacy-save').click();
  await expect(drawer.getByTestId('privacy-form')).toContainText('請輸入保存天數');
  await days.fill('30');
  await expect(drawer.getByTestId('privacy-erase-date')).toContainText(
    `按此設定，個人資料將於 ${inZone(endAt + 30 * DAY, zone)} 刪除`,
  );
  await expect(drawer.getByTestId('privacy-form')).not.toContainText('請輸入保存天數');

  // The pointer off the save button it last pressed: its hover shade is Ant Design's, not this drawer's.
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'privacy drawer (zh-tw)');
  await screenshotDrawer(page, '/tmp/privacy-drawer-zh-tw');
  await snap(page, info, 'privacy-drawer-zh-tw');

  // A field refused by the server lands on its field (the server's message, in the user's language).
  let refused = false;
  await page.route(`**/api/meetings/${meeting.id}/privacy`, (route) => {
    if (route.request().method() !== 'PUT' || refused) return route.fallback();
    refused = true;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 40001,
        message: '輸入不合法',
        data: { fields: { 'notice.en': '私隱聲明不可超過 5000 字' } },
      }),
    });
  });
  await page.getByTestId('privacy-save').click();
  const englishItem = drawer.locator('.ant-form-item', { has: page.getByTestId('privacy-notice-en') });
  await expect(englishItem).toContainText('私隱聲明不可超過 5000 字');

  // Saved for real: the state follows (the new date, the first version of the notice) and the drawer stays.
  await page.getByTestId('privacy-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(drawer.getByTestId('privacy-purge-state')).toContainText(
    `將於 ${inZone(endAt + 30 * DAY, zone)} 刪除`,
  );
  await expect(drawer.getByTestId('privacy-notice-version')).toHaveText('第 1 版');
  await expect(englishItem).not.toContainText('私隱聲明不可超過 5000 字');
  const saved = await api.call<{
    notice_enabled: boolean;
    notice: Record<string, string>;
    retention_days: number;
    purge_at: number;
  }>('GET', `/meetings/${meeting.id}/privacy`);
  expect(saved).toMatchObject({
    notice_enabled: true,
    notice: { 'zh-tw': '', 'zh-cn': '', en: ENGLISH_NOTICE },
    retention_days: 30,
    purge_at: endAt + 30 * DAY,
  });
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // The system log: the update opens on its changes; an entry without any (a login) does not open.
  await page.goto(`/#/system_setting/log?keyword=${encodeURIComponent(name)}`);
  const table = page.getByTestId('log-table');
  const entry = table.locator('tr.ant-table-row', { hasText: '的私隱設定' });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: '展開列' }).click();
  const changes = page.getByTestId('log-changes');
  await expect(changes).toBeVisible();
  await expect(changes.locator('thead')).toContainText('欄位');
  const retention = changes.locator('tr', { hasText: 'retention_days' });
  await expect(retention.locator('td').nth(1)).toHaveText('180');
  await expect(retention.locator('td').nth(2)).toHaveText('30');
  await expect(changes.locator('tr', { hasText: 'privacy_notice_enabled' })).toBeVisible();
  await expectAccessible(page, 'system log with an entry opened (zh-tw)');
  await table.screenshot({ path: '/tmp/privacy-log-expanded-zh-tw.png' });
  await snap(page, info, 'privacy-log-expanded-zh-tw');

  // The same entry in English: the small table's headings follow, the values do not.
  await switchLanguage(page, 'en');
  const entryEn = table.locator('tr.ant-table-row', { hasText: 'Changed the privacy settings' });
  await expect(entryEn).toHaveCount(1);
  // The list is read again in English; the entry stays open.
  await expect(entryEn.getByRole('button', { name: 'Collapse row' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(changes.locator('thead')).toContainText('Field');
  await expect(changes.locator('thead')).toContainText('Before');
  await expect(changes.locator('thead')).toContainText('After');
  await expect(changes.locator('tr', { hasText: 'retention_days' }).locator('td').nth(2)).toHaveText('30');
  await table.screenshot({ path: '/tmp/privacy-log-expanded-en.png' });

  await page.goto('/#/system_setting/log?action_type=login');
  const loginEntry = table.locator('tr.ant-table-row').first();
  await expect(loginEntry).toContainText('Login');
  await expect(loginEntry.getByRole('button', { name: /Expand row|Collapse row/ })).toHaveCount(0);
});

test('an ended meeting: "erase now" waits for the name to be typed exactly, then erases', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `已結束會議 ${suffix}`;
  const meeting = await endedMeeting(api, name, `chan.${suffix}@example.com`);

  // In English this time: the name to type is still the Traditional Chinese one, as in the list.
  await login(page, 'en');
  const row = await meetingRow(page, `${name} (EN)`);
  const action = await meetingAction(page, row, 'meeting-privacy-button');
  await expect(action).toHaveText('Privacy');
  await action.click();
  const drawer = page.getByTestId('privacy-drawer');
  await expect(page.locator('.ant-drawer-title')).toHaveText(`Privacy settings · ${name} (EN)`);
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('1 guest');
  await expect(drawer.getByTestId('privacy-purge-not-ended')).toHaveCount(0);
  await screenshotDrawer(page, '/tmp/privacy-drawer-en');
  await drawer.getByTestId('privacy-purge').click();

  const dialog = page.getByTestId('privacy-purge-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('of 1 guest will be erased for good');
  await expect(dialog.getByTestId('privacy-purge-name')).toHaveText(`${name}（繁）`);
  const ok = page.getByTestId('privacy-purge-ok');
  const input = dialog.getByTestId('privacy-purge-input');
  // Not before the name is typed, not with the English or Simplified name, nor with a part of it.
  await expect(ok).toBeDisabled();
  for (const wrong of [`${name} (EN)`, `${name}（简）`, name]) {
    await input.fill(wrong);
    await expect(ok).toBeDisabled();
  }
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  await input.fill(`${name}（繁）`);
  await expect(ok).toBeEnabled();
  await expectAccessible(page, 'erase now confirmation (en)');
  await page
    .getByRole('dialog')
    .filter({ has: dialog })
    .screenshot({ path: '/tmp/privacy-purge-confirm-en.png' });
  await snap(page, info, 'privacy-purge-confirm-en');

  await ok.click();
  await expect(page.getByText('The personal data of 1 guest was erased')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByTestId('privacy-purged')).toBeVisible();
  await expect(drawer.getByTestId('privacy-purge-state')).toContainText('Erased on');
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('0 guests');
  await expect(drawer.getByTestId('privacy-notified')).toHaveText(
    'None sent (the data was erased before it was due)',
  );
  await expect(drawer.getByTestId('privacy-purge')).toHaveCount(0);
  await expect(drawer.getByTestId('privacy-erase-date')).toHaveCount(0);
  await expectAccessible(page, 'privacy drawer after the erasure (en)');
  await screenshotDrawer(page, '/tmp/privacy-drawer-erased-en');

  const state = await api.call<{ purged_at: number | null; guests_held: number }>(
    'GET',
    `/meetings/${meeting.id}/privacy`,
  );
  expect(state.purged_at).not.toBeNull();
  expect(state.guests_held).toBe(0);
});

test("a guest's own data is downloaded, and the guest withdrawn on request", async ({ page, request }) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `撤回報名 ${suffix}`;
  const meeting = await createPublicMeeting(api, { type: 'general', name });
  const email = `wong.${suffix}@example.com`;
  await api.call('POST', `/meetings/${meeting.id}/guests`, generalGuest('Wong Siu Ming', email));
  await api.call(
    'POST',
    `/meetings/${meeting.id}/guests`,
    generalGuest('Lei Ka Io', `lei.${suffix}@example.com`),
  );

  await login(page);
  await page.goto('/#/meeting_management/guest');
  await chooseOption(page, 'guest-meeting', `${name}（繁）`);
  const table = page.getByTestId('guest-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await table.locator('tr.ant-table-row', { hasText: 'Wong Siu Ming' }).getByTestId('guest-view').click();
  const drawer = page.getByTestId('guest-detail');

  const downloading = page.waitForEvent('download');
  await drawer.getByTestId('guest-personal-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-guest-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    guest: { name: string; email: string };
    meeting: { name: string };
  };
  expect(data.guest).toMatchObject({ name: 'Wong Siu Ming', email });
  expect(data.meeting.name).toBe(`${name}（繁）`);
  await expect(page.getByText('個人資料已下載')).toBeVisible();

  await drawer.getByTestId('guest-withdraw').click();
  await expect(page.getByText('應嘉賓要求撤回報名並刪除其個人資料？')).toBeVisible();
  await expect(page.locator('.ant-popover')).toContainText('名額會釋出');
  await expect(page.locator('.ant-popover')).toContainText('永久刪除，無法復原');
  await page.locator('.ant-popover').screenshot({ path: '/tmp/privacy-withdraw-confirm-zh-tw.png' });
  await page.getByTestId('guest-withdraw-confirm').click();
  await expect(page.getByText('已撤回報名並刪除該嘉賓的個人資料')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).not.toContainText('Wong Siu Ming');
});

test('door staff read the privacy settings of an ended meeting and can change nothing', async ({
  page,
  request,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `唯讀私隱 ${suffix}`;
  const meeting = await endedMeeting(api, name, `ro.${suffix}@example.com`);
  const roles = await api.call<{ id: number; code: string | null }[]>('GET', '/roles');
  const account = `privacy_door_${suffix}`;
  const password = 'E2e-staff-pass-1';
  await api.call('POST', '/users', {
    account,
    name: account,
    role_id: roles.find((r) => r.code === 'door_staff')!.id,
    organization_id: meeting.organizationId,
    password,
  });

  await login(page, 'zh-tw', { account, password });
  const row = await meetingRow(page, `${name}（繁）`);
  await (await meetingAction(page, row, 'meeting-privacy-button')).click();
  const drawer = page.getByTestId('privacy-drawer');
  await expect(drawer.getByTestId('privacy-read-only')).toBeVisible();
  await expect(drawer.getByTestId('privacy-guests-held')).toHaveText('1 位');
  await expect(page.getByTestId('privacy-save')).toHaveCount(0);
  await expect(drawer.getByTestId('privacy-notice-enabled')).toBeDisabled();
  await expect(drawer.getByTestId('privacy-notice-en')).toBeDisabled();
  await expect(drawer.getByTestId('privacy-retention-days')).toBeDisabled();
  await expect(drawer.getByTestId('privacy-notice-default-en')).toHaveCount(0);
  // The meeting has ended and nothing is erased yet, but erasing is not theirs to do.
  await expect(drawer).toContainText('會議已結束');
  await expect(drawer.getByTestId('privacy-purge')).toHaveCount(0);
});

test('a retention that has already run out asks for the name before it is saved', async ({
  page,
  request,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const name = `期限已過 ${suffix}`;
  const meeting = await endedMeeting(api, name, `past.${suffix}@example.com`);

  await login(page);
  const row = await meetingRow(page, `${name}（繁）`);
  await (await meetingAction(page, row, 'meeting-privacy-button')).click();
  const drawer = page.getByTestId('privacy-drawer');
  // The meeting ended yesterday: one day of retention is over already.
  await drawer.getByTestId('privacy-retention-days').fill('1');
  await expect(drawer.getByTestId('privacy-erase-past')).toContainText('儲存後，個人資料會在幾分鐘內被刪除');

  // Saved only once the name is typed; cancelled, nothing was sent.
  await page.getByTestId('privacy-save').click();
  const dialog = page.getByTestId('privacy-past-dialog');
  await expect(dialog).toContainText('1 位嘉賓');
  await expect(page.getByTestId('privacy-past-ok')).toBeDisabled();
  // Ant Design spaces two-character labels: 「取 消」.
  await page
    .getByRole('dialog')
    .filter({ has: dialog })
    .getByRole('button', { name: /^取\s*消$/ })
    .click();
  await expect(dialog).toBeHidden();
  expect(
    (await api.call<{ retention_days: number }>('GET', `/meetings/${meeting.id}/privacy`)).retention_days,
  ).toBe(180);

  await page.getByTestId('privacy-save').click();
  await dialog.getByTestId('privacy-past-input').fill(`${name}（繁）`);
  await page.getByTestId('privacy-past-ok').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(
    (await api.call<{ retention_days: number }>('GET', `/meetings/${meeting.id}/privacy`)).retention_days,
  ).toBe(1);
});
