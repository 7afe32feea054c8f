import { expect, test } from '@playwright/test';
import { login, snap } from '../../support/session.ts';

test('tabs open per route, pin, close others, keep cached state and reload', async ({ page }, info) => {
  await login(page, 'en');
  const tab = (name: string) => page.getByTestId(`tab-${name}`);

  await page.getByTestId('meeting-search-input').fill('annual congress');
  await page.goto('/#/system_setting/organization');
  await page.goto('/#/system_setting/dictionary');
  await page.goto('/#/system_setting/log');
  for (const name of ['meeting', 'organization', 'dictionary', 'log']) await expect(tab(name)).toBeVisible();

  await tab('organization').click({ button: 'right' });
  await page.getByTestId('tab-context-menu').getByText('Pin', { exact: true }).click();
  await tab('dictionary').click({ button: 'right' });
  await page.getByTestId('tab-context-menu').getByText('Close others').click();
  await expect(tab('log')).toHaveCount(0);
  await expect(tab('meeting')).toBeVisible(); // permanent
  await expect(tab('organization')).toBeVisible(); // pinned
  await expect(tab('dictionary')).toBeVisible();

  // The context menu closes on Escape.
  await tab('dictionary').click({ button: 'right' });
  await expect(page.getByTestId('tab-context-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tab-context-menu')).toBeHidden();

  // A cached page keeps its state across tab switches; reloading the tab resets it.
  await tab('meeting').click();
  await expect(page.getByTestId('meeting-search-input')).toHaveValue('annual congress');
  await tab('meeting').click({ button: 'right' });
  await page.getByTestId('tab-context-menu').getByText('Reload', { exact: true }).click();
  await expect(page.getByTestId('meeting-search-input')).toHaveValue('');
  await snap(page, info, 'tabs');

  // Pinned tabs are remembered per user across logins.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/#\/login/);
  await login(page);
  await expect(tab('organization')).toBeVisible();
});
