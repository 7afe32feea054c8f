import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import {
  OFFLINE_SCAN_MAX_AHEAD_MS,
  type ConflictPage,
  type OfflineSyncAnswer,
} from '@meetflow/shared/schemas/offline-door';
import { localDayTime } from '../src/lib/local-time.ts';
import { adminApi, signUpGuest, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * An offline station's clock running ahead of the server's (issue 38): a little drift since its last
 * correction is held to the server's time; a scan dated days or a year ahead is kept as a conflict
 * (`clock_ahead`), never recorded at the upload's time, where it would count as time present.
 */
describe(`offline door: a station clock ahead of the server's (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  const codes: string[] = [];

  const upload = async (scans: object[]) => {
    const res = await admin('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      station: 'Fast clock',
      scans,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as OfflineSyncAnswer;
  };
  const entry = (code: string, at: number) => ({
    nonce: randomUUID(),
    guest_code: code,
    guest_name: 'as shown',
    direction: 'in',
    type: 'in',
    at,
  });
  const logOf = async (code: string) =>
    ctx.db
      .selectFrom('check_ins')
      .innerJoin('guests', 'guests.id', 'check_ins.guest_id')
      .select(['check_ins.type', 'check_ins.created_at'])
      .where('guests.guest_code', '=', code)
      .execute()
      .then((rows) => rows.map((r) => ({ type: r.type, created_at: Number(r.created_at) })));
  /** Minutes present as the certificates count them, by guest name. */
  const minutesOf = async (name: string) => {
    const res = await admin(
      'GET',
      `/api/meetings/${meeting.id}/certificates?keyword=${encodeURIComponent(name)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as CertificatePage;
    expect(page.items).toHaveLength(1);
    return page.items[0]!.minutes;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    // 10:00 in Macao on a coming day.
    ctx.advance(localDayTime(ctx.now(), 1) + 10 * 60 * MINUTE - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), { name: 'Clock congress' });
    for (let n = 0; n < 5; n += 1) codes.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
    // The meeting runs today and the next days, so that any recorded entry counts as time present.
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: ctx.now() - DAY, end_at: ctx.now() + 5 * DAY })
      .where('id', '=', meeting.id)
      .execute();
  });
  afterAll(() => ctx.close());
  // The tests move the clock by hours: a fresh token for each.
  beforeEach(async () => {
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });

  it.each([
    ['two days', 2 * DAY, 0],
    ['a year', 365 * DAY, 1],
  ])('keeps a scan dated %s ahead as a clock_ahead conflict, not in the log', async (_, ahead, n) => {
    const code = codes[n]!;
    const stationTime = ctx.now() + ahead;
    const answer = await upload([entry(code, stationTime)]);
    expect(answer).toMatchObject({ recorded: 0, conflicts: 1 });
    expect(answer.results[0]).toMatchObject({ outcome: 'conflict', reason: 'clock_ahead' });
    expect(await logOf(code)).toEqual([]);

    // An hour on, the guest has no time present: the scan was not re-timed to the upload.
    ctx.advance(60 * MINUTE);
    expect(await minutesOf(`Guest ${n}`)).toBe(0);

    // The organiser sees the station's own time beside the upload's.
    const res = await admin('GET', `/api/attendance/conflicts?meeting_id=${meeting.id}`);
    const conflicts = res.json().data as ConflictPage;
    expect(conflicts.items.find((c) => c.guest_name === `Guest ${n}`)).toMatchObject({
      reason: 'clock_ahead',
      scanned_at: stationTime,
      uploaded_at: ctx.now() - 60 * MINUTE,
    });
  });

  it('holds a scan a few minutes ahead (drift since the last correction) to the server time', async () => {
    const uploadedAt = ctx.now();
    const answer = await upload([entry(codes[2]!, uploadedAt + 4 * MINUTE)]);
    expect(answer).toMatchObject({ recorded: 1, conflicts: 0 });
    expect(await logOf(codes[2]!)).toEqual([{ type: 'in', created_at: uploadedAt }]);
    ctx.advance(30 * MINUTE);
    expect(await minutesOf('Guest 2')).toBe(30);
  });

  it('holds a scan exactly the bound (5 minutes) ahead, and keeps one a millisecond more as a conflict', async () => {
    expect(OFFLINE_SCAN_MAX_AHEAD_MS).toBe(5 * MINUTE);
    const uploadedAt = ctx.now();
    const answer = await upload([
      entry(codes[3]!, uploadedAt + OFFLINE_SCAN_MAX_AHEAD_MS),
      entry(codes[4]!, uploadedAt + OFFLINE_SCAN_MAX_AHEAD_MS + 1),
    ]);
    expect(answer).toMatchObject({ recorded: 1, conflicts: 1 });
    expect(answer.results.map((r) => [r.outcome, r.reason])).toEqual([
      ['recorded', null],
      ['conflict', 'clock_ahead'],
    ]);
    expect(await logOf(codes[3]!)).toEqual([{ type: 'in', created_at: uploadedAt }]);
    expect(await logOf(codes[4]!)).toEqual([]);
  });
});
