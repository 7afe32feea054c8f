import { beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryDetail } from '@meetflow/shared/schemas/integrations';
import { backoffMs } from '../src/modules/jobs/jobs.service.ts';
import { adminApi, scan, signUpGuest, userWithRole, type Api } from './guest-fixtures.ts';
import { TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, generalBody, signUp } from './registration-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { webhooksSuite } from './webhooks-fixtures.ts';

/**
 * Webhooks (issue 21): events written with the change, signed per Standard Webhooks, delivered at
 * least once with back-off, in order per guest, logged per attempt, redelivered by hand, switched
 * off when the receiver is gone, and never sent into the server's own network unless allowed.
 */
describe(`webhooks (${TEST_DB})`, () => {
  const suite = webhooksSuite();
  const { endpoint, run, deliveries } = suite;
  let ctx: TestContext;
  let admin: Api;
  let orgId: number;
  let receiver: Receiver;
  beforeAll(() => {
    ({ ctx, admin, orgId, receiver } = suite.state());
  });

  it('retries a failing receiver with back-off: one request per attempt, the log shows each', async () => {
    const failing = await startReceiver((n) => (n <= 3 ? 500 : 200));
    try {
      const hook = await endpoint(admin, failing.url, {
        event_types: ['meeting.deleted', 'guest.signed_up'],
      });
      const meeting = await createMeeting(ctx.db, orgId);
      await signUpGuest(ctx, meeting.publicId, generalBody(2), 2);
      await run();
      expect(failing.received).toHaveLength(1);
      // Nothing is sent again before its time.
      await run();
      expect(failing.received).toHaveLength(1);
      for (let attempt = 1; attempt <= 3; attempt++) {
        ctx.advance(backoffMs(attempt));
        await run();
        expect(failing.received).toHaveLength(attempt + 1);
      }
      ctx.advance(3_600_000);
      await run();
      expect(failing.received).toHaveLength(4);
      // One message: the same webhook-id on every attempt, for the receiver to skip repeats.
      expect(new Set(failing.received.map((r) => r.headers['webhook-id'])).size).toBe(1);

      const [delivery] = await deliveries(admin, hook.id);
      const detail = (await admin('GET', `/api/webhooks/${hook.id}/deliveries/${delivery!.id}`)).json()
        .data as WebhookDeliveryDetail;
      expect(detail.state).toBe('delivered');
      expect(detail.attempt_log.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
      expect(detail.attempt_log[0]!.response_body).toBe('refused 1');
      expect(detail.attempt_log.every((a) => a.duration_ms >= 0 && !a.manual)).toBe(true);
      expect(JSON.parse(detail.request.body).type).toBe('guest.signed_up');
      const endpointNow = (await admin('GET', `/api/webhooks/${hook.id}`)).json().data;
      expect(endpointNow.failing_since).toBeNull();
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await failing.close();
    }
  });

  it("holds a guest's later events until the earlier one is through", async () => {
    const flaky = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const hook = await endpoint(admin, flaky.url, { event_types: ['guest.signed_up', 'scan.recorded'] });
      const meeting = await createMeeting(ctx.db, orgId);
      const code = await signUpGuest(ctx, meeting.publicId, generalBody(3), 3);
      await run();
      expect(flaky.events().map((e) => e.type)).toEqual(['guest.signed_up']);
      // The scan happens while the sign-up waits for its retry: it waits behind it.
      await scan(admin, meeting.id, code, 'in');
      await run();
      expect(flaky.received).toHaveLength(1);
      ctx.advance(backoffMs(1));
      await run();
      expect(flaky.events().map((e) => e.type)).toEqual([
        'guest.signed_up',
        'guest.signed_up',
        'scan.recorded',
      ]);
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await flaky.close();
    }
  });

  it('switches a receiver that keeps failing off, tells its creator, and redelivers by hand', async () => {
    const organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
    const gone = await startReceiver(() => 500);
    try {
      const hook = await endpoint(organiser, gone.url, { event_types: ['guest.signed_up'] });
      const meeting = await createMeeting(ctx.db, orgId);
      await signUpGuest(ctx, meeting.publicId, generalBody(4), 4);
      await run();
      for (let attempt = 1; attempt < 8; attempt++) {
        ctx.advance(backoffMs(attempt));
        await run();
      }
      expect(gone.received).toHaveLength(8);
      const off = (await organiser('GET', `/api/webhooks/${hook.id}`)).json().data;
      expect(off).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect(off.failing_since).not.toBeNull();
      const notes = (await organiser('GET', '/api/me/notifications')).json().data.items as {
        type: string;
        message: string;
      }[];
      expect(notes.find((n) => n.type === 'webhook_disabled')?.message).toContain(gone.url);
      const [failed] = await deliveries(organiser, hook.id);
      expect(failed).toMatchObject({ state: 'failed', attempts: 8 });

      // Nothing more is queued or sent while it is off.
      await signUpGuest(ctx, meeting.publicId, generalBody(5), 5);
      ctx.advance(86_400_000);
      await run();
      expect(gone.received).toHaveLength(8);
      expect(await deliveries(organiser, hook.id)).toHaveLength(1);

      // The receiver is back: the organiser resends the failed message and switches it on again.
      gone.answer(() => 204);
      const resent = await organiser('POST', `/api/webhooks/${hook.id}/deliveries/${failed!.id}/redeliver`);
      expect(resent.statusCode, resent.body).toBe(200);
      const detail = resent.json().data as WebhookDeliveryDetail;
      expect(detail.state).toBe('delivered');
      expect(detail.attempt_log.at(-1)).toMatchObject({ status_code: 204, manual: true });
      expect(gone.received.at(-1)!.headers['webhook-id']).toBe(gone.received[0]!.headers['webhook-id']);
      const on = await organiser('PUT', `/api/webhooks/${hook.id}`, {
        url: gone.url,
        event_types: ['guest.signed_up'],
        enabled: true,
        organization_id: orgId,
      });
      expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
      const audit = await ctx.db
        .selectFrom('system_logs')
        .select('message_key')
        .where('message_key', 'in', ['webhook.disabled', 'webhook.redelivered', 'webhook.created'])
        .execute();
      expect(new Set(audit.map((a) => a.message_key))).toEqual(
        new Set(['webhook.disabled', 'webhook.redelivered', 'webhook.created']),
      );
      await organiser('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await gone.close();
    }
  });

  it('keeps an endpoint on when it refuses one message but accepts the others', async () => {
    const picky = await startReceiver((_n, message) =>
      JSON.parse(message.body).data.guest_id === poisonGuest ? 400 : 200,
    );
    let poisonGuest = -1;
    try {
      const hook = await endpoint(admin, picky.url, { event_types: ['guest.signed_up'] });
      const meeting = await createMeeting(ctx.db, orgId);
      const code = await signUpGuest(ctx, meeting.publicId, generalBody(30), 30);
      poisonGuest = (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('guest_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
      await run();
      // Every retry of the refused message, with other guests' sign-ups accepted in between.
      for (let attempt = 1; attempt < 8; attempt++) {
        await signUpGuest(ctx, meeting.publicId, generalBody(30 + attempt), 30 + attempt);
        await run();
        // The refused message's retry, alone in its pass.
        ctx.advance(backoffMs(attempt));
        await run();
      }
      const states = (await deliveries(admin, hook.id)).map((d) => d.state);
      expect(states.filter((s) => s === 'failed')).toHaveLength(1);
      expect(states.filter((s) => s === 'delivered')).toHaveLength(7);
      expect((await admin('GET', `/api/webhooks/${hook.id}`)).json().data).toMatchObject({ enabled: true });
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await picky.close();
    }
  });

  it('does not fail a sign-up when its cached endpoint was deleted elsewhere a moment ago', async () => {
    const hook = await endpoint(admin, receiver.url, { event_types: ['guest.signed_up'] });
    const meeting = await createMeeting(ctx.db, orgId);
    await signUpGuest(ctx, meeting.publicId, generalBody(40), 40);
    // Another instance deletes it: this one's cached list still names it for a few seconds.
    await ctx.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', hook.id).execute();
    await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', hook.id).execute();
    const res = await signUp(ctx, meeting.publicId, generalBody(41), 41);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await ctx.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', hook.id).execute(),
    ).toEqual([]);
  });

  it('gives up what an endpoint had queued when it moves to another organisation, and never redelivers under a lease', async () => {
    const down = await startReceiver(() => 503);
    try {
      const hook = await endpoint(admin, down.url, { event_types: ['guest.signed_up'] });
      const meeting = await createMeeting(ctx.db, orgId);
      await signUpGuest(ctx, meeting.publicId, generalBody(50), 50);
      await run();
      const [queued] = await deliveries(admin, hook.id);
      expect(queued!.state).toBe('pending');
      // A dispatcher holds it (another instance, mid-request): a manual resend must wait.
      await ctx.db
        .updateTable('webhook_deliveries')
        .set({ lease_until: ctx.now() + 30_000 })
        .where('id', '=', queued!.id)
        .execute();
      const busy = await admin('POST', `/api/webhooks/${hook.id}/deliveries/${queued!.id}/redeliver`);
      expect(busy.statusCode).toBe(409);
      expect(down.received).toHaveLength(1);

      const elsewhere = (await admin('POST', '/api/organizations', { name: `Moved ${Date.now()}` })).json()
        .data.id as number;
      const moved = await admin('PUT', `/api/webhooks/${hook.id}`, {
        url: down.url,
        event_types: ['guest.signed_up'],
        organization_id: elsewhere,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const [abandoned] = await deliveries(admin, hook.id);
      expect(abandoned).toMatchObject({ state: 'failed' });
      ctx.advance(86_400_000);
      await run();
      expect(down.received).toHaveLength(1);
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await down.close();
    }
  });
});
