import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { meetingAction } from '../../support/meeting-row.ts';
import { expectAccessible } from '../../support/axe.ts';
import {
  DAY,
  endedMeeting,
  inZone,
  meetingRow,
  screenshotDrawer,
  serverZone,
} from '../../support/privacy.ts';
import { createPublicMeeting } from '../../support/public-meetings.ts';
import { login, snap, switchLanguage } from '../../support/session.ts';

/*
 * Personal data in the back office (issue 20), a meeting's privacy drawer: the notice and its preview,
 * the retention period with the erase date it gives, the state so far, the field changes the system
 * log keeps of a save, what door staff may read, and a retention already run out. "Erase now" and a
 * guest's own data are in privacy-erasure.spec.ts. Screenshots for review go to /tmp as well as
 * e2e/screenshots.
 */

const ENGLISH_NOTICE =
  'We keep your details only to run this congress, and erase them 30 days after it ends.';

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
