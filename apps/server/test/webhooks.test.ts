import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryDetail, WebhookEndpointWithSecret } from '@meetflow/shared/schemas/integrations';
import { WEBHOOK_EVENT_TYPES } from '@meetflow/shared/schemas/integrations';
import { backoffMs } from '../src/modules/jobs/jobs.service.ts';
import { toNextMorning } from './attendance-fixtures.ts';
import { adminApi, scan, signUpGuest, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { multipart, png } from './file-fixtures.ts';
import {
  createMeeting,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { openList } from './waitlist-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/**
 * Webhooks (issue 21): events written with the change, signed per Standard Webhooks, delivered at
 * least once with back-off, in order per guest, logged per attempt, redelivered by hand, switched
 * off when the receiver is gone, and never sent into the server's own network unless allowed.
 */
describe(`webhooks (${TEST_DB})`, () => {
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

  it("signs every event, in each guest's order, with ids and no personal data", async () => {
    const hook = await endpoint(admin, receiver.url);
    const meeting = await createMeeting(ctx.db, orgId);
    const code = await signUpGuest(ctx, meeting.publicId, generalBody(1), 1);
    const guestId = (
      await ctx.db.selectFrom('guests').select('id').where('guest_code', '=', code).executeTakeFirstOrThrow()
    ).id;
    const edited = await admin('PUT', `/api/guests/${guestId}`, generalBody(1, { institution: 'Kiang Wu' }));
    expect(edited.statusCode, edited.body).toBe(200);
    await scan(admin, meeting.id, code, 'in');
    ctx.advance(60_000);
    await scan(admin, meeting.id, code, 'out');
    expect((await admin('DELETE', `/api/guests/${guestId}`)).statusCode).toBe(200);
    await run();

    const verifier = new Webhook(hook.secret);
    const mine = receiver.received.filter((r) => JSON.parse(r.body).data.meeting_id === meeting.id);
    for (const message of mine) {
      // The library's own verifier: signature, id and timestamp.
      expect(() => verifier.verify(message.body, message.headers as Record<string, string>)).not.toThrow();
      expect(message.headers['webhook-id']).toMatch(/^msg_/);
    }
    // A tampered body or another secret fails verification.
    expect(() => verifier.verify(`${mine[0]!.body} `, mine[0]!.headers as Record<string, string>)).toThrow();
    const stranger = new Webhook(`whsec_${Buffer.from('another secret of 24 byte').toString('base64')}`);
    expect(() => stranger.verify(mine[0]!.body, mine[0]!.headers as Record<string, string>)).toThrow();

    const events = mine.map((m) => JSON.parse(m.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual([
      'guest.signed_up',
      'guest.updated',
      'scan.recorded',
      'scan.recorded',
      'guest.cancelled',
    ]);
    expect(events[0]!.data).toMatchObject({ guest_id: guestId, source: 'public' });
    expect(events[1]!.data.changed).toEqual(['institution']);
    expect(events.slice(2, 4).map((e) => e.data.direction)).toEqual(['entry', 'exit']);
    // Ids and facts only: the receiver reads the guest with its token.
    const everything = mine.map((m) => m.body).join('\n');
    for (const value of [code, generalBody(1).phone, generalBody(1).email, generalBody(1).name])
      expect(everything).not.toContain(String(value));

    const log = await deliveries(admin, hook.id);
    expect(log.every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
    await admin('DELETE', `/api/webhooks/${hook.id}`);
  });

  it('reports every kind of change it lists: meetings, enrolments, promotions, exports, certificates', async () => {
    const all = await startReceiver();
    try {
      const hook = await endpoint(admin, all.url);
      // A meeting made, changed and deleted through the back office.
      const upload = multipart([
        { name: 'kind', value: 'banner' },
        { name: 'file', value: png(1600, 600), filename: 'b.png', contentType: 'image/png' },
      ]);
      const banner = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...upload.headers, authorization: `Bearer ${(await ctx.login()).access_token}` },
          payload: upload.payload,
        })
      ).json().data.id as string;
      const form = {
        organization_id: orgId,
        name: '年會',
        name_cn: '年会',
        name_en: 'Annual meeting',
        start_at: ctx.now() + 86_400_000,
        end_at: ctx.now() + 2 * 86_400_000,
        meeting_type: 'general',
        banner_file_id: banner,
      };
      const made = await admin('POST', '/api/meetings', form);
      expect(made.statusCode, made.body).toBe(200);
      const madeId = made.json().data.id as number;
      await admin('PUT', `/api/meetings/${madeId}`, { ...form, name: '年會 2027' });
      await admin('DELETE', `/api/meetings/${madeId}`);

      // A visitor enrols in a session and leaves it; a full meeting's waiting list promotes.
      const meeting = await createMeeting(ctx.db, orgId, {
        meeting_type: 'date_schedule',
        registration_limit: 1,
      });
      const opening = await createSchedule(ctx.db, meeting.id, 0, 'Opening');
      const session = await createSchedule(ctx.db, meeting.id, 0, 'Workshop');
      const type = await createUserType(ctx.db, meeting.id, [opening, session]);
      await openList(ctx.db, meeting.id);
      const first = await signUp(ctx, meeting.publicId, dateScheduleBody(20, type, [opening]), 20);
      expect(first.statusCode, first.body).toBe(200);
      const token = first.json().data.guest_token as string;
      await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', { schedule_id: session });
      await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${session}`);
      const waiting = await signUp(ctx, meeting.publicId, dateScheduleBody(21, type, [opening]), 21);
      expect(waiting.json().data.waiting).not.toBeNull();
      const firstId = (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('meeting_id', '=', meeting.id)
          .executeTakeFirstOrThrow()
      ).id;
      expect((await admin('DELETE', `/api/guests/${firstId}`)).statusCode).toBe(200);

      // An export of the guest list, and a certificate for the guest who came.
      const general = await createMeeting(ctx.db, orgId);
      // Under way now: attendance counts between its start and end.
      await ctx.db
        .updateTable('meetings')
        .set({ start_at: ctx.now() - 3_600_000, end_at: ctx.now() + 86_400_000 })
        .where('id', '=', general.id)
        .execute();
      const code = await signUpGuest(ctx, general.publicId, generalBody(22), 22);
      await scan(admin, general.id, code, 'in');
      ctx.advance(30 * 60_000);
      await scan(admin, general.id, code, 'out');
      expect((await admin('GET', `/api/meetings/${general.id}/guests/export`)).statusCode).toBe(200);
      const guestId = (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('guest_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
      const edited = await admin(
        'PUT',
        `/api/guests/${guestId}`,
        generalBody(22, { institution: 'Kiang Wu' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      const issued = await admin('POST', `/api/meetings/${general.id}/certificates/issue`, {
        guest_ids: [guestId],
      });
      expect(issued.json().data, issued.body).toMatchObject({ done: 1 });

      await run();
      const types = new Set(all.events().map((e) => e.type));
      expect([...types].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
      const byType = (type: string) => all.events().filter((e) => e.type === type);
      expect(byType('meeting.updated')[0]!.data).toMatchObject({ meeting_id: madeId, changed: ['name'] });
      expect(
        byType('enrolment.changed').map((e) => [e.data.added_session_ids, e.data.removed_session_ids]),
      ).toEqual([
        [[session], []],
        [[], [session]],
      ]);
      expect(byType('guest.promoted')[0]!.data).toMatchObject({ meeting_id: meeting.id, session_id: null });
      expect(byType('export.finished')[0]!.data).toMatchObject({
        meeting_id: general.id,
        rows: 1,
        kind: 'guest.exported',
      });
      expect(byType('certificate.issued')[0]!.data).toMatchObject({ guest_id: guestId, minutes: 30 });
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await all.close();
    }
  });

  it("reports the day's end as an exit for a guest who never scanned out", async () => {
    const door = await startReceiver();
    try {
      const hook = await endpoint(admin, door.url, { event_types: ['scan.recorded'] });
      const meeting = await createMeeting(ctx.db, orgId);
      const code = await signUpGuest(ctx, meeting.publicId, generalBody(60), 60);
      await scan(admin, meeting.id, code, 'in');
      // The next day: reading the records writes yesterday's close-out.
      ctx.advance(86_400_000);
      expect((await admin('GET', `/api/attendance/records?meeting_id=${meeting.id}`)).statusCode).toBe(200);
      await run();
      expect(door.events().map((e) => [e.data.direction, e.data.station])).toEqual([
        ['entry', 'Gate A'],
        ['exit', 'day-end'],
      ]);
      await admin('DELETE', `/api/webhooks/${hook.id}`);
    } finally {
      await door.close();
    }
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

  it("keeps each organisation's events and endpoints to itself", async () => {
    const theirs = (await admin('POST', '/api/organizations', { name: 'Elsewhere' })).json().data
      .id as number;
    const organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
    const ours = await startReceiver();
    const all = await startReceiver();
    try {
      const hook = await endpoint(organiser, ours.url, { event_types: ['guest.signed_up'] });
      const everywhere = await endpoint(admin, all.url, {
        event_types: ['guest.signed_up'],
        organization_id: null,
      });
      // An organiser may not listen to every organisation, nor see the administrator's endpoint.
      const refused = await organiser('POST', '/api/webhooks', {
        url: ours.url,
        event_types: ['guest.signed_up'],
        organization_id: null,
      });
      expect(refused.statusCode).toBe(400);
      expect((await organiser('GET', `/api/webhooks/${everywhere.id}`)).statusCode).toBe(404);
      expect((await organiser('GET', '/api/webhooks')).json().data.map((e: { id: number }) => e.id)).toEqual([
        hook.id,
      ]);

      await signUpGuest(ctx, (await createMeeting(ctx.db, orgId)).publicId, generalBody(6), 6);
      await signUpGuest(ctx, (await createMeeting(ctx.db, theirs)).publicId, generalBody(7), 7);
      await run();
      expect(ours.received).toHaveLength(1);
      expect(all.received).toHaveLength(2);
      await organiser('DELETE', `/api/webhooks/${hook.id}`);
      await admin('DELETE', `/api/webhooks/${everywhere.id}`);
    } finally {
      await ours.close();
      await all.close();
    }
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
