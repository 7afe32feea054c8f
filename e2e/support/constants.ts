/** E2E_PORT lets two runs share a machine. */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const ADMIN = { account: 'admin', password: 'E2e-admin-pass-1' };
/** Test-only: the server shows and accepts this captcha text only under NODE_ENV=test. */
export const CAPTCHA_ANSWER = '4242';
/** The server's repeat window for scans (SCAN_REPEAT_MS), short so that tests wait little. */
export const SCAN_REPEAT_MS = 1500;
