import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Sums the gzipped size (KB) of every script the page loads until the ready selector shows. */
async function scriptsLoaded(page: Page, url: string, readySelector: string): Promise<number> {
  const sizes = new Map<string, number>();
  const onResponse = async (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  };
  page.on('response', onResponse);
  await page.goto(url);
  await page.waitForSelector(readySelector);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
}

/**
 * The initial JavaScript a browser really downloads: for a public route, and for the admin
 * shell of a logged-in user opening the back office afresh.
 */
export async function measureInitialJs(baseUrl: string, admin: { account: string; password: string }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: launchArgs,
  });
  try {
    const publicPage = await (await browser.newContext()).newPage();
    const publicKb = await scriptsLoaded(publicPage, `${baseUrl}/#/sign-up/bench`, 'main *');

    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto(`${baseUrl}/#/login`);
    await login.getByTestId('login-account').fill(admin.account);
    await login.getByTestId('login-password').fill(admin.password);
    await login.getByTestId('login-submit').click();
    await login.getByTestId('sidebar').waitFor();
    const adminPage = await context.newPage();
    const adminKb = await scriptsLoaded(
      adminPage,
      `${baseUrl}/#/meeting_management/meeting`,
      '[data-testid="sidebar"]',
    );
    return { publicKb, adminKb };
  } finally {
    await browser.close();
  }
}
