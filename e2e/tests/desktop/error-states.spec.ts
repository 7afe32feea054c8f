import { expect, test } from '@playwright/test';
import { login, pageTitle, snap, submitLogin } from '../../support/session.ts';

// Routing the browser's requests stands in for a server that is down or a session that ended; the
// server itself is the real one.

test('the login toast survives the switch from the login layout to the back office', async ({ page }) => {
  await page.goto('/#/login');
  await submitLogin(page);
  await expect(page).toHaveURL(/#\/meeting_management\/meeting/);
  // Raised by the login page just before the back office replaced it.
  await expect(page.getByText('登入成功')).toBeVisible();
});

test('a list that fails to load says so, and loads on retry', async ({ page }, info) => {
  await login(page);
  await page.route(/\/api\/system-logs\?/, (route) => route.abort('connectionrefused'));
  await page.goto('/#/system_setting/log');
  const failure = page.getByTestId('load-error');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('資料載入失敗');
  await expect(failure).toContainText('後端網絡故障');
  await snap(page, info, 'load-error');

  await page.unroute(/\/api\/system-logs\?/);
  await page.getByTestId('load-error-retry').click();
  await expect(page.getByTestId('log-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a page whose code does not arrive offers a retry that loads it', async ({ page }, info) => {
  await login(page);
  const chunk = /\/assets\/log-page-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort('connectionrefused'));
  await page.goto('/#/system_setting/log');
  const retry = page.getByTestId('load-error-retry');
  await expect(retry).toBeVisible();
  await snap(page, info, 'page-chunk-failed');

  await page.unroute(chunk);
  await retry.click();
  await expect(pageTitle(page)).toHaveText('系統日誌');
});

test('a background poll answered token-expired shows the message and goes to login', async ({ page }) => {
  await page.route('**/api/me/notifications/unread-count', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 40101, message: 'token已過期', data: null }),
    }),
  );
  await page.goto('/#/login');
  await submitLogin(page);
  // The top bar's unread-count poll is the first request to see the ended session.
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fmeeting_management%2Fmeeting/);
  await expect(page.getByText('token已過期')).toBeVisible();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('mf_tokenInfo'))).toBeNull();
});
