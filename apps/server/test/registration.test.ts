import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { AppError } from '../src/lib/app-error.ts';
import { sql } from 'kysely';
import { insertGuestTakingSeats, admitGuestBatch } from '../src/modules/guests/guest-rules.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';

describe(`registration engine (${TEST_DB})`, () => {
  let ctx: TestContext;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function counts(meetingId: number) {
    const meeting = await ctx.db
      .selectFrom('meetings')
      .select('registered_count')
      .where('id', '=', meetingId)
      .executeTakeFirstOrThrow();
    const guests = await ctx.db
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meetingId)
      .executeTakeFirstOrThrow();
    return { counter: meeting.registered_count, rows: Number(guests.n) };
  }

  async function sessionCounts(scheduleId: number) {
    const schedule = await ctx.db
      .selectFrom('schedules')
      .select('signup_count')
      .where('id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    const rows = await ctx.db
      .selectFrom('guest_schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    return { counter: schedule.signup_count, rows: Number(rows.n) };
  }

  it('300 concurrent sign-ups for a meeting of 50 seats: exactly 50 accepted, 250 full', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 50 });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => signUp(ctx, meeting.publicId, generalBody(i), i)),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    const full = answers.filter((r) => r.statusCode === 409 && r.json().code === ERRORS.MEETING_FULL.code);
    expect(accepted).toHaveLength(50);
    expect(full).toHaveLength(250);
    expect(await counts(meeting.id)).toEqual({ counter: 50, rows: 50 });
    // Every accepted guest got a distinct token and guest code.
    const codes = new Set(accepted.map((r) => r.json().data.guest.guest_code as string));
    const tokens = new Set(accepted.map((r) => r.json().data.guest_token as string));
    expect(codes.size).toBe(50);
    expect(tokens.size).toBe(50);
    const status = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${meeting.publicId}` });
    expect(status.json().data.status).toBe('full');
  }, 60_000);

  it('10 concurrent sign-ups with the same phone: exactly one accepted, the rest ALREADY_SIGNED_UP', async () => {
    const meeting = await createMeeting(ctx.db, org);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signUp(ctx, meeting.publicId, generalBody(7, { name: `Twin ${i}` }), i),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe(ERRORS.ALREADY_SIGNED_UP.code);
    }
    expect(await counts(meeting.id)).toEqual({ counter: 1, rows: 1 });
    // The same number written differently (spaces) is the same phone.
    const again = await signUp(ctx, meeting.publicId, generalBody(7, { phone: '6600 0007' }), 99);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERRORS.ALREADY_SIGNED_UP.message.en);
  });

  it('the same phone may sign up for another meeting', async () => {
    const a = await createMeeting(ctx.db, org);
    const b = await createMeeting(ctx.db, org);
    expect((await signUp(ctx, a.publicId, generalBody(11), 1)).statusCode).toBe(200);
    expect((await signUp(ctx, b.publicId, generalBody(11), 1)).statusCode).toBe(200);
  });

  it('session limit under concurrent sign-ups: a full session rolls the whole sign-up back', async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 0,
    });
    const small = await createSchedule(ctx.db, meeting.id, 5, 'Small');
    const open = await createSchedule(ctx.db, meeting.id, 0, 'Open');
    const type = await createUserType(ctx.db, meeting.id, [small, open]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signUp(ctx, meeting.publicId, dateScheduleBody(100 + i, type, [open, small]), i),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const full = answers.filter((r) => r.statusCode === 409);
    expect(full).toHaveLength(15);
    for (const r of full) {
      expect(r.json().code).toBe(ERRORS.SESSION_FULL.code);
      expect(r.json().data).toEqual({ schedule_id: small });
    }
    expect(await sessionCounts(small)).toEqual({ counter: 5, rows: 5 });
    // The refused sign-ups took no seat of the other session nor of the meeting.
    expect(await sessionCounts(open)).toEqual({ counter: 5, rows: 5 });
    expect(await counts(meeting.id)).toEqual({ counter: 5, rows: 5 });
    const info = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${meeting.publicId}` });
    const seats = info.json().data.schedules as { id: number; seats_left: number | null }[];
    expect(seats.find((s) => s.id === small)?.seats_left).toBe(0);
    expect(seats.find((s) => s.id === open)?.seats_left).toBeNull();
  });

  it('a session of 5 under concurrent enrol and cancel never holds more than 5; counter = rows', async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const limited = await createSchedule(ctx.db, meeting.id, 5, 'Limited');
    const base = await createSchedule(ctx.db, meeting.id, 0, 'Base');
    const type = await createUserType(ctx.db, meeting.id, [limited, base]);
    const tokens: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await signUp(ctx, meeting.publicId, dateScheduleBody(200 + i, type, [base]), i);
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().data.guest_token);
    }
    const enrol = (token: string) =>
      guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', { schedule_id: limited });
    const cancel = (token: string) =>
      guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${limited}`);

    // Round 1: all 30 race for 5 seats (each twice: enrolling again is idempotent).
    const observed: number[] = [];
    const probe = async () => {
      observed.push((await sessionCounts(limited)).rows);
    };
    const first = await Promise.all([
      ...tokens.map(enrol),
      ...tokens.slice(0, 10).map(enrol),
      probe(),
      probe(),
    ]);
    const firstOk = first.filter((r) => r && r.statusCode === 200).length;
    const firstFull = first.filter((r) => r && r.statusCode === 409);
    for (const r of firstFull) expect(r!.json().code).toBe(ERRORS.SESSION_FULL.code);
    expect(await sessionCounts(limited)).toEqual({ counter: 5, rows: 5 });
    expect(firstOk).toBeGreaterThanOrEqual(5);

    // Rounds 2–4: every guest enrols or cancels at random, concurrently, twice over.
    for (let round = 0; round < 3; round++) {
      const ops = tokens.flatMap((token, i) =>
        (i + round) % 3 === 0 ? [cancel(token), cancel(token)] : [enrol(token), probe()],
      );
      const answers = await Promise.all(ops);
      for (const r of answers) {
        if (r) expect([200, 409]).toContain(r.statusCode);
      }
      const now = await sessionCounts(limited);
      expect(now.counter).toBe(now.rows);
      expect(now.rows).toBeLessThanOrEqual(5);
    }
    expect(Math.max(...observed)).toBeLessThanOrEqual(5);

    // Everyone cancels (twice): every seat is free again, never below zero.
    await Promise.all([...tokens.map(cancel), ...tokens.map(cancel)]);
    expect(await sessionCounts(limited)).toEqual({ counter: 0, rows: 0 });
    expect(await sessionCounts(base)).toEqual({ counter: 30, rows: 30 });
  }, 60_000);

  it('closed states: toggle off, deadline passed, full; unknown and deleted meetings', async () => {
    const off = await createMeeting(ctx.db, org, { signup_enabled: 0 });
    let res = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${off.publicId}` });
    expect(res.json().data.status).toBe('disabled');
    res = await signUp(ctx, off.publicId, generalBody(300), 0);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERRORS.REGISTRATION_CLOSED.code,
      message: 'The registration has closed！',
    });

    const deadline = ctx.now() + 60_000;
    const timed = await createMeeting(ctx.db, org, { registration_deadline: deadline });
    res = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${timed.publicId}` });
    expect(res.json().data).toMatchObject({ status: 'open', registration_deadline: deadline });
    expect((await signUp(ctx, timed.publicId, generalBody(301), 0)).statusCode).toBe(200);
    ctx.advance(120_000);
    res = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${timed.publicId}` });
    expect(res.json().data.status).toBe('deadline_passed');
    res = await signUp(ctx, timed.publicId, generalBody(302), 0, 'zh-tw');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ERRORS.REGISTRATION_CLOSED.code, message: '報名已截止！' });

    const one = await createMeeting(ctx.db, org, { registration_limit: 1 });
    expect((await signUp(ctx, one.publicId, generalBody(303), 0)).statusCode).toBe(200);
    res = await signUp(ctx, one.publicId, generalBody(304), 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERRORS.MEETING_FULL.code);

    for (const url of [
      '/api/public/meetings/no-such-meeting',
      `/api/public/meetings/${(await createMeeting(ctx.db, org, { deleted_at: Date.now() })).publicId}`,
    ]) {
      res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ERRORS.NO_MEETING.code, message: 'No meeting info' });
      res = await ctx.app.inject({
        method: 'POST',
        url: `${url}/sign-ups`,
        payload: generalBody(305),
        headers: { 'accept-language': 'zh-cn' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('查无会议信息');
    }
  });

  /** A guest row as a sign-up writes it, for calling the seat rules directly. */
  const guestValues = (meetingId: number, n: number) => ({
    meeting_id: meetingId,
    area_code: '853',
    phone: `+85366${String(n).padStart(6, '0')}`,
    email: `g${n}@example.com`,
    name: `Guest ${n}`,
    guest_code: `SEAT${String(n).padStart(6, '0')}`,
    token_hash: `hash-${n}`,
    created_at: ctx.now(),
  });

  it('a seat refused at the last moment takes the new guest rows back, and the transaction goes on', async () => {
    // The seats are taken after the rows: a meeting that filled after the early check must leave
    // nothing of the refused guest behind (the caller may put the visitor on the waiting list).
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 1,
    });
    const session = await createSchedule(ctx.db, meeting.id, 0, 'Open');
    await ctx.db.updateTable('meetings').set({ registered_count: 1 }).where('id', '=', meeting.id).execute();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      try {
        await insertGuestTakingSeats(trx, guestValues(meeting.id, 500), [session], ctx.now());
        return 'seated';
      } catch (error) {
        if (!(error instanceof AppError && error.errorName === 'MEETING_FULL')) throw error;
        await trx
          .updateTable('meetings')
          .set({ name_en: 'Still writable' })
          .where('id', '=', meeting.id)
          .execute();
        return 'full';
      }
    });
    expect(outcome).toBe('full');
    expect(await counts(meeting.id)).toEqual({ counter: 1, rows: 0 });
    expect(await sessionCounts(session)).toEqual({ counter: 0, rows: 0 });
    const terms = await ctx.db
      .selectFrom('guest_search_terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(Number(terms.n)).toBe(0);
    const renamed = await ctx.db
      .selectFrom('meetings')
      .select('name_en')
      .where('id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect(renamed.name_en).toBe('Still writable');
  });

  it('a batch of sign-ups: seats in arrival order, a taken phone and a refused seat leave no rows', async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 4,
    });
    const small = await createSchedule(ctx.db, meeting.id, 1, 'Small');
    const open = await createSchedule(ctx.db, meeting.id, 0, 'Open');
    await ctx.db.insertInto('guests').values(guestValues(meeting.id, 600)).execute();
    await ctx.db.updateTable('meetings').set({ registered_count: 1 }).where('id', '=', meeting.id).execute();
    const guest = (n: number, scheduleIds: number[]) => ({ values: guestValues(meeting.id, n), scheduleIds });
    // Phones in reverse order of arrival: the rows go in phone order, the seats in arrival order.
    const batch = [
      guest(609, [open, small]),
      guest(608, [small]),
      guest(600, [open]),
      guest(607, [open]),
      { values: { ...guestValues(meeting.id, 607), guest_code: 'SEAT607BIS' }, scheduleIds: [] },
      guest(606, [open]),
      guest(605, []),
      // The second copy of a refused sign-up: its phone is not taken, it shares the refusal.
      { values: { ...guestValues(meeting.id, 605), guest_code: 'SEAT605BIS' }, scheduleIds: [] },
    ];
    const { outcomes, filled } = await ctx.db
      .transaction()
      .execute((trx) => admitGuestBatch(trx, meeting.id, batch, ctx.now(), TEST_DB === 'postgres'));
    expect(outcomes.map((o) => ('id' in o ? 'seated' : o.refused))).toEqual([
      'seated',
      { full: 'session', scheduleId: small },
      'phone_taken',
      'seated',
      'phone_taken',
      'seated',
      { full: 'meeting' },
      { full: 'meeting' },
    ]);
    expect(filled.meeting).toBe(true);
    expect(filled.sessions.map((s) => s.id)).toEqual([small]);
    expect(await counts(meeting.id)).toEqual({ counter: 4, rows: 4 });
    expect(await sessionCounts(small)).toEqual({ counter: 1, rows: 1 });
    expect(await sessionCounts(open)).toEqual({ counter: 3, rows: 3 });
    // The seated guests' rows are theirs, with their search terms; the refused left nothing.
    const seatedIds = outcomes.flatMap((o) => ('id' in o ? [o.id] : []));
    const rows = await ctx.db
      .selectFrom('guests')
      .select(['id', 'phone'])
      .where('id', 'in', seatedIds)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.phone).sort()).toEqual(['+85366000606', '+85366000607', '+85366000609']);
    const termsOf = await ctx.db
      .selectFrom('guest_search_terms')
      .select('guest_id')
      .distinct()
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(termsOf.map((t) => t.guest_id).sort((a, b) => a - b)).toEqual(seatedIds.sort((a, b) => a - b));
  });

  it('sign-ups arriving together are admitted together; those refused a seat go on to the waiting list', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 30 });
    await ctx.db
      .updateTable('meetings')
      .set({ waitlist_enabled: 1, waitlist_max: 0 })
      .where('id', '=', meeting.id)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signUp(ctx, meeting.publicId, generalBody(700 + i), 700 + i)),
    );
    const seated = answers.filter((r) => r.statusCode === 200 && r.json().data.guest);
    const waiting = answers.filter((r) => r.statusCode === 200 && r.json().data.waiting);
    expect(seated).toHaveLength(30);
    expect(waiting).toHaveLength(10);
    expect(await counts(meeting.id)).toEqual({ counter: 30, rows: 30 });
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select('message_params')
      .where('message_key', '=', 'registration.signed_up')
      .where('message_params', 'like', `%"meeting_id":${meeting.id},%`)
      .execute();
    expect(audit).toHaveLength(30);
    if (TEST_DB === 'postgres') {
      // One transaction wrote many of the rows (each sign-up alone would be one transaction each).
      const { rows } = await sql<{ n: string }>`
        select count(distinct xmin::text) as n from guests where meeting_id = ${meeting.id}`.execute(ctx.db);
      expect(Number(rows[0]!.n)).toBeLessThan(15);
    }
  });

  if (TEST_DB === 'postgres') {
    it('a sign-up writing its rows does not lock the meeting row until it takes its seat', async () => {
      // Its references to the meeting and sessions are checked at COMMIT (migration 2026-11-28-05):
      // checked at each INSERT, they held the row (FOR KEY SHARE) for the whole transaction, and
      // every sign-up's seat update then had to share it with all the others.
      const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
      const session = await createSchedule(ctx.db, meeting.id, 0, 'Open');
      const other = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await other.connect();
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await insertGuestTakingSeats(trx, guestValues(meeting.id, 501), [session], ctx.now());
          // Seats taken: now the rows are this transaction's (another writer waits, as it must).
          const locked = other.query('select id from meetings where id = $1 for update nowait', [meeting.id]);
          await expect(locked).rejects.toMatchObject({ code: '55P03' });
        });
        const meetingRow = await other.query('select id from meetings where id = $1 for update nowait', [
          meeting.id,
        ]);
        expect(meetingRow.rowCount).toBe(1);
        // Before the seats: the guest row and its enrolment hold no lock on the meeting or the session.
        const rolledBack = ctx.db.transaction().execute(async (trx) => {
          const guest = await trx
            .insertInto('guests')
            .values(guestValues(meeting.id, 502))
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('guest_schedules')
            .values({ guest_id: guest.id, schedule_id: session, created_at: ctx.now() })
            .execute();
          for (const table of ['meetings', 'schedules']) {
            const id = table === 'meetings' ? meeting.id : session;
            const free = await other.query(`select id from ${table} where id = $1 for update nowait`, [id]);
            expect(free.rowCount).toBe(1);
          }
          throw new Error('rolled back on purpose');
        });
        await expect(rolledBack).rejects.toThrow('rolled back on purpose');
      } finally {
        await other.end();
      }
    });
  }

  it('a form of the wrong kind for the meeting is refused', async () => {
    const general = await createMeeting(ctx.db, org);
    const res = await signUp(ctx, general.publicId, dateScheduleBody(400, 1, [1]), 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('meeting_type');
  });
});
