import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN,
  BROADCAST_PER_MINUTE,
  CAPTCHA_ANSWER,
  PORT,
  SCAN_REPEAT_MS,
  SMTP_PORT,
  SOURCE_URL,
} from './support/constants.ts';
import { mailDir } from './support/mail.ts';
import { chromiumLaunch } from './support/chromium.ts';
import { build, SERVER } from '../scripts/build.ts';

const root = path.resolve(import.meta.dirname, '..');
// E2E_WEB_DIST (with E2E_PORT) lets two runs with their own builds share a machine.
const webDist = path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web app is not built: run `npm run build` before `npm run test:e2e`.');
}
// The server runs as production runs it, from its build (decision 0127), built again here when its
// sources changed (a second or two) so that a run never tests an older server than the sources. Once,
// in the main process: Playwright loads this file again in each worker, where a rebuild would replace
// the chunks the running server still loads on first use.
if (!process.env.E2E_SERVER_BUILT) {
  if (!build(root, SERVER, true)) throw new Error('The server did not build: see the output above.');
  process.env.E2E_SERVER_BUILT = '1';
}

// One data folder per run, set once in the main process so that workers (which inherit the
// environment) can reach the same database, e.g. to load the demo data into it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mf-e2e-'));
// Where scripts/e2e-server.ts writes the mail it receives, and support/mail.ts reads it.
const receivedMail = mailDir(process.env.E2E_DATA_DIR);

// Debian's Chromium as every browser run here launches it; QUIC off too (the app is served over TCP).
const chromium = chromiumLaunch();
const launchOptions = { ...chromium, args: [...chromium.args, '--disable-quic'] };

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    // In CI a trace only for a failed test's retry: recording every test (screencast frames and DOM
    // snapshots) made the suite take 1.6–2× as long on two cores, mostly in Chromium's GPU process.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /phone\//,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 820 }, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: /desktop\//,
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions,
      },
    },
  ],
  // The SMTP server first, then the app server, in one process (scripts/e2e-server.ts): Playwright
  // starts the web server before any globalSetup, so mail would otherwise meet a closed port.
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: webDist,
      ADMIN_PASSWORD: ADMIN.password,
      MF_CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      SCAN_REPEAT_MS: String(SCAN_REPEAT_MS),
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      MAIL_BROADCAST_PER_MINUTE: String(BROADCAST_PER_MINUTE),
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_MAIL_DIR: receivedMail,
      // The webhook tests' receiver listens on loopback, which the server refuses by default (SSRF guard).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Long and unbroken on purpose: the About box must wrap it on a 360 px phone (phone/about.spec.ts).
      SOURCE_URL,
    },
  },
});
