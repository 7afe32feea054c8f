import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { login, pageTitle, snap, switchLanguage } from '../../support/session.ts';

const DAY = 86_400_000;

test('the system log filters by a time preset and by text, in zh-tw and en', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  // A failed login leaves an entry with a name this test can look for.
  const captcha = (await (await request.get('/api/captcha')).json()) as { data: { captcha_id: string } };
  await request.post('/api/login', {
    data: {
      account: `ghost_${suffix}`,
      password: 'wrong-pass-1',
      captcha_id: captcha.data.captcha_id,
      verify_code: '0000',
    },
  });
  await Api.login(request);

  await login(page);
  await page.goto('/#/system_setting/log');
  await expect(pageTitle(page)).toHaveText('系統日誌');
  const table = page.getByTestId('log-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();

  const presetRequest = page.waitForRequest(
    (r) => r.url().includes('/api/system-logs?') && r.url().includes('from='),
  );
  await page.getByTestId('log-filter-range').first().click();
  await page.getByTestId('log-preset-week').click();
  const url = new URL((await presetRequest).url());
  const from = Number(url.searchParams.get('from'));
  const to = Number(url.searchParams.get('to'));
  expect(to - from).toBeGreaterThanOrEqual(7 * DAY - 1000);
  expect(to - from).toBeLessThanOrEqual(7 * DAY + 1000);
  expect(Math.abs(Date.now() - to)).toBeLessThan(60_000);
  await expect(page.getByTestId('log-total')).not.toHaveText(/共 0 筆/);

  await page.getByTestId('log-filter-username').fill(`ghost_${suffix}`);
  await page.getByTestId('log-search').click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  const row = table.locator('tbody tr.ant-table-row').first();
  // The content reads in the page's language as well, not only the action type.
  await expect(row).toContainText('登入失敗：驗證碼錯誤或已過期');
  await expect(row).toContainText('內網');
  await page.getByTestId('log-filter-username').fill('');
  await page.getByTestId('log-search').click();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await snap(page, info, 'system-log-zh-tw');

  await switchLanguage(page, 'en');
  await expect(pageTitle(page)).toHaveText('System log');
  await expect(page.getByTestId('log-total')).toContainText('entries');
  // The failed login's own row: other tests' background jobs (a retention purge) may have logged
  // since, with no address.
  await page.getByTestId('log-filter-username').fill(`ghost_${suffix}`);
  await page.getByTestId('log-search').click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(
    'Login failed: wrong or expired verification code',
  );
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('Intranet');
  await snap(page, info, 'system-log-en');

  // The widest preset holds at least what the narrowest one showed.
  await page.getByTestId('log-reset').click();
  await page.getByTestId('log-filter-range').first().click();
  await page.getByTestId('log-preset-three-months').click();
  await expect(page.getByTestId('log-total')).not.toHaveText('0 entries');
});
