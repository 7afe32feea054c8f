import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttendanceStats } from '@meetflow/shared/schemas/attendance';
import {
  createAttendanceMeetings,
  getJson,
  PASSWORD,
  scanner,
  signUpGuest,
  toNextMorning,
  type Guest,
} from './attendance-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { dateScheduleBody } from './registration-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// How the scans themselves behave: attendance-scans.test.ts.
describe(`attendance: statistics, records, dashboard (${TEST_DB})`, () => {
  let ctx: TestContext;
  let organiser: string;
  let door: string;
  let stranger: string;
  let scan: ReturnType<typeof scanner>;
  let meeting: { id: number; publicId: string };
  let other: { id: number; publicId: string };
  let dated: { id: number; publicId: string };
  let sessionA: number;
  let guests: Guest[];
  let datedGuest: Guest;
  let datedUserType: number;

  /** A scan the figures count: it has to be recorded. */
  async function recorded(token: string, body: Parameters<typeof scan>[1]) {
    const res = await scan(token, body);
    expect(res.json().data, res.body).toMatchObject({ result: 'success' });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    scan = scanner(ctx);
    ({ organiser, door, stranger, meeting, other, dated, sessionA, datedUserType, guests, datedGuest } =
      await createAttendanceMeetings(ctx));
    // The morning's first scans: guest 0 enters at 09:00, leaves at 09:10, enters again at 09:12 and
    // leaves at 09:13; at 09:14 guests 1 and 3 enter at door staff's scanner, and the date-schedule
    // guest enters the morning session.
    const guest0 = (direction: 'in' | 'out') => ({
      meeting_id: meeting.id,
      guest_code: guests[0]!.code,
      direction,
    });
    await recorded(organiser, guest0('in'));
    ctx.advance(10 * MINUTE);
    await recorded(organiser, guest0('out'));
    ctx.advance(2 * MINUTE);
    await recorded(organiser, guest0('in'));
    ctx.advance(MINUTE);
    await recorded(organiser, guest0('out'));
    ctx.advance(MINUTE);
    await recorded(door, { meeting_id: meeting.id, guest_code: guests[1]!.code, direction: 'auto' });
    await recorded(door, { meeting_id: meeting.id, guest_code: guests[3]!.code, direction: 'in' });
    await recorded(organiser, {
      meeting_id: dated.id,
      schedule_id: sessionA,
      guest_code: datedGuest.code,
      direction: 'in',
    });
  });
  afterAll(() => ctx.close());

  it("counts today's statistics after a sequence of scans, and starts a new day at local midnight", async () => {
    // So far: guest 0 in and out (left), guest 1 in (door, auto), guest 3 in (door).
    const stats = async (query = `meeting_id=${meeting.id}`) =>
      (await getJson(ctx, organiser, `/api/attendance/stats?${query}`)).body.data as AttendanceStats;
    expect(await stats()).toEqual({ signed_up: 7, waiting: 0, checked_in_today: 3, inside: 2, left: 1 });

    ctx.advance(MINUTE);
    await scan(organiser, { meeting_id: meeting.id, guest_code: guests[4]!.code, direction: 'in' });
    await scan(organiser, { meeting_id: meeting.id, guest_code: guests[3]!.code, direction: 'out' });
    expect(await stats()).toEqual({ signed_up: 7, waiting: 0, checked_in_today: 4, inside: 2, left: 2 });

    // Session scope of a date-schedule meeting: its own sign-ups and its own figures.
    expect(await stats(`meeting_id=${dated.id}&schedule_id=${sessionA}`)).toEqual({
      signed_up: 1,
      waiting: 0,
      checked_in_today: 1,
      inside: 1,
      left: 0,
    });
    expect(await stats(`meeting_id=${dated.id}`)).toEqual({
      signed_up: 1,
      waiting: 0,
      checked_in_today: 0,
      inside: 0,
      left: 0,
    });
  });

  it('lists records newest first with every filter and server-side pagination', async () => {
    const base = `/api/attendance/records?meeting_id=${meeting.id}`;
    const page = async (query: string) => {
      const res = await getJson(ctx, organiser, `${base}&${query}`);
      expect(res.status, res.raw).toBe(200);
      return res.body.data as {
        items: {
          id: number;
          type: string;
          guest_id: number;
          created_at: number;
          station: string;
          operator_name: string | null;
          schedule_id: number | null;
        }[];
        total: number;
      };
    };
    const all = await page('page=1&page_size=100');
    // guest 0: 4 rows, guest 1: 1, guest 3: 2, guest 4: 1.
    expect(all.total).toBe(8);
    const times = all.items.map((r) => r.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.items.every((r) => r.schedule_id === null)).toBe(true);

    const first = await page('page=1&page_size=3');
    const second = await page('page=2&page_size=3');
    expect(first.total).toBe(8);
    expect(first.items.map((r) => r.id)).toEqual(all.items.slice(0, 3).map((r) => r.id));
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(3, 6).map((r) => r.id));

    expect((await page('page=1&page_size=100&type=out')).items.every((r) => r.type === 'out')).toBe(true);
    expect((await page('page=1&page_size=100&type=out')).total).toBe(3);

    await scan(door, {
      meeting_id: meeting.id,
      guest_code: guests[2]!.code,
      direction: 'in',
      station: 'East_Gate 2',
    });
    const station = await page('page=1&page_size=100&station=east_gate');
    expect(station.items.map((r) => r.guest_id)).toEqual([guests[2]!.id]);
    expect(station.items[0]!.operator_name).toBe('att_door name');
    // LIKE wildcards are literal: '%' matches nothing here.
    expect((await page('page=1&page_size=100&station=%25')).total).toBe(0);

    const now = ctx.now();
    const recent = await page(`page=1&page_size=100&from=${now - 90_000}&to=${now}`);
    expect(recent.items.every((r) => r.created_at >= now - 90_000 && r.created_at <= now)).toBe(true);
    expect(recent.total).toBeGreaterThan(0);
    expect(recent.total).toBeLessThan(all.total + 1);

    // Status of the record's guest (whole meeting, all-time): inside now (1, 2, 4), entered and left (0, 3).
    const inside = await page('page=1&page_size=100&status=checked_in');
    expect(new Set(inside.items.map((r) => r.guest_id))).toEqual(
      new Set([guests[1]!.id, guests[2]!.id, guests[4]!.id]),
    );
    const left = await page('page=1&page_size=100&status=left');
    expect(new Set(left.items.map((r) => r.guest_id))).toEqual(new Set([guests[0]!.id, guests[3]!.id]));
    expect((await page('page=1&page_size=100&status=not_checked_in')).total).toBe(0);

    const session = await getJson(
      ctx,
      organiser,
      `/api/attendance/records?meeting_id=${dated.id}&schedule_id=${sessionA}&page=1&page_size=10`,
    );
    expect(session.body.data.items).toHaveLength(1);
    expect(session.body.data.items[0]).toMatchObject({ schedule_id: sessionA, schedule_name: 'Morning' });
    const invalid = await getJson(ctx, organiser, `${base}&page=1&page_size=1000`);
    expect(invalid.status).toBe(400);
  });

  it('shows the number of guests checked in on the meetings list (one query per page)', async () => {
    // Guest 5 is checked in by hand (attendance-scans.test.ts tests how).
    ctx.advance(MINUTE);
    await recorded(organiser, {
      meeting_id: meeting.id,
      guest_code: guests[5]!.code,
      direction: 'in',
      manual: true,
    });
    const res = await getJson(ctx, organiser, '/api/meetings?page=1&page_size=100');
    const byId = new Map(
      (res.body.data.items as { id: number; checkin_count: number }[]).map((m) => [m.id, m]),
    );
    // guests 0, 1, 2, 3, 4, 5 have entered the whole meeting.
    expect(byId.get(meeting.id)!.checkin_count).toBe(6);
    expect(byId.get(other.id)!.checkin_count).toBe(0);
    // Session entries do not count as entering the meeting.
    expect(byId.get(dated.id)!.checkin_count).toBe(0);
    const one = await getJson(ctx, organiser, `/api/meetings/${meeting.id}`);
    expect(one.body.data.checkin_count).toBe(6);
  });

  it('draws the dashboard: sign-ups per day, arrivals per 10 minutes, live figures', async () => {
    const res = await getJson(ctx, organiser, `/api/meetings/${meeting.id}/dashboard`);
    expect(res.status, res.raw).toBe(200);
    const data = res.body.data as {
      day: string;
      signups: { date: string; count: number }[];
      arrivals: { at: number; count: number }[];
      stats: AttendanceStats;
    };
    const today = new Date(ctx.now());
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(data.day).toBe(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);
    expect(data.signups).toEqual([{ date: data.day, count: 7 }]);
    // Entries at 09:00 (guest 0), 09:12 (guest 0 again), 09:14 (1, 3); later ones in the same slots.
    const entries = await ctx.db
      .selectFrom('check_ins')
      .select('created_at')
      .where('meeting_id', '=', meeting.id)
      .where('scope_id', '=', 0)
      .where('type', '=', 'in')
      .execute();
    const midnight = new Date(ctx.now()).setHours(0, 0, 0, 0);
    const expected = new Map<number, number>();
    for (const e of entries) {
      const slot = midnight + Math.floor((Number(e.created_at) - midnight) / 600_000) * 600_000;
      expected.set(slot, (expected.get(slot) ?? 0) + 1);
    }
    expect(data.arrivals.filter((a) => a.count > 0)).toEqual(
      [...expected].sort((a, b) => a[0] - b[0]).map(([at, count]) => ({ at, count })),
    );
    expect(data.arrivals.reduce((sum, a) => sum + a.count, 0)).toBe(entries.length);
    expect(data.stats.checked_in_today).toBeGreaterThan(0);

    // The arrival curve alone, as an open dashboard refetches it.
    const curve = await getJson(ctx, organiser, `/api/meetings/${meeting.id}/dashboard/arrivals`);
    expect(curve.status, curve.raw).toBe(200);
    expect(curve.body.data).toEqual({
      meeting_id: meeting.id,
      schedule_id: null,
      day: data.day,
      arrivals: data.arrivals,
    });
    expect((await getJson(ctx, door, `/api/meetings/${meeting.id}/dashboard/arrivals`)).status).toBe(403);
    expect((await getJson(ctx, stranger, `/api/meetings/${meeting.id}/dashboard/arrivals`)).status).toBe(404);

    const yesterday = new Date(ctx.now() - 24 * HOUR);
    const past = await getJson(
      ctx,
      organiser,
      `/api/meetings/${meeting.id}/dashboard?day=${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`,
    );
    expect(past.body.data.arrivals).toEqual([]);
    expect(
      (await getJson(ctx, organiser, `/api/meetings/${meeting.id}/dashboard?day=2026-02-30`)).status,
    ).toBe(400);
  });

  it("starts a new day at local midnight: today's figures reset, nobody is inside yet", async () => {
    toNextMorning(ctx);
    // A day later the morning's access token has expired: log in again.
    organiser = (await ctx.login({ account: 'att_organiser', password: PASSWORD })).access_token;
    const stats = (await getJson(ctx, organiser, `/api/attendance/stats?meeting_id=${meeting.id}`)).body
      .data as AttendanceStats;
    // The four still inside yesterday were closed out at the end of that day.
    expect(stats).toEqual({ signed_up: 7, waiting: 0, checked_in_today: 0, inside: 0, left: 0 });
  });

  it('gives "attendance status" one meaning, all-time for the whole meeting, in the guest list and the records list', async () => {
    // A second date-schedule guest who never comes, and one scanned at a session door only.
    const absent = await signUpGuest(
      ctx,
      dated.publicId,
      dateScheduleBody(201, datedUserType, [sessionA]),
      201,
    );
    const statusOf = async (meetingId: number) => {
      const result: Record<
        string,
        { guests: Set<number>; records: Set<number>; scopes: Set<number | null> }
      > = {};
      for (const status of ['checked_in', 'left', 'not_checked_in']) {
        const list = await getJson(
          ctx,
          organiser,
          `/api/meetings/${meetingId}/guests?status=${status}&page=1&page_size=100`,
        );
        expect(list.status, list.raw).toBe(200);
        const records = await getJson(
          ctx,
          organiser,
          `/api/attendance/records?meeting_id=${meetingId}&status=${status}&page=1&page_size=100`,
        );
        expect(records.status, records.raw).toBe(200);
        const items = records.body.data.items as { guest_id: number; schedule_id: number | null }[];
        result[status] = {
          guests: new Set((list.body.data.items as { id: number }[]).map((g) => g.id)),
          records: new Set(items.map((r) => r.guest_id)),
          scopes: new Set(items.map((r) => r.schedule_id)),
        };
      }
      return result;
    };

    // Back today: 1 and 4. Everyone else entered yesterday and left, or was closed out at its end.
    for (const n of [1, 4]) {
      const back = await scan(organiser, {
        meeting_id: meeting.id,
        guest_code: guests[n]!.code,
        direction: 'in',
      });
      expect(back.json().data).toMatchObject({ result: 'success', type: 'in' });
    }
    const main = await statusOf(meeting.id);
    expect(main.checked_in!.guests).toEqual(new Set([1, 4].map((n) => guests[n]!.id)));
    expect(main.left!.guests).toEqual(new Set([0, 2, 3, 5].map((n) => guests[n]!.id)));
    expect(main.not_checked_in!.guests).toEqual(new Set());
    // The guest list (the status column too) and the records filter agree guest by guest.
    const listed = await getJson(ctx, organiser, `/api/meetings/${meeting.id}/guests?page=1&page_size=100`);
    for (const guest of listed.body.data.items as { id: number; status: string }[]) {
      expect(main[guest.status]!.guests.has(guest.id), `guest #${guest.id}`).toBe(true);
    }
    for (const status of ['checked_in', 'left', 'not_checked_in']) {
      expect(main[status]!.records, status).toEqual(main[status]!.guests);
    }

    // Session scans only: the guest never entered the meeting as a whole, so is "not checked in";
    // the records filter lists that guest's session scans, the guest list that guest and the absent one.
    const sessions = await statusOf(dated.id);
    expect(sessions.not_checked_in!.guests).toEqual(new Set([datedGuest.id, absent.id]));
    expect(sessions.not_checked_in!.records).toEqual(new Set([datedGuest.id]));
    expect(sessions.not_checked_in!.scopes).toEqual(new Set([sessionA]));
    expect(sessions.checked_in!.guests).toEqual(new Set());
    expect(sessions.checked_in!.records).toEqual(new Set());
    expect(sessions.left!.records).toEqual(new Set());
  });
});
