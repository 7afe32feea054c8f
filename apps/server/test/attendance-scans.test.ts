import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type AttendanceStats, type ScanAnswer } from '@meetflow/shared/schemas/attendance';
import { addUser, PASSWORD, scanner, signUpGuest, toNextMorning, type Guest } from './attendance-fixtures.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function getJson(ctx: TestContext, token: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

describe(`attendance: scans, statistics, records (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let door: string;
  let stranger: string;
  let scan: ReturnType<typeof scanner>;
  let meeting: { id: number; publicId: string };
  let other: { id: number; publicId: string };
  let dated: { id: number; publicId: string };
  let sessionA: number;
  let sessionB: number;
  const guests: Guest[] = [];
  let datedGuest: Guest;
  let datedUserType: number;
  let otherGuest: Guest;
  let cancelled: Guest;

  beforeAll(async () => {
    ctx = await createTestContext();
    toNextMorning(ctx);
    scan = scanner(ctx);
    admin = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    const otherOrg = await createOrganization(ctx.db);
    organiser = await addUser(ctx, admin, 'att_organiser', 'organiser', org);
    door = await addUser(ctx, admin, 'att_door', 'door_staff', org);
    stranger = await addUser(ctx, admin, 'att_stranger', 'organiser', otherOrg);

    meeting = await createMeeting(ctx.db, org, { name: '點名會議' });
    other = await createMeeting(ctx.db, org);
    dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    sessionA = await createSchedule(ctx.db, dated.id, 0, 'Morning');
    sessionB = await createSchedule(ctx.db, dated.id, 0, 'Afternoon');
    const userType = await createUserType(ctx.db, dated.id, [sessionA, sessionB]);
    datedUserType = userType;

    for (let n = 0; n < 6; n += 1) guests.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
    otherGuest = await signUpGuest(ctx, other.publicId, generalBody(100), 100);
    cancelled = await signUpGuest(ctx, meeting.publicId, generalBody(101), 101);
    await ctx.db
      .updateTable('guests')
      .set({ cancelled_at: ctx.now() })
      .where('id', '=', cancelled.id)
      .execute();
    datedGuest = await signUpGuest(ctx, dated.publicId, dateScheduleBody(200, userType, [sessionA]), 200);
  });
  afterAll(() => ctx.close());

  const checkInRows = (guestId: number) =>
    ctx.db.selectFrom('check_ins').selectAll().where('guest_id', '=', guestId).execute();

  it('runs the in/out state machine and answers duplicates with the earlier time', async () => {
    const g = guests[0]!;
    const first = ctx.now();
    const entry = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'in' })
    ).json().data as ScanAnswer;
    expect(entry).toMatchObject({ result: 'success', type: 'in', at: first, previous_at: null });
    expect(entry.guest).toEqual({ id: g.id, name: 'Guest 0', user_type_name: null });

    ctx.advance(5 * MINUTE);
    const again = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'in' })
    ).json().data as ScanAnswer;
    expect(again).toMatchObject({ result: 'duplicate', type: 'in', previous_at: first });
    expect(await checkInRows(g.id)).toHaveLength(1);

    ctx.advance(5 * MINUTE);
    const leftAt = ctx.now();
    const exit = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'out' })
    ).json().data as ScanAnswer;
    expect(exit).toMatchObject({ result: 'success', type: 'out', at: leftAt });

    ctx.advance(MINUTE);
    const exitAgain = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'out' })
    ).json().data as ScanAnswer;
    expect(exitAgain).toMatchObject({ result: 'duplicate', type: 'out', previous_at: leftAt });

    // Automatic: outside → entry, inside → exit.
    ctx.advance(MINUTE);
    const autoIn = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'auto' })
    ).json().data as ScanAnswer;
    expect(autoIn).toMatchObject({ result: 'success', type: 'in' });
    ctx.advance(MINUTE);
    const autoOut = (
      await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'auto' })
    ).json().data as ScanAnswer;
    expect(autoOut).toMatchObject({ result: 'success', type: 'out' });

    const rows = await checkInRows(g.id);
    expect(rows.map((r) => r.type).sort()).toEqual(['in', 'in', 'out', 'out']);
    const summary = await ctx.db
      .selectFrom('guest_attendance')
      .selectAll()
      .where('guest_id', '=', g.id)
      .where('scope_id', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(summary.inside)).toBe(0);
    expect(Number(summary.first_in_at)).toBe(first);
    expect(Number(summary.last_out_at)).toBe(ctx.now());
  });

  it('answers an exit of a guest never inside as a duplicate without an earlier time', async () => {
    const g = guests[5]!;
    const res = await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'out' });
    expect(res.json().data).toMatchObject({ result: 'duplicate', type: 'out', previous_at: null });
    expect(await checkInRows(g.id)).toHaveLength(0);
  });

  it('records 20 parallel identical scans (same nonce) exactly once and answers each with the first result', async () => {
    const g = guests[1]!;
    const nonce = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        scan(door, { meeting_id: meeting.id, guest_code: g.code, direction: 'auto', nonce }),
      ),
    );
    const data = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as ScanAnswer;
    });
    expect(new Set(data.map((d) => `${d.result}/${d.type}/${d.at}`))).toEqual(
      new Set([`success/in/${ctx.now()}`]),
    );
    const rows = await ctx.db.selectFrom('check_ins').selectAll().where('nonce', '=', nonce).execute();
    expect(rows).toHaveLength(1);
    expect(await checkInRows(g.id)).toHaveLength(1);

    // A retry later still answers the original scan and records nothing.
    ctx.advance(MINUTE);
    const retry = await scan(door, { meeting_id: meeting.id, guest_code: g.code, direction: 'auto', nonce });
    expect(retry.json().data).toMatchObject({ result: 'success', type: 'in', at: ctx.now() - MINUTE });
    expect(await checkInRows(g.id)).toHaveLength(1);
  });

  it('refuses unknown, cancelled, other-meeting and not-enrolled codes with a localised reason', async () => {
    const cases = [
      { body: { meeting_id: meeting.id, guest_code: 'not-a-real-code' }, name: 'SCAN_UNKNOWN_CODE' },
      { body: { meeting_id: meeting.id, guest_code: cancelled.code }, name: 'SCAN_GUEST_CANCELLED' },
      { body: { meeting_id: meeting.id, guest_code: otherGuest.code }, name: 'SCAN_OTHER_MEETING' },
      {
        body: { meeting_id: dated.id, schedule_id: sessionB, guest_code: datedGuest.code },
        name: 'SCAN_NOT_ENROLLED',
      },
    ] as const;
    for (const { body, name } of cases) {
      for (const lang of ['en', 'zh-tw', 'zh-cn'] as const) {
        const res = await scan(organiser, { ...body, direction: 'in' }, lang);
        expect(res.statusCode, name).toBe(200);
        expect(res.json().data, `${name} ${lang}`).toMatchObject({
          result: 'refused',
          reason: ERRORS[name].message[lang],
          reason_code: ERRORS[name].code,
        });
      }
    }
    expect(await checkInRows(cancelled.id)).toHaveLength(0);
    expect(await checkInRows(otherGuest.id)).toHaveLength(0);
    // The enrolled session admits the same guest; the meeting as a whole does too.
    const enrolled = await scan(organiser, {
      meeting_id: dated.id,
      schedule_id: sessionA,
      guest_code: datedGuest.code,
      direction: 'in',
    });
    expect(enrolled.json().data).toMatchObject({
      result: 'success',
      guest: { name: '嘉賓200', user_type_name: 'Doctor' },
    });
    expect(await checkInRows(datedGuest.id)).toHaveLength(1);
    // A session of another meeting is not a scope of this one.
    const foreignSession = await scan(organiser, {
      meeting_id: meeting.id,
      schedule_id: sessionA,
      guest_code: guests[2]!.code,
      direction: 'in',
    });
    expect(foreignSession.statusCode).toBe(404);
  });

  it('hides other organisations’ meetings (404) and checks permissions', async () => {
    const g = guests[2]!;
    const body = { meeting_id: meeting.id, guest_code: g.code, direction: 'in' as const };
    expect((await scan(stranger, body)).statusCode).toBe(404);
    expect((await getJson(ctx, stranger, `/api/attendance/stats?meeting_id=${meeting.id}`)).status).toBe(404);
    expect(
      (await getJson(ctx, stranger, `/api/attendance/records?meeting_id=${meeting.id}&page=1&page_size=10`))
        .status,
    ).toBe(404);
    expect((await getJson(ctx, stranger, `/api/meetings/${meeting.id}/dashboard`)).status).toBe(404);
    expect(await checkInRows(g.id)).toHaveLength(0);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/attendance/scans', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets door staff scan and read records without any contact data, but not the dashboard or exports', async () => {
    const g = guests[3]!;
    const res = await scan(door, { meeting_id: meeting.id, guest_code: g.code, direction: 'in' });
    expect(res.json().data).toMatchObject({ result: 'success', guest: { id: g.id, name: 'Guest 3' } });
    const answers = [
      res.body,
      (await getJson(ctx, door, `/api/attendance/records?meeting_id=${meeting.id}&page=1&page_size=100`)).raw,
      (await getJson(ctx, door, `/api/attendance/stats?meeting_id=${meeting.id}`)).raw,
    ];
    for (const body of answers) {
      for (const guest of guests) {
        expect(body).not.toContain(guest.phone);
        expect(body).not.toContain(guest.phone.slice(-8));
        expect(body).not.toContain(guest.email);
      }
      expect(body).not.toMatch(/"(phone|email|area_code|contact_phone|contact_number)"/);
    }
    expect((await getJson(ctx, door, `/api/meetings/${meeting.id}/dashboard`)).status).toBe(403);
    // Whatever export routes exist are closed to door staff.
    const exports = ctx.app.routeAuthTable.filter(
      (r) => r.auth === 'guest:export' || r.auth === 'schedule:export',
    );
    for (const route of exports) {
      const url = route.url.replace(/:[A-Za-z_]+/g, String(meeting.id));
      const denied = await ctx.app.inject({ method: route.method as 'GET', url, headers: bearer(door) });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("counts today's statistics after a sequence of scans, and starts a new day at local midnight", async () => {
    // So far: guest 0 in and out (left), guest 1 in (door, auto), guest 3 in (door).
    const stats = async (query = `meeting_id=${meeting.id}`) =>
      (await getJson(ctx, organiser, `/api/attendance/stats?${query}`)).body.data as AttendanceStats;
    expect(await stats()).toEqual({ signed_up: 7, checked_in_today: 3, inside: 2, left: 1 });

    ctx.advance(MINUTE);
    await scan(organiser, { meeting_id: meeting.id, guest_code: guests[4]!.code, direction: 'in' });
    await scan(organiser, { meeting_id: meeting.id, guest_code: guests[3]!.code, direction: 'out' });
    expect(await stats()).toEqual({ signed_up: 7, checked_in_today: 4, inside: 2, left: 2 });

    // Session scope of a date-schedule meeting: its own sign-ups and its own figures.
    expect(await stats(`meeting_id=${dated.id}&schedule_id=${sessionA}`)).toEqual({
      signed_up: 1,
      checked_in_today: 1,
      inside: 1,
      left: 0,
    });
    expect(await stats(`meeting_id=${dated.id}`)).toEqual({
      signed_up: 1,
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

  it('records an organiser’s manual check-in and check-out with the station "manual" and the operator', async () => {
    const g = guests[5]!;
    ctx.advance(MINUTE);
    const auto = await scan(organiser, {
      meeting_id: meeting.id,
      guest_code: g.code,
      direction: 'auto',
      manual: true,
    });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().code).toBe(ERRORS.SCAN_MANUAL_DIRECTION.code);

    const res = await scan(organiser, {
      meeting_id: meeting.id,
      guest_code: g.code,
      direction: 'in',
      manual: true,
      station: 'ignored',
    });
    expect(res.json().data).toMatchObject({ result: 'success', type: 'in' });
    const rows = await checkInRows(g.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ station: 'manual', type: 'in' });
    const records = await getJson(
      ctx,
      organiser,
      `/api/attendance/records?meeting_id=${meeting.id}&station=manual&page=1&page_size=10`,
    );
    expect(records.body.data.items[0]).toMatchObject({
      guest_id: g.id,
      station: 'manual',
      operator_name: 'att_organiser name',
    });
    const log = await ctx.db
      .selectFrom('system_logs')
      .select(['content', 'username'])
      .where('content', 'like', `Manual check-in of guest #${g.id}%`)
      .execute();
    expect(log).toEqual([expect.objectContaining({ username: 'att_organiser' })]);
  });

  it('shows the number of guests checked in on the meetings list (one query per page)', async () => {
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
    expect(stats).toEqual({ signed_up: 7, checked_in_today: 0, inside: 0, left: 0 });
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

  it('refuses a reused nonce whose guest, scope or fixed direction differ from the recorded scan (409)', async () => {
    const nonce = randomUUID();
    const g = guests[4]!;
    ctx.advance(MINUTE); // past the repeat window of the earlier tests' scans
    const first = await scan(organiser, {
      meeting_id: meeting.id,
      guest_code: g.code,
      direction: 'out',
      nonce,
    });
    expect(first.json().data).toMatchObject({ result: 'success', type: 'out', guest: { id: g.id } });
    const rowsBefore = await ctx.db.selectFrom('check_ins').select('id').execute();

    const conflicts = [
      { meeting_id: meeting.id, guest_code: guests[1]!.code, direction: 'out' as const },
      { meeting_id: meeting.id, guest_code: guests[1]!.code, direction: 'auto' as const },
      { meeting_id: meeting.id, guest_code: g.code, direction: 'in' as const },
      { meeting_id: other.id, guest_code: g.code, direction: 'out' as const },
      { meeting_id: dated.id, schedule_id: sessionA, guest_code: g.code, direction: 'out' as const },
      { meeting_id: meeting.id, guest_code: 'not-a-real-code', direction: 'out' as const },
    ];
    for (const body of conflicts) {
      for (const lang of ['en', 'zh-tw', 'zh-cn'] as const) {
        const res = await scan(organiser, { ...body, nonce }, lang);
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(res.json()).toMatchObject({
          code: ERRORS.SCAN_NONCE_REUSED.code,
          message: ERRORS.SCAN_NONCE_REUSED.message[lang],
        });
      }
    }
    // A scan at a session reused at the whole meeting is not the same scan either.
    const sessionNonce = randomUUID();
    const atSession = await scan(organiser, {
      meeting_id: dated.id,
      schedule_id: sessionA,
      guest_code: datedGuest.code,
      direction: 'auto',
      nonce: sessionNonce,
    });
    // Inside the session yesterday, closed out at its end: an entry today.
    expect(atSession.json().data).toMatchObject({ result: 'success', type: 'in' });
    const wholeMeeting = await scan(organiser, {
      meeting_id: dated.id,
      guest_code: datedGuest.code,
      direction: 'auto',
      nonce: sessionNonce,
    });
    expect(wholeMeeting.statusCode).toBe(409);
    expect(wholeMeeting.json().code).toBe(ERRORS.SCAN_NONCE_REUSED.code);

    // The same scan again (same guest and scope; the same or the automatic direction) is a retry.
    for (const direction of ['out', 'auto'] as const) {
      const retry = await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction, nonce });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toMatchObject({ result: 'success', type: 'out', guest: { id: g.id } });
    }
    const rowsAfter = await ctx.db.selectFrom('check_ins').select('id').execute();
    // Recorded since: the session entry alone (yesterday's session visit was closed out when the
    // meeting's records were first read today).
    expect(rowsAfter).toHaveLength(rowsBefore.length + 1);
  });
});
