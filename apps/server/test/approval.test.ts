import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/secure-random.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { listState, openList, secondInstance } from './waitlist-fixtures.ts';

const DAY = 86_400_000;

/*
 * Approval (issue 45) on the real database: a held seat and its rejection handed to the waiting
 * list, an application without a seat taking one only when approved (and refused past the limit),
 * the applicant's state on their page and by phone, the same queue decided by two instances at once
 * (each application once), and a rejected applicant's data erased after the meeting's days.
 */
describe(`approval (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let org: number;
  const figures: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    if (figures.length) process.stdout.write(`[approval ${TEST_DB}] ${figures.join('; ')}\n`);
    await ctx.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  async function approvalMeeting(limit: number, held: boolean, eraseDays = 7) {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: limit });
    const res = await api('PUT', `/api/meetings/${meeting.id}/admission`, {
      approval: 'all',
      approval_holds_seat: held,
      reject_erase_days: eraseDays,
      group_max: 0,
    });
    expect(res.statusCode).toBe(200);
    return meeting;
  }

  const queue = async (meetingId: number, status = 'pending') =>
    (await api('GET', `/api/meetings/${meetingId}/applications?status=${status}`)).json().data;

  const decide = (meetingId: number, ids: number[], decision: 'approve' | 'reject', reason = '') =>
    api('POST', `/api/meetings/${meetingId}/applications/decide`, { ids, decision, reason });

  it('a held seat, rejected, goes to the first on the waiting list', async () => {
    const meeting = await approvalMeeting(1, true);
    await openList(ctx.db, meeting.id);
    const a = await signUp(ctx, meeting.publicId, generalBody(101), 101);
    expect(a.statusCode).toBe(200);
    // Held: a guest row awaiting approval, without its code.
    expect(a.json().data.guest).toMatchObject({ guest_code: null, approval: 'pending' });
    const b = await signUp(ctx, meeting.publicId, generalBody(102), 102);
    expect(b.json().data.waiting).not.toBeNull();
    expect((await listState(ctx.db, meeting.id)).taken).toBe(1);

    const pending = await queue(meeting.id);
    expect(pending.counts.pending).toBe(1);
    expect(pending.items[0]).toMatchObject({ holds_seat: true, display_name: 'Guest 101' });
    const reasonless = await decide(meeting.id, [pending.items[0].id], 'reject');
    expect(reasonless.json().code).toBe(40040);
    const rejected = await decide(meeting.id, [pending.items[0].id], 'reject', 'Members only');
    expect(rejected.json().data).toEqual({ decided: [pending.items[0].id], refused: [] });

    const state = await listState(ctx.db, meeting.id);
    expect(state.taken).toBe(1);
    expect(state.withStatus('promoted')).toHaveLength(1);
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['name', 'approval', 'cancelled_at'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(guests).toMatchObject([
      { name: 'Guest 101', approval: 'rejected', cancelled_at: expect.any(Number) },
      { name: 'Guest 102', cancelled_at: null },
    ]);
    // The guest's page no longer opens; the decision is not taken twice.
    const page = await guestRequest(ctx, a.json().data.guest_token, 'GET', '/api/public/guest');
    expect(page.statusCode).not.toBe(200);
    const again = await decide(meeting.id, [pending.items[0].id], 'approve');
    expect(again.json().data.refused).toEqual([{ id: pending.items[0].id, reason: 'APPLICATION_DECIDED' }]);
  });

  it('approving a held seat gives the code; the page shows the state', async () => {
    const meeting = await approvalMeeting(5, true);
    const a = await signUp(ctx, meeting.publicId, generalBody(111), 111);
    const token = a.json().data.guest_token as string;
    const before = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(before.json().data).toMatchObject({ guest_code: null, approval: 'pending' });
    const [item] = (await queue(meeting.id)).items;
    expect((await decide(meeting.id, [item.id], 'approve')).json().data.decided).toEqual([item.id]);
    const after = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(after.json().data).toMatchObject({ guest_code: expect.any(String), approval: 'approved' });
    const row = await ctx.db
      .selectFrom('guests')
      .select(['approval', 'mail_pending'])
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(row.approval).toBe('approved');
  });

  it('without a held seat: no seat while pending, one when approved, refused past the limit', async () => {
    const meeting = await approvalMeeting(1, false);
    const a = await signUp(ctx, meeting.publicId, generalBody(121), 121);
    const b = await signUp(ctx, meeting.publicId, generalBody(122), 122);
    expect(a.json().data).toMatchObject({ guest: null, waiting: null, application: { status: 'pending' } });
    const twice = await signUp(ctx, meeting.publicId, generalBody(121), 121);
    expect(twice.json().code).toBe(40922);
    expect((await listState(ctx.db, meeting.id)).taken).toBe(0);
    // The applicant's page and the look-up by phone answer the state.
    const page = await guestRequest(ctx, a.json().data.guest_token, 'GET', '/api/public/guest');
    expect(page.json()).toMatchObject({ code: 40924, data: { application: { status: 'pending' } } });
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup`,
      payload: { area_code: '853', phone: generalBody(121).phone },
      remoteAddress: '10.9.9.9',
    });
    expect(lookup.json().data.application).toMatchObject({ status: 'pending' });

    const items = (await queue(meeting.id)).items as { id: number; holds_seat: boolean }[];
    expect(items.map((i) => i.holds_seat)).toEqual([false, false]);
    const result = (await decide(meeting.id, [items[0]!.id, items[1]!.id], 'approve')).json().data;
    expect(result).toEqual({
      decided: [items[0]!.id],
      refused: [{ id: items[1]!.id, reason: 'MEETING_FULL' }],
    });
    expect((await listState(ctx.db, meeting.id)).taken).toBe(1);
    // The visitor's token opens the guest page now, with the code.
    const approved = await guestRequest(ctx, a.json().data.guest_token, 'GET', '/api/public/guest');
    expect(approved.json().data).toMatchObject({ guest_code: expect.any(String), approval: 'approved' });
    expect((await queue(meeting.id)).counts).toMatchObject({ pending: 1, approved: 1 });
    void b;
  });

  it('two instances deciding the same applications at once decide each once', async () => {
    const meeting = await approvalMeeting(0, false);
    const n = 40;
    for (let i = 0; i < n; i++) {
      const res = await signUp(ctx, meeting.publicId, generalBody(200 + i), 200 + i);
      expect(res.statusCode).toBe(200);
    }
    const ids = (
      (await api('GET', `/api/meetings/${meeting.id}/applications?page_size=200`)).json().data.items as {
        id: number;
      }[]
    ).map((i) => i.id);
    expect(ids).toHaveLength(n);
    const second = await secondInstance(ctx);
    try {
      const started = performance.now();
      const answers = await Promise.all(
        [ctx.app, second.app, ctx.app, second.app].map((app) =>
          app.inject({
            method: 'POST',
            url: `/api/meetings/${meeting.id}/applications/decide`,
            headers: { ...bearer(admin), 'accept-language': 'en' },
            payload: { ids, decision: 'approve' },
          }),
        ),
      );
      const ms = Math.round(performance.now() - started);
      const results = answers.map(
        (r) => r.json().data as { decided: number[]; refused: { reason: string }[] },
      );
      const decided = results.flatMap((r) => r.decided);
      expect(decided.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      expect(results.flatMap((r) => r.refused).every((r) => r.reason === 'APPLICATION_DECIDED')).toBe(true);
      const guests = await ctx.db
        .selectFrom('guests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meeting.id)
        .executeTakeFirstOrThrow();
      expect(Number(guests.n)).toBe(n);
      expect((await listState(ctx.db, meeting.id)).taken).toBe(n);
      figures.push(
        `${n} applications decided by 4 concurrent requests on 2 instances: ${decided.length} decided once, ${ms} ms`,
      );
    } finally {
      await second.close();
    }
  });

  it("erases a rejected applicant's data after the meeting's days", async () => {
    const meeting = await approvalMeeting(5, false, 3);
    const a = await signUp(ctx, meeting.publicId, generalBody(301), 301);
    const token = a.json().data.guest_token as string;
    const [item] = (await queue(meeting.id)).items;
    await decide(meeting.id, [item.id], 'reject', 'Full programme');
    const page = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(page.json().data.application).toMatchObject({ status: 'rejected', reason: 'Full programme' });
    await ctx.app.platform.jobs.runDue();
    const kept = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ phone: `+853${generalBody(301).phone}`, erased_at: null });
    ctx.advance(3 * DAY + 1000);
    await ctx.app.platform.jobs.runDue();
    const erased = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ phone: '', email: '', display_name: '', form: null, token_hash: null });
    expect(erased.erased_at).not.toBeNull();
    expect(
      await ctx.db
        .selectFrom('applications')
        .select('id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
