import { expect, test } from '@playwright/test';
import { login, pageTitle, snap } from '../../support/session.ts';

test('the phone layout hides the sidebar behind a menu button', async ({ page }, info) => {
  await login(page);
  await expect(page.getByTestId('mobile-menu-button')).toBeVisible();
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await snap(page, info, 'menu-open');
  // Opening a closed group leads to its first child (spec §2) and closes the drawer.
  await page.getByTestId('sidebar').getByText('系統設定').click();
  await expect(page).toHaveURL(/#\/system_setting\/organization$/);
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('sidebar').getByText('系統日誌').click();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page).toHaveURL(/#\/system_setting\/log$/);
  await expect(pageTitle(page)).toHaveText('系統日誌');
  // Nothing overflows the 360 px width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, info, 'log');
});
