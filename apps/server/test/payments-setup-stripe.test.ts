import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { settings } from './payments-setup-fixtures.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

/** A server with Stripe's keys offers Stripe Checkout on the fees page (payments-setup.test.ts: one without refuses it). */
describe(`the fees page on a server with Stripe (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;

  beforeAll(async () => {
    ctx = await createTestContext({ STRIPE_SECRET_KEY: 'sk_test_fees', STRIPE_WEBHOOK_SECRET: 'whsec_fees' });
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(() => ctx.close());

  it('says Stripe is configured and saves it as a method', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const url = `/api/meetings/${meeting.id}/payment-settings`;
    expect((await admin('GET', url)).json().data.stripe_configured).toBe(true);
    const saved = await admin('PUT', url, settings({ currency: 'MOP', methods: ['stripe', 'desk'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.methods).toEqual(['stripe', 'desk']);
  });
});
