import { expect, test } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { pageTitle, submitLogin, switchLanguage } from '../../support/session.ts';

// lib/toast's default lifetime (TOAST_DEFAULT_MS), and a margin.
const TOAST_LIFETIME_MS = 3_000;

test('the login toast is shown once the back office is on screen, however slowly it draws', async ({
  page,
}) => {
  // The page's clock runs as usual, and the test can move it on: a slow machine is simulated by
  // letting more than a toast's lifetime pass while the back office still waits for its code.
  await page.clock.install();
  await page.goto('/#/login');
  await switchLanguage(page, 'en');

  // The meeting list's code and its first data are held back until the test lets them through.
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  let codeRequested = false;
  await page.route(/\/assets\/meeting-list-[^/]*\.js$/, async (route) => {
    codeRequested = true;
    await codeHeld;
    await route.continue();
  });
  let releaseData = () => {};
  const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
  await page.route(/\/api\/meetings\?/, async (route) => {
    await dataHeld;
    await route.continue();
  });

  await submitLogin(page);
  await expect(page).toHaveURL(/#\/meeting_management\/meeting/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect.poll(() => codeRequested).toBe(true);
  // Time passes while the page's code is on its way: any toast raised at login would have gone.
  await page.clock.runFor(TOAST_LIFETIME_MS + 1_000);
  releaseCode();

  await expect(pageTitle(page)).toHaveText('Meeting list');
  const toast = page.locator('.ant-message-notice', { hasText: 'Logged in' });
  await expect(toast).toBeVisible();
  // Its data still on its way: the toast does not wait for it.
  releaseData();
  await expect(page.getByTestId('meeting-table')).toBeVisible();
  await expectAccessible(page, 'back office after login, with its toast');
  // Shown once: moving on to another page brings no second one.
  await page.clock.runFor(TOAST_LIFETIME_MS + 1_000);
  await expect(toast).toHaveCount(0);
  await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Guest list' }).click();
  await expect(pageTitle(page)).toHaveText('Guest list');
  await expect(toast).toHaveCount(0);
});
