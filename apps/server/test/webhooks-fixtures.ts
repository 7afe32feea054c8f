import { afterAll, beforeAll, expect } from 'vitest';
import type { WebhookEndpointWithSecret } from '@meetflow/shared/schemas/integrations';
import { WEBHOOK_EVENT_TYPES } from '@meetflow/shared/schemas/integrations';
import { toNextMorning } from './attendance-fixtures.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/**
 * What the webhook test files set up: a server allowed to reach the loopback receiver, an
 * administrator, an organisation and the helpers. `state()` gives the server, the administrator,
 * the organisation and the receiver once the suite's beforeAll has run.
 */
export function webhooksSuite() {
  let ctx: TestContext;
  let admin: Api;
  let orgId: number;
  let receiver: Receiver;

  beforeAll(async () => {
    // The test receiver listens on loopback: the operator setting lets endpoints reach it.
    // Access tokens outlive the hours of retries the clock is moved through.
    ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true', ACCESS_TOKEN_TTL: String(30 * 86_400) });
    // The tests move the clock through hours of retries and whole days: from a morning, no scan
    // pair straddles midnight (whose day-end would close the guest out) whatever time CI starts.
    toNextMorning(ctx);
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = (await admin('POST', '/api/organizations', { name: 'Hooks' })).json().data.id;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  async function endpoint(as: Api, url: string, body: object = {}): Promise<WebhookEndpointWithSecret> {
    const res = await as('POST', '/api/webhooks', {
      url,
      description: 'CRM',
      event_types: [...WEBHOOK_EVENT_TYPES],
      organization_id: orgId,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as WebhookEndpointWithSecret;
  }
  const run = () => ctx.app.jobs.runDue();
  const deliveries = async (as: Api, id: number) => {
    const res = await as('GET', `/api/webhooks/${id}/deliveries?page_size=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as {
      id: number;
      event_type: string;
      state: string;
      attempts: number;
    }[];
  };

  return { state: () => ({ ctx, admin, orgId, receiver }), endpoint, run, deliveries };
}
