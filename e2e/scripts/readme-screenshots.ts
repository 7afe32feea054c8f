import fs from 'node:fs';
import path from 'node:path';
import { chromium, expect } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium.ts';

/*
 * Takes the README's screenshots from a running server that holds the demo data
 * (npm run seed:demo, then the server with CAPTCHA_ENABLED=false):
 *   BASE_URL=http://127.0.0.1:3000 ADMIN_PASSWORD=… node e2e/scripts/readme-screenshots.ts <sign-up public id>
 */

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const account = process.env.ADMIN_ACCOUNT ?? 'admin';
const password = process.env.ADMIN_PASSWORD;
const publicId = process.argv[2];
if (!password || !publicId) {
  console.error(
    'Usage: ADMIN_PASSWORD=… [BASE_URL=…] node e2e/scripts/readme-screenshots.ts <meeting public id>',
  );
  process.exit(1);
}
const out = path.resolve(import.meta.dirname, '../../docs/images');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch(chromiumLaunch());
try {
  const desktop = await browser.newPage({ viewport: { width: 1440, height: 560 }, locale: 'zh-TW' });
  await desktop.goto(`${base}/#/login`);
  await desktop.getByTestId('login-account').fill(account);
  await desktop.getByTestId('login-password').fill(password);
  await desktop.getByTestId('login-submit').click();
  await expect(desktop).toHaveURL(/#\/meeting_management\/meeting/);
  await expect(desktop.locator('.ant-table-row').first()).toBeVisible();
  await desktop.waitForLoadState('networkidle');
  // The login toast waits for the first page and then stays a few seconds: not part of the picture.
  await expect(desktop.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await desktop.screenshot({ path: path.join(out, 'back-office-meetings.png') });

  const phone = await browser.newPage({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await phone.goto(`${base}/#/sign-up/${publicId}`);
  await expect(phone.getByTestId('public-banner')).toBeVisible();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'phone-sign-up.png') });
} finally {
  await browser.close();
}
console.log(`Screenshots written to ${out}`);
