import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signUpGuest, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, generalBody } from './registration-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { webhooksSuite } from './webhooks-fixtures.ts';

/**
 * Webhooks (issue 21): events written with the change, signed per Standard Webhooks, delivered at
 * least once with back-off, in order per guest, logged per attempt, redelivered by hand, switched
 * off when the receiver is gone, and never sent into the server's own network unless allowed.
 */
describe(`webhooks (${TEST_DB})`, () => {
  const suite = webhooksSuite();
  const { endpoint } = suite;
  let ctx: TestContext;
  let admin: Api;
  let orgId: number;
  let receiver: Receiver;
  beforeAll(() => {
    ({ ctx, admin, orgId, receiver } = suite.state());
  });
  it('refuses a second endpoint with the same URL in the same scope (409, in three languages)', async () => {
    const url = `${receiver.url}/duplicate`;
    const other = (await admin('POST', '/api/organizations', { name: 'Other hooks' })).json().data
      .id as number;
    const first = await endpoint(admin, url, { event_types: ['guest.signed_up'] });
    const count = async () =>
      (
        await ctx.db
          .selectFrom('webhook_endpoints')
          .select('id')
          .where('url', 'like', '%/duplicate')
          .execute()
      ).length;
    const messages: Record<string, string> = {
      en: 'An endpoint with this URL already exists for the same organisation scope: every event would arrive twice. Edit that endpoint instead',
      'zh-tw': '同一組織範圍內已有傳送到此網址的端點，每個事件會送達兩次；請編輯現有端點',
      'zh-cn': '同一组织范围内已有发送到此网址的端点，每个事件会送达两次；请编辑现有端点',
    };
    // The same address written differently (scheme and host in capitals) is the same endpoint.
    const spellings = [url, url.replace('http://127.0.0.1', 'HTTP://127.0.0.1')];
    for (const [lang, message] of Object.entries(messages)) {
      for (const spelling of spellings) {
        const body = { url: spelling, event_types: ['scan.recorded'], organization_id: orgId };
        const res = await admin('POST', '/api/webhooks', body, lang);
        expect([res.statusCode, res.json()], spelling).toEqual([409, { code: 40940, message, data: null }]);
      }
    }
    expect(await count()).toBe(1);

    // Another organisation, or every organisation, is another scope: allowed.
    const elsewhere = await endpoint(admin, url, { organization_id: other });
    const everywhere = await endpoint(admin, url, { organization_id: null });
    expect(await count()).toBe(3);
    // Moving one into a scope that has the URL is refused too; saving one unchanged is not.
    const moved = await admin('PUT', `/api/webhooks/${elsewhere.id}`, {
      url,
      event_types: ['guest.signed_up'],
      organization_id: orgId,
    });
    expect(moved.statusCode).toBe(409);
    const kept = await admin('PUT', `/api/webhooks/${first.id}`, {
      url,
      description: 'CRM, renamed',
      event_types: ['guest.signed_up'],
      organization_id: orgId,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    for (const hook of [first, elsewhere, everywhere]) await admin('DELETE', `/api/webhooks/${hook.id}`);
  });
});

describe(`webhook addresses (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let receiver: Receiver;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('refuses loopback, private, link-local and non-http URLs unless the operator allows them', async () => {
    const orgId = (await admin('POST', '/api/organizations', { name: 'SSRF' })).json().data.id;
    const attempt = (url: string, lang = 'en') =>
      admin('POST', '/api/webhooks', { url, event_types: ['guest.signed_up'], organization_id: orgId }, lang);
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://[::1]/x',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x',
      'http://[::ffff:127.0.0.1]/x',
    ]) {
      const res = await attempt(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.fields.url, url).toBe(
        'The URL must lead to a public address (not loopback, private or link-local)',
      );
    }
    for (const url of [
      'ftp://example.org/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://user:pw@example.org/',
    ]) {
      const res = await attempt(url, 'zh-cn');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.fields.url, url).toBe('网址须以 http:// 或 https:// 开头');
    }

    // An address that turned private after it was saved (DNS rebinding) is refused at the connection.
    const now = ctx.now();
    const { id } = await ctx.db
      .insertInto('webhook_endpoints')
      .values({
        organization_id: orgId,
        url: receiver.url,
        event_types: JSON.stringify(['guest.signed_up']),
        secret: `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`,
        created_by: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const meeting = await createMeeting(ctx.db, orgId);
    // The cached endpoint list is read again after five seconds.
    ctx.advance(10_000);
    await signUpGuest(ctx, meeting.publicId, generalBody(1), 1);
    await ctx.app.jobs.runDue();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await admin('GET', `/api/webhooks/${id}/deliveries`)).json().data.items;
    expect(delivery.state).toBe('pending');
    expect(delivery.last_error).toBe('refused: not a public address');
  });
});
