import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceStats, MeetingDashboard } from '@meetflow/shared/schemas/attendance';
import { startOfLocalDay } from '../src/lib/local-time.ts';
import { adminApi, readWorkbook, scan, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  type MeetingFixture,
} from './registration-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = 'Asia/Macau';

/**
 * The server's "today" is the TIME_ZONE's day, whatever zone the process runs in (the test machine's
 * is usually UTC, where Macao's day would otherwise reset at 08:00).
 */
describe(`"today" in TIME_ZONE=${ZONE} (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let code: string;
  let scannedAt: number;
  /** Macao midnight that starts the day of the scan. */
  let midnight: number;

  /** Moves the clock and logs in again (access tokens last two hours). */
  const advance = async (ms: number) => {
    ctx.advance(ms);
    admin = adminApi(ctx, (await ctx.login()).access_token);
  };
  const stats = async () => {
    const res = await admin('GET', `/api/attendance/stats?meeting_id=${meeting.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AttendanceStats;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), { name: '澳門年會' });
    const added = await admin('POST', `/api/meetings/${meeting.id}/guests`, generalBody(1, { name: 'Ada' }));
    expect(added.statusCode, added.body).toBe(200);
    code = added.json().data.guest_code as string;

    // To 07:30 in Macao on a coming day: 23:30 UTC of the day before.
    midnight = startOfLocalDay(ctx.now(), ZONE) + DAY;
    await advance(midnight + 7 * HOUR + 30 * MINUTE - ctx.now());
    scannedAt = ctx.now();
    await scan(admin, meeting.id, code, 'in');
  });
  afterAll(() => ctx.close());

  it('names the zone in the health answer, for the web app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.time_zone).toBe(ZONE);
  });

  it("keeps today's check-ins past midnight UTC and starts the new day at Macao midnight", async () => {
    expect(await stats()).toEqual({ signed_up: 1, waiting: 0, checked_in_today: 1, inside: 1, left: 0 });
    // 08:30 in Macao, 00:30 UTC: still the same day here.
    await advance(HOUR);
    expect(await stats()).toMatchObject({ checked_in_today: 1, inside: 1 });
    // 23:59 in Macao.
    await advance(midnight + DAY - MINUTE - ctx.now());
    expect(await stats()).toMatchObject({ checked_in_today: 1 });
    // 00:01 the next day in Macao: a new day, which starts with nobody inside (the day closed them out).
    await advance(2 * MINUTE);
    expect(await stats()).toEqual({ signed_up: 1, waiting: 0, checked_in_today: 0, inside: 0, left: 0 });
  });

  it("answers the dashboard's day and 10-minute slots on Macao's clock", async () => {
    const res = await admin('GET', `/api/meetings/${meeting.id}/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json().data as MeetingDashboard;
    const macao = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
    expect(today.day).toBe(macao(ctx.now()));

    const scanDay = macao(scannedAt);
    const earlier = await admin('GET', `/api/meetings/${meeting.id}/dashboard?day=${scanDay}`);
    const data = earlier.json().data as MeetingDashboard;
    expect(data.arrivals).toEqual([{ at: midnight + 7 * HOUR + 30 * MINUTE, count: 1 }]);
  });

  it('writes times into exported cells as Macao wall-clock times', async () => {
    const res = await admin('GET', `/api/meetings/${meeting.id}/guests/export`);
    expect(res.statusCode).toBe(200);
    const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const firstIn = header.indexOf('First entry') + 1;
    expect(firstIn).toBeGreaterThan(0);
    const cell = sheet.getRow(2).getCell(firstIn).value as string;
    expect(cell).toBe(new Date(scannedAt + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' '));
    expect(cell.slice(11, 13)).toBe('07');
  });
});
