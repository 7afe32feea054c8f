import { expect, test } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { ADMIN, CAPTCHA_ANSWER } from '../../support/constants.ts';

/*
 * The API as a product (issue 21): a developer opens /api/docs, authorises with an API token and
 * tries an operation; the token stays out of the browser's storage.
 */
test('a developer authorises /api/docs with an API token and tries GET /api/me', async ({
  page,
  request,
}) => {
  const captcha = (await (await request.get('/api/captcha')).json()) as { data: { captcha_id: string } };
  const login = await request.post('/api/login', {
    data: { ...ADMIN, captcha_id: captcha.data.captcha_id, verify_code: CAPTCHA_ANSWER },
  });
  const access = ((await login.json()) as { data: { token: { access_token: string } } }).data.token
    .access_token;
  const created = await request.post('/api/api-tokens', {
    headers: { Authorization: `Bearer ${access}` },
    data: { name: `docs ${Date.now()}`, permissions: ['meeting:view'], expires_at: null },
  });
  const secret = ((await created.json()) as { data: { secret: string } }).data.secret;

  await page.goto('/api/docs');
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  const dialog = page.locator('.dialog-ux');
  await dialog.locator('input').first().fill(secret);
  await dialog.locator('.modal-btn.auth.authorize').first().click();
  await dialog.locator('.btn-done').first().click();

  const operation = page.locator('.opblock', {
    has: page.locator('.opblock-summary-path', { hasText: /^\/api\/me$/ }),
  });
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const response = operation.locator('.live-responses-table tbody tr.response');
  await expect(response.locator('.response-col_status')).toHaveText('200');
  // The token's own grant, not the administrator's whole role.
  await expect(response.locator('.response-col_description')).toContainText('"meeting:view"');
  await expect(response.locator('.response-col_description')).not.toContainText('user:manage');
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
    secret,
  );
});

test('/api/docs itself passes axe: named fields, text alternatives, legible colours', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ }).first()).toBeVisible();
  await expectAccessible(page, '/api/docs');
});
