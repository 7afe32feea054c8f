import { expect, test } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { login, pageTitle, snap } from '../../support/session.ts';

/*
 * Integrations on a 360 px phone, in simplified Chinese: an organiser away from the desk makes a token
 * (the secret fits and can be copied) and looks at the webhooks page. axe-core on both.
 */
test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('API tokens and webhooks fit a phone in zh-cn', async ({ page }, info) => {
  await login(page, 'zh-cn');
  await page.goto('/#/system_setting/api-tokens');
  await expect(pageTitle(page)).toHaveText('API 令牌');
  await page.getByTestId('api-token-add').click();
  await page.getByTestId('api-token-form-name').fill(`手机令牌 ${Date.now()}`);
  await page.getByTestId('api-token-permission-guest:view').click();
  await page.getByTestId('api-token-form-submit').click();
  const modal = page.getByTestId('secret-modal');
  await expect(modal).toBeVisible();
  // The whole secret is on screen, inside the phone's width.
  const box = (await modal.getByTestId('secret-value').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'phone secret modal');
  await snap(page, info, 'api-token-secret-zh-cn');
  await modal.getByTestId('secret-copy').click();
  await page.getByTestId('secret-done').click();
  await expect(modal).toHaveCount(0);
  await expectAccessible(page, 'phone api tokens');
  await snap(page, info, 'api-tokens-zh-cn');

  await page.goto('/#/system_setting/webhooks');
  await expect(pageTitle(page)).toHaveText('Webhook');
  await expectAccessible(page, 'phone webhooks');
  // No sideways scroll of the page itself: tables scroll inside their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await snap(page, info, 'webhooks-zh-cn');
});
