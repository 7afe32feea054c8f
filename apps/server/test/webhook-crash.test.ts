import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import { freePort, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/*
 * A server killed (SIGKILL) while its webhook requests are in flight: no event is lost. The
 * deliveries it had claimed stay in the outbox under its lease; once the lease has passed another
 * instance sends them again, with the same webhook-id.
 */

const EVENTS = 20;

describe(`webhook delivery killed mid-request (${TEST_DB})`, () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let instance: Instance | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver(() => 'hang');
  });
  afterAll(async () => {
    if (instance) await stopInstance(instance);
    await receiver.close();
    await ctx.close();
  });

  it('sends every claimed event again after the lease, none lost', async () => {
    const admin = adminApi(ctx, (await ctx.login()).access_token);
    const orgId = await createOrganization(ctx.db);
    const hook = await admin('POST', '/api/webhooks', {
      url: receiver.url,
      event_types: ['guest.signed_up'],
      organization_id: orgId,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const meeting = await createMeeting(ctx.db, orgId);
    // Written through this process, whose runner is not started: the real server below sends them.
    for (let n = 0; n < EVENTS; n++)
      expect((await signUp(ctx, meeting.publicId, generalBody(n), n)).statusCode).toBe(200);
    const pending = () =>
      ctx.db
        .selectFrom('webhook_deliveries')
        .select(['message_id', 'state', 'attempts', 'lease_until'])
        .execute();
    expect((await pending()).every((d) => d.state === 'pending' && d.attempts === 0)).toBe(true);

    instance = await startInstance(ctx, await freePort(), { WEBHOOK_ALLOW_PRIVATE: 'true' });
    // Every request is in flight at the receiver, which holds it: then the server dies.
    await receiver.waitFor(EVENTS);
    instance.child.kill('SIGKILL');
    await stopInstance(instance);
    instance = undefined;

    const cut = await pending();
    expect(cut).toHaveLength(EVENTS);
    expect(cut.every((d) => d.state === 'pending' && d.attempts === 1 && d.lease_until !== null)).toBe(true);
    const attemptsLogged = await ctx.db.selectFrom('webhook_attempts').select('id').execute();
    expect(attemptsLogged).toHaveLength(0);

    // Another instance (this process) takes them over once the lease has passed.
    receiver.answer(() => 200);
    await ctx.app.jobs.runDue();
    expect(receiver.received).toHaveLength(EVENTS);
    // The killed server leased them on the wall clock for a minute; this clock was set at its start.
    ctx.advance(Date.now() - ctx.now() + 61_000);
    await waitFor(async () => {
      await ctx.app.jobs.runDue();
      return receiver.received.length >= 2 * EVENTS;
    }, 10_000);

    const done = await pending();
    expect(done.every((d) => d.state === 'delivered' && d.attempts === 2)).toBe(true);
    // At least once, never lost: each message arrived twice, with the same id both times.
    const ids = receiver.received.map((r) => r.headers['webhook-id'] as string);
    expect(new Set(ids).size).toBe(EVENTS);
    expect(new Set(ids)).toEqual(new Set(done.map((d) => d.message_id)));
  }, 60_000);
});
