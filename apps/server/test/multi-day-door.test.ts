import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DAY_END_STATION,
  type AttendanceRecord,
  type AttendanceStats,
  type MeetingDashboard,
  type ScanAnswer,
} from '@meetflow/shared/schemas/attendance';
import { localDate, localDayTime, startOfLocalDay } from '../src/lib/local-time.ts';
import { adminApi, readWorkbook, sheetValues, signUpGuest, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const ZONE = 'Asia/Macau';

/**
 * A meeting over two days at the door (issue 12): attendance is per local day of TIME_ZONE, so a
 * guest still inside at the end of day one is closed out then, and their first scan of day two is
 * an entry. The clock crosses Macao's midnight, which is not the test machine's (UTC).
 */
describe(`multi-day meetings at the door, TIME_ZONE=${ZONE} (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let dated: MeetingFixture;
  let session: number;
  /** Guests of the general meeting by the story they play. */
  const code: Record<'manual' | 'station' | 'away' | 'left' | 'race', string> = {
    manual: '',
    station: '',
    away: '',
    left: '',
    race: '',
  };
  let sessionGuest: string;
  /** At the session on day one, not back on day two. */
  let sessionGone: string;
  let dayOne: string;
  let dayTwo: string;
  /** Macao midnight between the two days. */
  let midnight: number;

  const scan = async (
    body: { guest_code: string; direction: 'in' | 'out' | 'auto'; manual?: boolean; schedule_id?: number },
    meetingId = meeting.id,
  ) => {
    const res = await admin('POST', '/api/attendance/scans', {
      meeting_id: meetingId,
      station: body.manual ? '' : 'Gate A',
      nonce: randomUUID(),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ScanAnswer;
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await admin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const stats = (query = `meeting_id=${meeting.id}`) =>
    get<AttendanceStats>(`/api/attendance/stats?${query}`);
  const records = async (query: string) =>
    (
      await get<{ items: AttendanceRecord[] }>(
        `/api/attendance/records?meeting_id=${meeting.id}&page_size=100&${query}`,
      )
    ).items;
  const guestIdOf = async (guestCode: string) =>
    Number(
      (
        await ctx.db
          .selectFrom('guests')
          .select('id')
          .where('guest_code', '=', guestCode)
          .executeTakeFirstOrThrow()
      ).id,
    );

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    const org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { name: '兩日年會' });
    dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    session = await createSchedule(ctx.db, dated.id, 0, 'Workshop');
    const userType = await createUserType(ctx.db, dated.id, [session]);
    let n = 0;
    for (const key of Object.keys(code) as (keyof typeof code)[]) {
      code[key] = await signUpGuest(ctx, meeting.publicId, generalBody(n), n);
      n += 1;
    }
    sessionGuest = await signUpGuest(ctx, dated.publicId, dateScheduleBody(50, userType, [session]), 50);
    sessionGone = await signUpGuest(ctx, dated.publicId, dateScheduleBody(51, userType, [session]), 51);

    // 23:50 in Macao on a coming day, and log in again then (access tokens last two hours).
    midnight = localDayTime(ctx.now(), 2);
    ctx.advance(midnight - 10 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    dayOne = localDate(ctx.now());
    dayTwo = localDate(midnight);

    for (const guest of [code.manual, code.away, code.left, code.race]) {
      expect((await scan({ guest_code: guest, direction: 'in' })).result).toBe('success');
    }
    expect(await scan({ guest_code: code.station, direction: 'auto' })).toMatchObject({
      result: 'success',
      type: 'in',
    });
    ctx.advance(ctx.config.scanRepeatWindowMs); // a new scan, not a repeat of the entry
    expect(await scan({ guest_code: code.left, direction: 'out' })).toMatchObject({ result: 'success' });
    for (const guest of [sessionGuest, sessionGone]) {
      expect(
        await scan({ guest_code: guest, direction: 'in', schedule_id: session }, dated.id),
      ).toMatchObject({ result: 'success', type: 'in' });
    }
    expect(await stats()).toEqual({ signed_up: 5, waiting: 0, checked_in_today: 5, inside: 4, left: 1 });

    // 00:05 on day two.
    ctx.advance(15 * MINUTE);
    expect(startOfLocalDay(ctx.now())).toBe(midnight);
  });
  afterAll(() => ctx.close());

  it('starts day two with nobody inside, before anyone scans', async () => {
    expect(await stats()).toEqual({ signed_up: 5, waiting: 0, checked_in_today: 0, inside: 0, left: 0 });
    expect(await stats(`meeting_id=${dated.id}&schedule_id=${session}`)).toMatchObject({
      checked_in_today: 0,
      inside: 0,
    });
    const inside = await get<{ total: number }>(`/api/meetings/${meeting.id}/guests?status=checked_in`);
    expect(inside.total).toBe(0);
    const left = await get<{ total: number }>(`/api/meetings/${meeting.id}/guests?status=left`);
    expect(left.total).toBe(5);
  });

  it("closes out everyone still inside at day one's end with an automatic exit, by nobody", async () => {
    // Reading the records writes the close-outs the meeting has not had yet.
    const closeOuts = (await records(`day=${dayOne}`)).filter((r) => r.station === DAY_END_STATION);
    const guestIds = await Promise.all([code.manual, code.station, code.away, code.race].map(guestIdOf));
    expect(closeOuts.map((r) => r.guest_id).sort()).toEqual(guestIds.sort());
    for (const r of closeOuts) {
      expect(r).toMatchObject({ type: 'out', created_at: midnight - 1, operator_name: null });
    }
  });

  it("records a manual entry on day two for a guest inside at day one's end", async () => {
    const answer = await scan({ guest_code: code.manual, direction: 'in', manual: true });
    expect(answer).toMatchObject({ result: 'success', type: 'in', at: ctx.now() });
  });

  it('records an automatic station scan on day two as an entry, not an exit', async () => {
    const answer = await scan({ guest_code: code.station, direction: 'auto' });
    expect(answer).toMatchObject({ result: 'success', type: 'in' });
    // The next automatic scan (after the repeat window) is the exit of today's visit.
    ctx.advance(ctx.config.scanRepeatWindowMs);
    expect(await scan({ guest_code: code.station, direction: 'auto' })).toMatchObject({
      result: 'success',
      type: 'out',
    });
    ctx.advance(ctx.config.scanRepeatWindowMs);
    expect(await scan({ guest_code: code.station, direction: 'auto' })).toMatchObject({
      result: 'success',
      type: 'in',
    });
  });

  it('records a session entry on day two, and closes out the session guests of day one', async () => {
    expect(
      await scan({ guest_code: sessionGuest, direction: 'in', schedule_id: session }, dated.id),
    ).toMatchObject({ result: 'success', type: 'in' });
    // The meeting's first scan of the day closes out (in the background) the guest who did not come back.
    await vi.waitFor(async () => {
      const closedOut = await ctx.db
        .selectFrom('check_ins')
        .select(['type', 'scope_id', 'created_at', 'operator_id'])
        .where('guest_id', '=', await guestIdOf(sessionGone))
        .where('station', '=', DAY_END_STATION)
        .execute();
      expect(
        closedOut.map((r) => ({ ...r, scope_id: Number(r.scope_id), created_at: Number(r.created_at) })),
      ).toEqual([{ type: 'out', scope_id: session, created_at: midnight - 1, operator_id: null }]);
    });
    expect(await stats(`meeting_id=${dated.id}&schedule_id=${session}`)).toMatchObject({
      checked_in_today: 1,
      inside: 1,
    });
  });

  it('answers an exit on day two for a guest closed out at day one as a duplicate', async () => {
    const answer = await scan({ guest_code: code.away, direction: 'out' });
    expect(answer).toMatchObject({ result: 'duplicate', type: 'out', previous_at: midnight - 1 });
  });

  it('records one entry when three entry stations scan a guest of day one at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => scan({ guest_code: code.race, direction: 'in' })));
    expect(answers.map((a) => a.result).sort()).toEqual(['duplicate', 'duplicate', 'success']);
    const guestId = await guestIdOf(code.race);
    const log = await ctx.db
      .selectFrom('check_ins')
      .select(['type', 'station'])
      .where('guest_id', '=', guestId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { type: 'in', station: 'Gate A' },
      { type: 'out', station: DAY_END_STATION },
      { type: 'in', station: 'Gate A' },
    ]);
  });

  it("counts day two in today's statistics", async () => {
    // Entered today: manual, station, race; the session guest's entry is to the session only.
    expect(await stats()).toEqual({ signed_up: 5, waiting: 0, checked_in_today: 3, inside: 3, left: 0 });
  });

  it("lists a session's day one with its close-outs", async () => {
    const sessionRecords = await get<{ items: AttendanceRecord[] }>(
      `/api/attendance/records?meeting_id=${dated.id}&schedule_id=${session}&day=${dayOne}`,
    );
    expect(sessionRecords.items.map((r) => [r.type, r.station, r.operator_name])).toEqual([
      ['out', DAY_END_STATION, null],
      ['out', DAY_END_STATION, null],
      ['in', 'Gate A', expect.any(String)],
      ['in', 'Gate A', expect.any(String)],
    ]);
  });

  it('filters the records by local day', async () => {
    const first = await records(`day=${dayOne}`);
    expect(first.filter((r) => r.type === 'in')).toHaveLength(5);
    expect(first.every((r) => r.created_at < midnight)).toBe(true);
    const second = await records(`day=${dayTwo}`);
    expect(second.map((r) => r.type).sort()).toEqual(['in', 'in', 'in', 'in', 'out']);
    expect(second.every((r) => r.created_at >= midnight && r.station !== DAY_END_STATION)).toBe(true);
    // Combined with the time filters; a day that is not one is refused.
    expect(await records(`day=${dayTwo}&to=${midnight}`)).toEqual([]);
    expect(
      (await admin('GET', `/api/attendance/records?meeting_id=${meeting.id}&day=2026-02-30`)).statusCode,
    ).toBe(400);
  });

  it('shows each day its own arrivals on the dashboard, and today’s figures', async () => {
    const arrivals = (d: MeetingDashboard) => d.arrivals.reduce((sum, a) => sum + a.count, 0);
    const first = await get<MeetingDashboard>(`/api/meetings/${meeting.id}/dashboard?day=${dayOne}`);
    expect(arrivals(first)).toBe(5);
    const second = await get<MeetingDashboard>(`/api/meetings/${meeting.id}/dashboard`);
    expect(second.day).toBe(dayTwo);
    expect(arrivals(second)).toBe(4);
    expect(second.stats).toMatchObject({ checked_in_today: 3, inside: 3 });
  });

  it("exports each guest's status as of today", async () => {
    const res = await admin('GET', `/api/meetings/${meeting.id}/guests/export`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!);
    const name = header!.indexOf('Name');
    const status = header!.indexOf('Attendance');
    expect(name).toBeGreaterThanOrEqual(0);
    expect(status).toBeGreaterThanOrEqual(0);
    const byName = Object.fromEntries(rows.map((r) => [r[name], r[status]]));
    const names = Object.keys(code).map((_, n) => generalBody(n).name as string);
    expect(names.map((g) => byName[g])).toEqual(['Checked in', 'Checked in', 'Left', 'Left', 'Checked in']);
  });

  it('keeps the day-end station for the system', async () => {
    const res = await admin('POST', '/api/attendance/scans', {
      meeting_id: meeting.id,
      guest_code: code.away,
      direction: 'in',
      station: 'Day-End',
      nonce: randomUUID(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('closes out once, at the next scans, an entry of day one committed after the close-out ran', async () => {
    // An entry stamped 23:59:59 whose transaction ended after midnight, when day two was closed
    // already: its log row and summary as that transaction left them.
    const guestId = await guestIdOf(code.left);
    const lateEntry = midnight - 1000;
    await ctx.db
      .insertInto('check_ins')
      .values({
        meeting_id: meeting.id,
        guest_id: guestId,
        scope_id: 0,
        type: 'in',
        station: 'Gate A',
        operator_id: null,
        nonce: randomUUID(),
        created_at: lateEntry,
      })
      .execute();
    await ctx.db
      .updateTable('guest_attendance')
      .set({ inside: 1, last_in_at: lateEntry })
      .where('guest_id', '=', guestId)
      .where('scope_id', '=', 0)
      .execute();
    // Three entry stations at once: one closes the old day and records the entry.
    const answers = await Promise.all([1, 2, 3].map(() => scan({ guest_code: code.left, direction: 'in' })));
    expect(answers.map((a) => a.result).sort()).toEqual(['duplicate', 'duplicate', 'success']);
    const log = await ctx.db
      .selectFrom('check_ins')
      .select(['type', 'station', 'created_at'])
      .where('guest_id', '=', guestId)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(log.map((r) => [r.type, r.station, Number(r.created_at)])).toEqual([
      ['in', 'Gate A', ctx.now()],
      ['out', DAY_END_STATION, midnight - 1],
      ['in', 'Gate A', lateEntry],
    ]);
  });

  it('closes out a meeting of many guests in batches, entries at the same moment included', async () => {
    const big = await createMeeting(ctx.db, await createOrganization(ctx.db), { name: 'Big' });
    const count = 1_200;
    // Four arrival moments on day one, 300 guests each: batches end in the middle of a moment.
    const entries = [0, 1, 2, 3].map((k) => midnight - (4 - k) * 60 * MINUTE);
    for (let start = 0; start < count; start += 300) {
      const ids = await ctx.db
        .insertInto('guests')
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            meeting_id: big.id,
            guest_code: randomUUID(),
            token_hash: randomUUID(),
            area_code: '853',
            phone: `6${String(start + i).padStart(7, '0')}`,
            email: `big${start + i}@example.com`,
            name: `Big ${start + i}`,
            created_at: midnight - DAY_MS,
          })),
        )
        .returning('id')
        .execute();
      const at = entries[start / 300]!;
      await ctx.db
        .insertInto('guest_attendance')
        .values(
          ids.map(({ id }) => ({
            guest_id: id,
            scope_id: 0,
            meeting_id: big.id,
            inside: 1,
            first_in_at: at,
            last_in_at: at,
            last_out_at: null,
          })),
        )
        .execute();
    }
    const res = await admin('GET', `/api/attendance/records?meeting_id=${big.id}&day=${dayOne}&page_size=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(count);
    const open = await ctx.db
      .selectFrom('guest_attendance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', big.id)
      .where('inside', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
  });
});
