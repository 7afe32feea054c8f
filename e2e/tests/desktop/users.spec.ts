import { expect, test } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { chooseOption } from '../../support/select.ts';
import { login, pageTitle, snap } from '../../support/session.ts';

test('an administrator adds a door-staff user, who can log in until disabled', async ({
  page,
  request,
}, info) => {
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const orgName = `嘉賓服務部 ${suffix}`;
  await api.call('POST', '/organizations', { name: orgName });

  await login(page);
  await page.goto('/#/system_setting/user');
  await expect(pageTitle(page)).toHaveText('使用者管理');
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('user-form')).toContainText('請輸入密碼');

  await page.getByTestId('user-form-account').fill(`door_${suffix}`);
  await page.getByTestId('user-form-name').fill('陳大文');
  await page.getByTestId('user-form-role').click();
  await page.locator('.ant-select-item-option', { hasText: '門口工作人員' }).click();
  await chooseOption(page, 'user-form-organization', orgName);
  await page.getByTestId('user-form-password').fill('Door-pass-123');
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByText('新增成功！')).toBeVisible();
  // Other specs add users too: find this one by its account rather than on the first page.
  const search = page.getByTestId('user-search').locator('input');
  await search.fill(`door_${suffix}`);
  await search.press('Enter');
  const row = page.getByTestId('user-table').locator('tr', { hasText: `door_${suffix}` });
  await expect(row).toContainText('陳大文');
  await snap(page, info, 'users');

  // The new user logs in elsewhere; disabling them ends that session at once.
  const doorApi = await Api.login(request, { account: `door_${suffix}`, password: 'Door-pass-123' });
  await expect(doorApi.call('GET', '/me')).resolves.toMatchObject({ account: `door_${suffix}` });
  await row.getByTestId('user-toggle').click();
  await page.getByTestId('user-toggle-confirm').click();
  await expect(row).toContainText('停用');
  await expect(doorApi.call('GET', '/me')).rejects.toThrow();
});
