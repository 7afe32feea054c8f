import { expect, test } from '@playwright/test';
import { login, pageTitle, snap, submitLogin, switchLanguage } from '../support/session.ts';

test('sends a visitor to login, refuses a wrong captcha, then returns to the asked route', async ({
  page,
}, info) => {
  await page.goto('/#/system_setting/dictionary');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain('redirect=/system_setting/dictionary');
  await expect(page.getByTestId('login-captcha-image')).toBeVisible();
  await snap(page, info, 'login');

  const firstImage = await page.getByTestId('login-captcha-image').getAttribute('src');
  await submitLogin(page, '0000');
  await expect(page.getByText('驗證碼錯誤或已過期，請重新輸入')).toBeVisible();
  // The used captcha is gone: a new image is shown for the next try.
  await expect(page.getByTestId('login-captcha-image')).not.toHaveAttribute('src', firstImage!);

  await submitLogin(page);
  await expect(page).toHaveURL(/#\/system_setting\/dictionary$/);
  await expect(pageTitle(page)).toHaveText('數據字典');
  await expect(page).toHaveTitle(/數據字典/);
});

test('shows field messages in the chosen language and never follows an outside redirect', async ({
  page,
}) => {
  await page.goto('/#/login?redirect=https://evil.example/');
  await switchLanguage(page, 'en');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Please enter the account')).toBeVisible();
  await submitLogin(page);
  await expect(page).toHaveURL(/#\/meeting_management\/meeting$/);
});

test('logs out, clearing the session, and protected routes ask for login again', async ({ page }) => {
  await login(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  // The logout ends on the plain login page; wait for it, not for the guard's redirect on the way.
  await expect(page).toHaveURL(/#\/login$/);
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|user/i.test(k)));
  expect(stored).toEqual([]);
  await page.goto('/#/meeting_management/guest');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
});

test('logs an idle user out after 90 minutes without a click, keeping the way back', async ({ page }) => {
  await page.clock.install();
  await login(page);
  await page.goto('/#/system_setting/organization');
  await expect(pageTitle(page)).toBeVisible();
  // Active within the window: still logged in at the 5-minute checks.
  await page.clock.fastForward('01:00:00');
  // A window for a logout that must not come (nothing marks its absence).
  await page.waitForTimeout(200);
  await expect(page).toHaveURL(/#\/system_setting\/organization$/);
  await page.clock.fastForward('00:35:00');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain('redirect=/system_setting/organization');
});
