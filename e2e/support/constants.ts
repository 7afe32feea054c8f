/** E2E_PORT lets two runs share a machine. */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * The e2e run's own SMTP server (scripts/e2e-server.ts), which the app server sends its mail to.
 * E2E_SMTP_PORT overrides it; by default it follows E2E_PORT (3210 → 4210), so two runs do not clash.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);
export const ADMIN = { account: 'admin', password: 'E2e-admin-pass-1' };
/** Test-only: the server shows and accepts this captcha text only under NODE_ENV=test. */
export const CAPTCHA_ANSWER = '4242';
/** The server's repeat window for scans (SCAN_REPEAT_MS), short so that tests wait little. */
export const SCAN_REPEAT_MS = 1500;
/** Broadcasts go out at this rate in the e2e run (MAIL_BROADCAST_PER_MINUTE): one every 100 ms. */
export const BROADCAST_PER_MINUTE = 600;
/** SOURCE_URL of the e2e server: long and with no hyphen or space to break at, as an address can be. */
export const SOURCE_URL = 'https://git.example.org/collegeofphysiciansofmacao/meetflowcongressedition';
