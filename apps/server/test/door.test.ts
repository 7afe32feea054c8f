import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordPage, ScanAnswer } from '@meetflow/shared/schemas/attendance';
import { addUser, scanner, signUpGuest, toNextMorning, type Guest } from './attendance-fixtures.ts';
import { migrations } from '../src/db/migrate.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, createSchedule, generalBody } from './registration-fixtures.ts';

const SECOND = 1000;

/** Field-test fixes at the door: sessions for door staff, repeated reads, operators as they were. */
describe(`at the door (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let door: string;
  let doorUserId: number;
  let scan: ReturnType<typeof scanner>;
  let meeting: { id: number; publicId: string };
  let elsewhere: { id: number; publicId: string };
  let session: number;
  const guests: Guest[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    toNextMorning(ctx);
    scan = scanner(ctx);
    admin = (await ctx.login()).access_token;
    const org = await createOrganization(ctx.db);
    door = await addUser(ctx, admin, 'door_one', 'door_staff', org);
    doorUserId = Number(
      (
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('account', '=', 'door_one')
          .executeTakeFirstOrThrow()
      ).id,
    );
    meeting = await createMeeting(ctx.db, org);
    elsewhere = await createMeeting(ctx.db, await createOrganization(ctx.db));
    session = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    for (let n = 0; n < 4; n += 1) guests.push(await signUpGuest(ctx, meeting.publicId, generalBody(n), n));
  });
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const answer = async (...args: Parameters<typeof scan>) => (await scan(...args)).json().data as ScanAnswer;
  const checkIns = (guestId: number) =>
    ctx.db.selectFrom('check_ins').select(['type', 'station']).where('guest_id', '=', guestId).execute();

  it('lets door staff read the sessions of the meetings they may scan, and nothing more', async () => {
    const res = await get(door, `/api/meetings/${meeting.id}/schedules`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { id: number }[]).map((s) => s.id)).toEqual([session]);
    // Another organisation's meeting is out of sight, as it is for scanning.
    expect((await get(door, `/api/meetings/${elsewhere.id}/schedules`)).statusCode).toBe(404);
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meeting.id}/schedules`,
      headers: bearer(door),
      payload: { name: 'X', name_cn: 'X', name_en: 'X', signup_limit: 0, date: '2030-01-01' },
    });
    expect(add.statusCode).toBe(403);
  });

  it('answers a second read of the same badge within the window as a duplicate of the first, in automatic mode', async () => {
    const g = guests[0]!;
    const first = ctx.now();
    const scope = { meeting_id: meeting.id, guest_code: g.code, direction: 'auto' as const };
    expect(await answer(door, scope)).toMatchObject({ result: 'success', type: 'in', at: first });
    ctx.advance(250);
    expect(await answer(door, scope)).toMatchObject({ result: 'duplicate', type: 'in', previous_at: first });
    expect(await checkIns(g.id)).toHaveLength(1);

    // Once the window has passed, the same badge toggles as before.
    ctx.advance(ctx.config.scanRepeatWindowMs);
    expect(await answer(door, scope)).toMatchObject({ result: 'success', type: 'out' });
    expect((await checkIns(g.id)).map((r) => r.type)).toEqual(['in', 'out']);
  });

  it('holds the window across stations and fixed directions, per scope', async () => {
    const g = guests[1]!;
    const first = ctx.now();
    const at = (station: string, direction: 'in' | 'out' | 'auto', schedule_id: number | null = null) =>
      answer(door, { meeting_id: meeting.id, guest_code: g.code, direction, station, schedule_id });
    expect(await at('North', 'in')).toMatchObject({ result: 'success', type: 'in' });
    ctx.advance(SECOND);
    // Two stations reading the same badge: the exit station's read is the same arrival.
    expect(await at('South', 'out')).toMatchObject({ result: 'duplicate', type: 'in', previous_at: first });
    expect(await at('South', 'auto')).toMatchObject({ result: 'duplicate', type: 'in', previous_at: first });
    // A session is a scope of its own: its door is not a repeat of the meeting's.
    expect(await at('Hall', 'in', session)).toMatchObject({ result: 'success', type: 'in' });
    expect((await checkIns(g.id)).map((r) => r.station)).toEqual(['North', 'Hall']);
    ctx.advance(ctx.config.scanRepeatWindowMs);
    expect(await at('South', 'out')).toMatchObject({ result: 'success', type: 'out' });
  });

  it('keeps the operator’s name and the station as they were at scan time', async () => {
    const g = guests[2]!;
    ctx.advance(SECOND);
    expect(
      await answer(door, { meeting_id: meeting.id, guest_code: g.code, direction: 'in', station: 'Gate A' }),
    ).toMatchObject({ result: 'success' });
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${doorUserId}`,
      headers: bearer(admin),
      payload: { name: 'Someone else' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await get(admin, `/api/attendance/records?meeting_id=${meeting.id}&page=1&page_size=100`);
    const page = res.json().data as RecordPage;
    const record = page.items.find((r) => r.guest_id === g.id)!;
    expect(record).toMatchObject({ station: 'Gate A', operator_name: 'door_one name' });
    expect(page.total).toBe(page.items.length);
  });

  it('fills the name of scans recorded before it was kept from their operator, and leaves close-outs without one', async () => {
    const migration = migrations['2026-11-24-07-scan-operator-name']!;
    await migration.down!(ctx.db);
    await migration.up(ctx.db);
    const rows = await ctx.db
      .selectFrom('check_ins')
      .select(['operator_id', 'operator_name'])
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    // Only today's name is still known for earlier rows.
    expect(
      rows.every((r) => Number(r.operator_id) === doorUserId && r.operator_name === 'Someone else'),
    ).toBe(true);
  });
});
