import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type ScanAnswer } from '@meetflow/shared/schemas/attendance';
import {
  createAttendanceMeetings,
  getJson,
  PASSWORD,
  scanner,
  signUpGuest,
  toNextMorning,
  type Guest,
} from './attendance-fixtures.ts';
import { routePermissions } from '../src/plugins/authorization.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { generalBody } from './registration-fixtures.ts';

const MINUTE = 60_000;

// The figures these scans add up to: attendance-figures.test.ts.
describe(`attendance: scans (${TEST_DB})`, () => {
  let ctx: TestContext;
  let organiser: string;
  let door: string;
  let stranger: string;
  let scan: ReturnType<typeof scanner>;
  let meeting: { id: number; publicId: string };
  let other: { id: number; publicId: string };
  let dated: { id: number; publicId: string };
  let sessionA: number;
  let sessionB: number;
  let guests: Guest[];
  let datedGuest: Guest;
  let otherGuest: Guest;
  let cancelled: Guest;

  beforeAll(async () => {
    ctx = await createTestContext();
    scan = scanner(ctx);
    ({ organiser, door, stranger, meeting, other, dated, sessionA, sessionB, guests, cancelled, datedGuest } =
      await createAttendanceMeetings(ctx));
    otherGuest = await signUpGuest(ctx, other.publicId, generalBody(100), 100);
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
    const exports = ctx.app.routeAuthTable.filter((r) =>
      routePermissions(r.auth).some((p) => p === 'guest:export' || p === 'schedule:export'),
    );
    expect(exports.map((r) => r.url)).toContain('/api/attendance/records/export');
    for (const route of exports) {
      const url = route.url.replace(/:[A-Za-z_]+/g, String(meeting.id));
      const denied = await ctx.app.inject({ method: route.method as 'GET', url, headers: bearer(door) });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
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

  it('refuses a reused nonce whose guest, scope or fixed direction differ from the recorded scan (409)', async () => {
    const nonce = randomUUID();
    const g = guests[4]!;
    // The next day (the morning's access token has expired): reading the records closes out
    // yesterday's visits, the date-schedule guest's at the morning session among them; guest 4 enters.
    toNextMorning(ctx);
    organiser = (await ctx.login({ account: 'att_organiser', password: PASSWORD })).access_token;
    for (const id of [meeting.id, dated.id]) {
      await getJson(ctx, organiser, `/api/attendance/records?meeting_id=${id}&page=1&page_size=1`);
    }
    await scan(organiser, { meeting_id: meeting.id, guest_code: g.code, direction: 'in' });
    ctx.advance(MINUTE); // past the repeat window of that entry
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
