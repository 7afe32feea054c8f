import { expect, test, type APIRequestContext } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { pngImage } from '../../support/files.ts';
import { macaoPhone, publicSignUp } from '../../support/public-meetings.ts';
import { login, pageTitle, snap, submitLogin } from '../../support/session.ts';
import { CAPTCHA_ANSWER } from '../../support/constants.ts';

const PASSWORD = 'Olivia-pass-42';

/** An organiser (guest:view) of a fresh organisation. */
async function organiser(request: APIRequestContext, account: string) {
  const admin = await Api.login(request);
  const org = await admin.call<{ id: number }>('POST', '/organizations', { name: `Personal ${account}` });
  const roles = await admin.call<{ id: number; code: string }[]>('GET', '/roles');
  await admin.call('POST', '/users', {
    account,
    name: 'Olivia Wong',
    role_id: roles.find((r) => r.code === 'organiser')!.id,
    organization_id: org.id,
    password: PASSWORD,
  });
  return { admin, orgId: org.id, credentials: { account, password: PASSWORD } };
}

test('a user changes the password, is sent to log in again and gets in with the new one', async ({
  page,
  request,
}, info) => {
  const account = `olivia_${String(Date.now()).slice(-6)}`;
  const { credentials } = await organiser(request, account);
  await login(page, undefined, credentials);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('change-password').click();
  await expect(pageTitle(page)).toHaveText('修改密碼');
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('new-password').fill('Password2024!');
  await page.getByTestId('confirm-password').fill('Password2024!');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('此密碼太常見')).toBeVisible();
  await snap(page, info, 'edit-password-zh-tw');

  await page.getByTestId('new-password').fill('Harbour-lights-77');
  await page.getByTestId('confirm-password').fill('Harbour-lights-77');
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/#\/login/);

  await submitLogin(page, CAPTCHA_ANSWER, credentials);
  await expect(page.getByTestId('login-password')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await submitLogin(page, CAPTCHA_ANSWER, { account, password: 'Harbour-lights-77' });
  await expect(page).toHaveURL(/#\/meeting_management\/meeting/);
});

test('personal settings save the language, and a full meeting lights the notification badge', async ({
  page,
  request,
}, info) => {
  const account = `nora_${String(Date.now()).slice(-6)}`;
  const { admin, orgId, credentials } = await organiser(request, account);
  const banner = await admin.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  const meeting = await admin.call<{ id: number; public_id: string }>('POST', '/meetings', {
    organization_id: orgId,
    name: '額滿測試會議',
    name_cn: '额满测试会议',
    name_en: 'Full-house meeting',
    start_at: Date.UTC(2027, 0, 10),
    end_at: Date.UTC(2027, 0, 12),
    registration_limit: 1,
    multi_language: true,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
  });

  await login(page, undefined, credentials);
  await expect(page.getByTestId('notification-badge').locator('.ant-badge-count')).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-setting').click();
  await expect(pageTitle(page)).toHaveText('個人設定');
  await expect(page.getByTestId('profile-name')).toHaveValue('Olivia Wong');
  await page.getByTestId('profile-email').fill('olivia@example.com');
  await snap(page, info, 'personal-setting-zh-tw');

  // The meeting fills while the organiser is working.
  await publicSignUp(request, meeting.public_id, {
    meeting_type: 'general',
    name: 'Last Seat',
    gender: 'female',
    local_guest: true,
    area_code: '853',
    phone: macaoPhone(),
    email: 'last.seat@example.com',
    contact_number: '28000000',
    contact_phone: '66000000',
  });
  await page.reload();
  const badge = page.getByTestId('notification-badge').locator('.ant-badge-count');
  await expect(badge).toHaveText('1');
  await snap(page, info, 'notification-badge-zh-tw');

  await page.getByTestId('profile-language').click();
  await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
  await page.getByTestId('profile-submit').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(pageTitle(page)).toHaveText('Personal setting');
  await expect(page.getByText('Personal settings saved')).toBeVisible();
  await snap(page, info, 'personal-setting-en');

  // The bell opens the recent notifications; the full list is one click further.
  await page.getByTestId('notification-button').click();
  const dropdown = page.getByTestId('notification-dropdown');
  await expect(dropdown.getByTestId('notification-dropdown-item').first()).toContainText(
    'The meeting "Full-house meeting" has reached its registration limit',
  );
  await expect(dropdown.getByTestId('notification-dropdown-item').first()).toHaveAttribute(
    'data-read',
    'false',
  );
  await snap(page, info, 'notification-dropdown-en');
  await dropdown.getByTestId('notification-view-all').click();
  await expect(dropdown).toBeHidden();
  await expect(pageTitle(page)).toHaveText('Notifications');
  await expect(page.getByTestId('notification-list')).toContainText(
    'The meeting "Full-house meeting" has reached its registration limit',
  );
  await snap(page, info, 'notifications-en');
  await page.getByTestId('notification-read-all').click();
  await expect(badge).toHaveCount(0);

  // The saved language comes back with the next login, whatever the browser last showed.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/#\/login/);
  await page.evaluate(() => localStorage.setItem('mf_lang', JSON.stringify('zh-tw')));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await submitLogin(page, CAPTCHA_ANSWER, credentials);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
