import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { ADMIN, CAPTCHA_ANSWER } from './constants.ts';

/** Fills and submits the login form that is on screen, with the real captcha flow. */
export async function submitLogin(page: Page, captcha = CAPTCHA_ANSWER, credentials = ADMIN) {
  await page.getByTestId('login-account').fill(credentials.account);
  await page.getByTestId('login-password').fill(credentials.password);
  await expect(page.getByTestId('login-captcha-image')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.getByTestId('login-captcha').fill(captcha);
  await page.getByTestId('login-submit').click();
}

/** Logs in through the login page and waits for the back office. */
export async function login(page: Page, language?: 'zh-tw' | 'zh-cn' | 'en', credentials = ADMIN) {
  await page.goto('/#/login');
  if (language) await switchLanguage(page, language);
  await submitLogin(page, CAPTCHA_ANSWER, credentials);
  await expect(page).toHaveURL(/#\/meeting_management\/meeting/);
  await expect(pageTitle(page)).toBeVisible();
}

export async function switchLanguage(page: Page, language: 'zh-tw' | 'zh-cn' | 'en') {
  await page.getByTestId('lang-switch').first().click();
  await page.getByTestId(`lang-${language}`).click();
  await expect(page.locator('html')).toHaveAttribute(
    'lang',
    language === 'en' ? 'en' : language === 'zh-cn' ? 'zh-CN' : 'zh-TW',
  );
}

/** Saves a full-page screenshot for review under e2e/screenshots/<project>-<name>.png. */
export async function snap(page: Page, info: TestInfo, name: string) {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${info.project.name}-${name}.png`), fullPage: true });
}

/** The title of the page on screen (cached pages stay mounted, hidden, with their own titles). */
export const pageTitle = (page: Page) => page.locator('[data-testid="page-title"]:visible');

export const isPhone = (info: TestInfo) => info.project.name === 'phone';
