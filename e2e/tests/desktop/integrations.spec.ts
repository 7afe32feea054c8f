import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { expectAccessible } from '../../support/axe.ts';
import { login, pageTitle, snap, switchLanguage as pickLanguage } from '../../support/session.ts';

/*
 * Integrations (issue 21) in the back office: an API token made in zh-tw, its secret shown once and
 * used against the API, then revoked; a webhook endpoint made in English that receives a signed test
 * event, and its delivery log with a redelivery. axe-core runs on both pages, the secret modal and the
 * delivery log. Screenshots for review land in e2e/screenshots.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE). It answers 200 at
 * once, or, holding, keeps each request waiting until the test calls `release` with a status.
 */
async function startReceiver({ hold = false } = {}) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const answer = (response: ServerResponse, status: number) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: status < 300 }));
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (hold) held.push(response);
      else answer(response, 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/meetflow-hook`,
    received,
    /** Answers every request held so far with this status. */
    release: (status: number) => held.splice(0).forEach((response) => answer(response, status)),
  };
}

/** The Standard Webhooks signature of a message, as a receiver holding `secret` computes it. */
function signature(secret: string, message: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(message.headers['webhook-id'])}.${String(message.headers['webhook-timestamp'])}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/** The secret modal: open, and not closed by a click beside it. Answers the secret it shows. */
async function readSecretOnce(page: Page, prefix: RegExp, state: string): Promise<string> {
  const modal = page.getByTestId('secret-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('secret-warning')).toBeVisible();
  const secret = await modal.getByTestId('secret-value').inputValue();
  expect(secret).toMatch(prefix);
  await expectAccessible(page, state);
  // A click on the mask does nothing; Escape before copying asks first.
  await page.mouse.click(8, 400);
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('secret-close-confirm')).toBeVisible();
  await page.getByTestId('secret-close-back').click();
  await expect(page.getByTestId('secret-close-confirm')).toHaveCount(0);
  // Copied, it closes at once.
  await modal.getByTestId('secret-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByTestId('secret-done').click();
  await expect(modal).toHaveCount(0);
  return secret;
}

/**
 * The pointer off the page and every CSS transition run out, so axe reads colours at rest: a link
 * button just clicked is still hovered, and on a busy machine its colour change is caught midway.
 */
async function atRest(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

/** The language switch of the top bar, its menu gone before the next screenshot. */
async function switchLanguage(page: Page, language: 'zh-tw' | 'en') {
  await pickLanguage(page, language);
  await expect(page.getByTestId(`lang-${language}`)).toBeHidden();
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('an API token is made in zh-tw, works with its secret shown once, and is refused once revoked', async ({
  page,
  request,
}, info) => {
  const name = `同步權杖 ${Date.now()}`;
  await login(page);
  await page.goto('/#/system_setting/api-tokens');
  await expect(pageTitle(page)).toHaveText('API 權杖');
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0);
  await expectAccessible(page, 'api tokens page');

  await page.getByTestId('api-token-add').click();
  const form = page.getByTestId('api-token-form');
  // Nothing chosen: the shared schema's messages, in the page's language.
  await page.getByTestId('api-token-form-submit').click();
  await expect(form).toContainText('請輸入權杖名稱');
  await expect(form).toContainText('請至少選擇一項權限');
  await page.getByTestId('api-token-form-name').fill(name);
  await page.getByTestId('api-token-permission-meeting:view').click();
  await page.getByTestId('api-token-expiry-d30').click();
  await page.getByTestId('api-token-form-submit').click();

  const secret = await readSecretOnce(page, /^mfpat_/, 'api token secret modal');
  const row = page.getByTestId('api-token-table').locator('tr.ant-table-row', { hasText: name });
  await expect(row.getByTestId('api-token-hint')).toHaveText(`mfpat_…${secret.slice(-4)}`);
  await expect(row.getByTestId('api-token-state')).toHaveText('有效');

  // The secret is a bearer token of the API: it acts as its owner.
  const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { data: { account: string } }).data.account).toBe('admin');
  await page.locator('[data-testid="list-toolbar-refresh"]:visible').click();
  await expect(row.getByTestId('api-token-last-used')).toContainText(/127\.0\.0\.1/);
  await snap(page, info, 'api-tokens-zh-tw');

  await row.getByTestId('api-token-revoke').click();
  await page.getByTestId('api-token-revoke-confirm').click();
  await expect(row.getByTestId('api-token-state')).toHaveText('已撤銷');
  await expect(row.getByTestId('api-token-revoke')).toHaveCount(0);
  const refused = await request.get('/api/me', { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);

  await switchLanguage(page, 'en');
  await expect(pageTitle(page)).toHaveText('API tokens');
  await snap(page, info, 'api-tokens-en');
});

test('a webhook endpoint made in English receives a signed test event, shown in its delivery log', async ({
  page,
}, info) => {
  const receiver = await startReceiver();
  try {
    await login(page, 'en');
    await page.goto('/#/system_setting/webhooks');
    await expect(pageTitle(page)).toHaveText('Webhooks');

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-form-url').fill(receiver.url);
    await page.getByTestId('webhook-form-description').fill('CRM sync');
    await page.getByTestId('webhook-form-event-guest.signed_up').click();
    await page.getByTestId('webhook-form-event-scan.recorded').click();
    await page.getByTestId('webhook-form-submit').click();
    const secret = await readSecretOnce(page, /^whsec_/, 'webhook secret modal');

    const row = page.getByTestId('webhook-table').locator('tr.ant-table-row', { hasText: receiver.url });
    await expect(row.getByTestId('webhook-events')).toHaveText(/Guest signed up.*Scan recorded/);
    await expect(row.getByTestId('webhook-toggle')).toBeChecked();
    await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0);
    await expectAccessible(page, 'webhooks page');

    // The test event arrives signed with the secret the modal showed.
    await row.getByTestId('webhook-test').click();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [message] = receiver.received;
    expect(JSON.parse(message!.body)).toMatchObject({ type: 'webhook.test' });
    expect(String(message!.headers['webhook-signature']).split(' ')).toContain(signature(secret, message!));

    await row.getByTestId('webhook-deliveries').click();
    const drawer = page.getByTestId('delivery-drawer');
    const delivery = drawer.locator('tr.ant-table-row').first();
    await expect(delivery.getByTestId('delivery-event')).toHaveText('Test event');
    await expect(delivery.getByTestId('delivery-state')).toHaveText('Delivered');
    await expect(delivery.getByTestId('delivery-status-code')).toHaveText('200');
    await delivery.click();
    const detail = drawer.getByTestId('delivery-detail');
    await expect(detail.getByTestId('delivery-body')).toContainText('"type": "webhook.test"');
    await expect(detail.getByTestId('delivery-headers')).toContainText('webhook-id');
    await detail.getByTestId('delivery-redeliver').click();
    await expect(detail.getByTestId('delivery-attempts').locator('tr.ant-table-row')).toHaveCount(2);
    await expect(detail.getByTestId('delivery-attempts')).toContainText('Manual');
    expect(receiver.received).toHaveLength(2);
    // The same webhook-id on every attempt: a receiver can skip repeats.
    expect(receiver.received[1]!.headers['webhook-id']).toBe(message!.headers['webhook-id']);
    await atRest(page);
    await expectAccessible(page, 'delivery log');
    await snap(page, info, 'webhook-deliveries-en');

    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await snap(page, info, 'webhooks-en');
    await switchLanguage(page, 'zh-tw');
    await expect(row.getByTestId('webhook-events')).toHaveText(/嘉賓報名.*簽到／簽退掃描/);
    await snap(page, info, 'webhooks-zh-tw');
    await row.getByTestId('webhook-deliveries').click();
    await drawer.locator('tr.ant-table-row').first().click();
    await expect(drawer.getByTestId('delivery-attempts')).toContainText('手動');
    await snap(page, info, 'webhook-deliveries-zh-tw');
  } finally {
    receiver.server.close();
  }
});

test('a webhook test waits for the receiver and shows its answer; a second endpoint on the same URL is refused', async ({
  page,
  request,
}, info) => {
  const receiver = await startReceiver({ hold: true });
  try {
    const api = await Api.login(request);
    const body = { url: receiver.url, event_types: ['guest.signed_up'], organization_id: null };
    await api.call('POST', '/webhooks', { ...body, description: 'Held receiver' });
    await login(page, 'en');
    await page.goto('/#/system_setting/webhooks');
    const row = page.getByTestId('webhook-table').locator('tr.ant-table-row', { hasText: receiver.url });
    const testButton = row.getByTestId('webhook-test');
    const result = row.getByTestId('webhook-test-result');

    // While the receiver holds its answer the row says so; the answer then shows with its time.
    await testButton.click();
    await expect.poll(() => receiver.received.length).toBe(1);
    await expect(result).toHaveText('Waiting for the receiver…');
    await expect(testButton).toHaveClass(/ant-btn-loading/);
    // Within the sender's 10 s deadline: the accessibility check comes after the answer.
    await page.screenshot({ path: '/work/shots/39-7-after-waiting-en-1366.png' });
    receiver.release(500);
    await expect(result).toHaveText(/^Not delivered: HTTP 500 · \d+ ms · \d{2}:\d{2}:\d{2}$/);
    await expect(testButton).not.toHaveClass(/ant-btn-loading/);
    await atRest(page);
    await expectAccessible(page, 'webhook test not delivered');
    await page.screenshot({ path: '/work/shots/39-7-after-failed-en-1366.png' });

    await testButton.click();
    await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(2);
    await expect(result).toHaveText('Waiting for the receiver…');
    receiver.release(200);
    await expect(result).toHaveText(/^Delivered: HTTP 200 · \d+ ms · \d{2}:\d{2}:\d{2}$/);
    await atRest(page);
    await expectAccessible(page, 'webhook test delivered');
    await page.screenshot({ path: '/work/shots/39-7-after-delivered-en-1366.png' });
    await switchLanguage(page, 'zh-tw');
    await expect(result).toHaveText(/^已送達：HTTP 200 · \d+ 毫秒 · \d{2}:\d{2}:\d{2}$/);
    await page.screenshot({ path: '/work/shots/39-7-after-delivered-zh-tw-1366.png' });

    // The same URL for the same organisations again: refused under the URL field, the form stays open.
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-form-url').fill(receiver.url);
    await page.getByTestId('webhook-form-event-scan.recorded').click();
    await page.getByTestId('webhook-form-submit').click();
    const form = page.getByTestId('webhook-form');
    await expect(form).toContainText('同一組織範圍內已有傳送到此網址的端點');
    await expect(page.getByTestId('secret-modal')).toHaveCount(0);
    await atRest(page);
    await expectAccessible(page, 'webhook form, URL taken');
    await page.screenshot({ path: '/work/shots/39-7-after-duplicate-zh-tw-1366.png' });
    await snap(page, info, 'webhook-duplicate-zh-tw');
  } finally {
    receiver.release(200);
    receiver.server.close();
  }
});
