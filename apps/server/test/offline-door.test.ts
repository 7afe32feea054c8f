import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceRecord, AttendanceStats } from '@meetflow/shared/schemas/attendance';
import type { ConflictPage, OfflineData, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import { localDayTime, startOfLocalDay } from '../src/lib/local-time.ts';
import { addUser } from './attendance-fixtures.ts';
import { adminApi, signUpGuest, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  macaoPhone,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const ZONE = 'Asia/Macau';

/** The station's key of a code, computed here independently of the server's helper. */
const keyOf = (code: string) =>
  createHash('sha256').update(code).digest().subarray(0, 16).toString('base64url');

/**
 * The offline door (issue 17): the copy a station keeps and refreshes, and the upload of the scans
 * it judged offline — in order, at their own times, idempotently, with conflicts kept, not lost.
 * TIME_ZONE is Macao's, not the machine's, and the clock crosses its midnight.
 */
describe(`offline door: station copy and upload (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let dated: MeetingFixture;
  let session: number;
  let otherSession: number;
  const codes: string[] = [];
  let inSession: string;
  let notInSession: string;

  const get = async <T>(url: string): Promise<T> => {
    const res = await admin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const copy = (query: string) => get<OfflineData>(`/api/attendance/offline-data?${query}`);
  const upload = async (station: string, scans: object[], meetingId = meeting.id, scheduleId?: number) => {
    const res = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meetingId,
      schedule_id: scheduleId ?? null,
      station,
      scans,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OfflineSyncAnswer;
  };
  const offlineScan = (code: string, type: 'in' | 'out', at: number, nonce = randomUUID()) => ({
    nonce,
    guest_code: code,
    guest_name: 'as shown',
    direction: type,
    type,
    at,
  });
  const logOf = async (code: string) =>
    ctx.db
      .selectFrom('check_ins')
      .innerJoin('guests', 'guests.id', 'check_ins.guest_id')
      .select(['check_ins.type', 'check_ins.created_at', 'check_ins.station'])
      .where('guests.guest_code', '=', code)
      .orderBy('check_ins.created_at')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, created_at: Number(r.created_at) })));

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    // 10:00 in Macao on a coming day.
    ctx.advance(localDayTime(ctx.now(), 1) + 10 * 60 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    const org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { name: 'Offline congress' });
    for (let n = 0; n < 9; n += 1) codes.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
    dated = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    session = await createSchedule(ctx.db, dated.id, 0, 'Workshop');
    otherSession = await createSchedule(ctx.db, dated.id, 0, 'Lecture');
    const userType = await createUserType(ctx.db, dated.id, [session, otherSession]);
    inSession = await signUpGuest(ctx, dated.publicId, dateScheduleBody(50, userType, [session]), 50);
    notInSession = await signUpGuest(ctx, dated.publicId, dateScheduleBody(51, userType, [otherSession]), 51);
  });
  afterAll(() => ctx.close());

  it('gives a station every live guest by hashed code, with no phone, e-mail or code', async () => {
    const res = await admin('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}`);
    expect(res.statusCode, res.body).toBe(200);
    for (let n = 0; n < 8; n += 1) {
      expect(res.body).not.toContain(codes[n]);
      expect(res.body).not.toContain(macaoPhone(n));
      expect(res.body).not.toContain(`guest${n}@example.com`);
    }
    const data = res.json().data as OfflineData;
    expect(data).toMatchObject({ full: true, time_zone: ZONE, generated_at: ctx.now(), phone_salt: null });
    expect(data.guests.map((g) => g.key).sort()).toEqual(codes.map(keyOf).sort());
    expect(data.guests.find((g) => g.key === keyOf(codes[0]!))).toMatchObject({
      name: 'Guest 0',
      cancelled: false,
      enrolled: true,
      inside: false,
      last_in_at: null,
    });
    expect(data.guests[0]).not.toHaveProperty('phone_key');
  });

  it("marks who is enrolled in a date-schedule meeting's session", async () => {
    const data = await copy(`meeting_id=${dated.id}&schedule_id=${session}`);
    expect(data.schedule).toEqual({ id: session, name: 'Workshop' });
    const enrolled = Object.fromEntries(data.guests.map((g) => [g.key, g.enrolled]));
    expect(enrolled).toEqual({ [keyOf(inSession)]: true, [keyOf(notInSession)]: false });
  });

  it('refreshes with only what changed since: a rename, a cancellation, a scan elsewhere', async () => {
    // Past the refresh's overlap after the sign-ups, so that only what changes next comes back.
    ctx.advance(MINUTE);
    const first = await copy(`meeting_id=${meeting.id}`);
    const unchanged = await copy(`meeting_id=${meeting.id}&since=${first.generated_at}`);
    expect(unchanged).toMatchObject({ full: false, guests: [] });

    const base = await copy(`meeting_id=${meeting.id}`);
    ctx.advance(MINUTE);
    const guestId = async (code: string) =>
      Number(
        (
          await ctx.db
            .selectFrom('guests')
            .select('id')
            .where('guest_code', '=', code)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const renamed = await admin(
      'PUT',
      `/api/guests/${await guestId(codes[1]!)}`,
      generalBody(1, { name: 'Renamed' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const cancelled = await admin('DELETE', `/api/guests/${await guestId(codes[2]!)}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const scanned = await admin('POST', '/api/attendance/scans', {
      meeting_id: meeting.id,
      guest_code: codes[3],
      direction: 'in',
      station: 'Gate B',
      nonce: randomUUID(),
    });
    expect(scanned.json().data.result).toBe('success');

    const changed = await copy(`meeting_id=${meeting.id}&since=${base.generated_at}`);
    const byKey = Object.fromEntries(changed.guests.map((g) => [g.key, g]));
    expect(Object.keys(byKey).sort()).toEqual([codes[1], codes[2], codes[3]].map((c) => keyOf(c!)).sort());
    expect(byKey[keyOf(codes[1]!)]).toMatchObject({ name: 'Renamed', cancelled: false });
    expect(byKey[keyOf(codes[2]!)]).toMatchObject({ cancelled: true });
    expect(byKey[keyOf(codes[3]!)]).toMatchObject({ inside: true, last_in_at: ctx.now() });
  });

  it('gives a kiosk salted phone keys, and none where the meeting asks for a code by e-mail', async () => {
    const data = await copy(`meeting_id=${meeting.id}&phones=1`);
    expect(data.phone_lookup).toBe(true);
    const salt = data.phone_salt!;
    expect(salt.length).toBeGreaterThan(20);
    const guest = data.guests.find((g) => g.key === keyOf(codes[0]!))!;
    const expected = createHash('sha256')
      .update(`${salt}:+853${macaoPhone(0)}`)
      .digest()
      .subarray(0, 16);
    expect(guest.phone_key).toBe(expected.toString('base64url'));

    const settings = await admin('PUT', `/api/meetings/${meeting.id}/mail-settings`, {
      confirmation_enabled: false,
      reminder_hours: 0,
      lookup_code_by_email: true,
      templates: {},
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const guarded = await copy(`meeting_id=${meeting.id}&phones=1`);
    expect(guarded).toMatchObject({ phone_lookup: false, phone_salt: null });
    expect(guarded.guests.every((g) => g.phone_key === null)).toBe(true);
  });

  it('gives door staff no phone keys: only users who may see guests’ phones get them', async () => {
    const org = Number(
      (
        await ctx.db
          .selectFrom('meetings')
          .select('organization_id')
          .where('id', '=', meeting.id)
          .executeTakeFirstOrThrow()
      ).organization_id,
    );
    const door = adminApi(
      ctx,
      await addUser(ctx, (await ctx.login()).access_token, 'door_kiosk', 'door_staff', org),
    );
    const res = await door('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}&phones=1`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as OfflineData;
    expect(data.phone_salt).toBeNull();
    expect(data.guests.every((g) => g.phone_key === null)).toBe(true);
  });

  it('records a scan once, not also as a conflict, when one upload is sent twice at once', async () => {
    const scans = [
      offlineScan(codes[8]!, 'in', ctx.now() - 1000),
      offlineScan(codes[8]!, 'out', ctx.now() - 500),
    ];
    const [first, second] = await Promise.all([upload('Twice', scans), upload('Twice', scans)]);
    for (const answer of [first, second]) expect(answer).toMatchObject({ recorded: 2, conflicts: 0 });
    const conflicts = await ctx.db
      .selectFrom('scan_conflicts')
      .select('nonce')
      .where('station', '=', 'Twice')
      .execute();
    expect(conflicts).toEqual([]);
    expect((await logOf(codes[8]!)).filter((r) => r.station === 'Twice')).toHaveLength(2);
  });

  it('records queued scans in order at their own times, once however often uploaded', async () => {
    const t0 = ctx.now() - 30 * MINUTE;
    const scans = [
      offlineScan(codes[4]!, 'in', t0),
      offlineScan(codes[5]!, 'in', t0 + 1000),
      offlineScan(codes[4]!, 'out', t0 + 10 * MINUTE),
      offlineScan(codes[4]!, 'in', t0 + 20 * MINUTE),
    ];
    const before = await get<AttendanceStats>(`/api/attendance/stats?meeting_id=${meeting.id}`);
    const answer = await upload('Hall A (offline)', scans);
    expect(answer).toMatchObject({ recorded: 4, conflicts: 0 });
    expect(await upload('Hall A (offline)', scans)).toMatchObject({ recorded: 4, conflicts: 0 });
    expect(await logOf(codes[4]!)).toEqual([
      { type: 'in', created_at: t0, station: 'Hall A (offline)' },
      { type: 'out', created_at: t0 + 10 * MINUTE, station: 'Hall A (offline)' },
      { type: 'in', created_at: t0 + 20 * MINUTE, station: 'Hall A (offline)' },
    ]);
    // The statistics catch up: two more guests inside today.
    const after = await get<AttendanceStats>(`/api/attendance/stats?meeting_id=${meeting.id}`);
    expect(after.inside).toBe(before.inside + 2);
    expect(after.checked_in_today).toBe(before.checked_in_today + 2);
    const records = await get<{ items: AttendanceRecord[] }>(
      `/api/attendance/records?meeting_id=${meeting.id}&station=offline&page_size=50`,
    );
    expect(records.items).toHaveLength(4);
  });

  it('keeps the second of two offline entries of one guest as a conflict, not lost', async () => {
    const t = ctx.now() - 5 * MINUTE;
    expect(await upload('Gate 1', [offlineScan(codes[6]!, 'in', t)])).toMatchObject({ recorded: 1 });
    const second = offlineScan(codes[6]!, 'in', t + 2 * MINUTE);
    const answer = await upload('Gate 2', [second]);
    expect(answer).toEqual({
      results: [{ nonce: second.nonce, outcome: 'conflict', reason: 'already_inside' }],
      recorded: 0,
      conflicts: 1,
    });
    // Uploaded again: the same conflict, not a second one.
    expect((await upload('Gate 2', [second])).results[0]).toMatchObject({ outcome: 'conflict' });
    expect(await logOf(codes[6]!)).toHaveLength(1);
    const page = await get<ConflictPage>(`/api/attendance/conflicts?meeting_id=${meeting.id}`);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      guest_name: 'Guest 6',
      type: 'in',
      reason: 'already_inside',
      station: 'Gate 2',
      operator_name: expect.any(String),
      scanned_at: t + 2 * MINUTE,
      uploaded_at: ctx.now(),
    });
  });

  it('flags a guest cancelled meanwhile, an unknown code and a scan older than one recorded since', async () => {
    const t = ctx.now() - 3 * MINUTE;
    // codes[2] was cancelled above; codes[3] entered online at a later time than t.
    const answer = await upload('Gate 3', [
      { ...offlineScan(codes[2]!, 'in', t), guest_name: 'Guest 2 at the door' },
      { ...offlineScan('not-a-guest-code-of-this-meeting', 'in', t), guest_name: 'Somebody' },
      offlineScan(codes[3]!, 'out', ctx.now() - 2 * 60 * MINUTE),
    ]);
    expect(answer.results.map((r) => r.reason)).toEqual(['guest_cancelled', 'unknown_guest', 'later_scan']);
    const page = await get<ConflictPage>(`/api/attendance/conflicts?meeting_id=${meeting.id}&page_size=10`);
    expect(page.items.find((c) => c.reason === 'unknown_guest')).toMatchObject({
      guest_id: null,
      guest_name: 'Somebody',
    });
  });

  it('refuses a session upload of a guest not enrolled there, as a conflict', async () => {
    const answer = await upload(
      'Workshop door',
      [offlineScan(inSession, 'in', ctx.now() - MINUTE), offlineScan(notInSession, 'in', ctx.now() - MINUTE)],
      dated.id,
      session,
    );
    expect(answer.results.map((r) => r.outcome)).toEqual(['recorded', 'conflict']);
    expect(answer.results[1]!.reason).toBe('not_enrolled');
  });

  it('applies the day rule to scans queued across midnight in TIME_ZONE', async () => {
    const midnight = localDayTime(ctx.now(), 1);
    ctx.advance(midnight + 30 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    // In at 23:50 on day one, never out; in again at 00:10 on day two: both are entries.
    const answer = await upload('Night door', [
      offlineScan(codes[7]!, 'in', midnight - 10 * MINUTE),
      offlineScan(codes[7]!, 'in', midnight + 10 * MINUTE),
    ]);
    expect(answer).toMatchObject({ recorded: 2, conflicts: 0 });
    expect(startOfLocalDay(midnight + 10 * MINUTE)).toBe(midnight);
    expect(await logOf(codes[7]!)).toEqual([
      { type: 'in', created_at: midnight - 10 * MINUTE, station: 'Night door' },
      { type: 'out', created_at: midnight - 1, station: 'day-end' },
      { type: 'in', created_at: midnight + 10 * MINUTE, station: 'Night door' },
    ]);
  });

  it('keeps a scan older than a week as a conflict, not a record of the past', async () => {
    const answer = await upload('Old clock', [
      offlineScan(codes[1]!, 'out', ctx.now() - 8 * 24 * 60 * MINUTE),
    ]);
    expect(answer.results[0]).toMatchObject({ outcome: 'conflict', reason: 'too_old' });
  });

  it('rejects a scan naming no guest and an upload over the batch limit', async () => {
    const bad = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      station: 'x',
      scans: [{ nonce: randomUUID(), direction: 'in', type: 'in', at: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      station: 'x',
      scans: Array.from({ length: 501 }, () => offlineScan(codes[0]!, 'in', 1)),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses an upload for a purged meeting, and keeps no conflict with the names it carries', async () => {
    const name = `Purged ${randomUUID().slice(0, 6)}`;
    const gone = await createMeeting(ctx.db, await createOrganization(ctx.db), { name });
    const code = await signUpGuest(ctx, gone.publicId, generalBody(60), 60);
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: ctx.now() - 3 * 24 * 60 * MINUTE, end_at: ctx.now() - 2 * 24 * 60 * MINUTE })
      .where('id', '=', gone.id)
      .execute();
    const purged = await admin('POST', `/api/meetings/${gone.id}/purge`, { confirm: name });
    expect(purged.statusCode, purged.body).toBe(200);
    // A station that was offline since before the purge uploads its queue.
    const res = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: gone.id,
      schedule_id: null,
      station: 'Late gate',
      scans: [
        { ...offlineScan(code, 'in', ctx.now() - 2 * 24 * 60 * MINUTE), guest_name: 'Real Name Shown' },
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 40975, message: expect.stringContaining('erased') });
    const kept = await ctx.db
      .selectFrom('scan_conflicts')
      .select('guest_name')
      .where('meeting_id', '=', gone.id)
      .execute();
    expect(kept).toEqual([]);
  });
});
