import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { readWorkbook, sheetValues } from './guest-fixtures.ts';
import {
  clientIp,
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import {
  auditCount,
  guestsOf,
  listState,
  liveGuestCount,
  openList,
  openSessionList,
} from './waitlist-fixtures.ts';

const HOUR = 3_600_000;

/*
 * Waiting lists (issue 19) on the real database, with a second instance (its own pool and job
 * runner) where concurrency matters: the line is numbered in commit order, a freed seat goes to the
 * first in line exactly once, the limit is never exceeded, offers lapse once across runners and a
 * restart, and the visitor's and the organiser's sides do what they say.
 */
describe(`waiting lists (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let org: number;
  const figures: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login()).access_token;
    org = await createOrganization(ctx.db);
  });
  // Tests move the server's clock by hours: a fresh access token each time.
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    // The figures the issue asks for, from this run.
    if (figures.length) process.stdout.write(`[waitlist ${TEST_DB}] ${figures.join('; ')}\n`);
    await ctx.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  it('the visitor: the same form joins when full, the look-up finds the place, leaving frees it; maximum and switched-off lists', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    expect((await signUp(ctx, meeting.publicId, generalBody(50_000), 50_000)).statusCode).toBe(200);
    // Without a list a full meeting stays full.
    expect((await signUp(ctx, meeting.publicId, generalBody(50_001), 50_001)).json().code).toBe(40951);
    await openList(ctx.db, meeting.id, { max: 2 });
    const info = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${meeting.publicId}` });
    expect(info.json().data).toMatchObject({ status: 'full', waitlist_open: true });

    // The form's validation is the sign-up's.
    const invalid = await signUp(ctx, meeting.publicId, generalBody(50_001, { email: 'nope' }), 50_001);
    expect(invalid.statusCode).toBe(400);
    const joined = (await signUp(ctx, meeting.publicId, generalBody(50_001), 50_001)).json().data;
    expect(joined.waiting).toMatchObject({ position: 1, status: 'waiting', masked_phone: '+853 ****0001' });
    expect((await signUp(ctx, meeting.publicId, generalBody(50_001), 50_001)).json().code).toBe(40955);
    expect((await signUp(ctx, meeting.publicId, generalBody(50_000), 50_000)).json().code).toBe(40953);
    expect(
      (await signUp(ctx, meeting.publicId, generalBody(50_002), 50_002)).json().data.waiting.position,
    ).toBe(2);
    // At its maximum the list takes no one more.
    expect((await signUp(ctx, meeting.publicId, generalBody(50_003), 50_003)).json().code).toBe(40956);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${meeting.publicId}` })).json().data
        .waitlist_open,
    ).toBe(false);

    // The check-in page's look-up by phone finds the place, on a new device.
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup`,
      payload: { area_code: '853', phone: '66050002' },
      remoteAddress: clientIp(50_002),
    });
    expect(lookup.json().data).toMatchObject({ guest: null, waiting: { position: 2 } });
    const device = lookup.json().data.guest_token as string;
    // The first leaves: the second moves up; the place is gone for the first.
    const left = await guestRequest(ctx, joined.guest_token, 'DELETE', '/api/public/waitlist');
    expect(left.json().data).toMatchObject({ status: 'left', position: null });
    expect((await guestRequest(ctx, device, 'GET', '/api/public/waitlist')).json().data.position).toBe(1);
    expect((await listState(ctx.db, meeting.id)).waiting).toBe(1);
    // A guest token is not a place, and a made-up token is nobody's.
    expect((await guestRequest(ctx, 'x'.repeat(40), 'GET', '/api/public/waitlist')).statusCode).toBe(401);

    // Switched off: no new places; those on it keep theirs.
    await ctx.db.updateTable('meetings').set({ waitlist_enabled: 0 }).where('id', '=', meeting.id).execute();
    expect((await signUp(ctx, meeting.publicId, generalBody(50_004), 50_004)).json().code).toBe(40951);
    expect((await guestRequest(ctx, device, 'GET', '/api/public/waitlist')).json().data.status).toBe(
      'waiting',
    );
  });

  it("a guest joins and leaves a full session's list from their guest page", async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    const open = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    const small = await createSchedule(ctx.db, meeting.id, 1, 'Masterclass');
    const doctor = await createUserType(ctx.db, meeting.id, [open, small]);
    await signUp(ctx, meeting.publicId, dateScheduleBody(55_000, doctor, [small]), 55_000);
    const token = (
      await signUp(ctx, meeting.publicId, dateScheduleBody(55_001, doctor, [open]), 55_001)
    ).json().data.guest_token;
    // Full and no list: refused, as before.
    expect(
      (await guestRequest(ctx, token, 'POST', '/api/public/guest/waitlist', { schedule_id: small })).json()
        .code,
    ).toBe(40952);
    await openSessionList(ctx.db, small);
    const shown = (
      await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${meeting.publicId}` })
    ).json().data;
    expect(shown.schedules.find((s: { id: number }) => s.id === small)).toMatchObject({
      seats_left: 0,
      waitlist_open: true,
    });
    const joined = await guestRequest(ctx, token, 'POST', '/api/public/guest/waitlist', {
      schedule_id: small,
    });
    expect(joined.json().data.waitlist).toEqual([
      expect.objectContaining({ schedule_id: small, status: 'waiting', position: 1, offer_token: null }),
    ]);
    // Twice, even at once, is once.
    const twice = await Promise.all(
      [0, 1].map(() =>
        guestRequest(ctx, token, 'POST', '/api/public/guest/waitlist', { schedule_id: small }),
      ),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await listState(ctx.db, meeting.id, small)).waiting).toBe(1);
    const left = await guestRequest(ctx, token, 'DELETE', `/api/public/guest/waitlist/${small}`);
    expect(left.json().data.waitlist).toEqual([]);
    expect((await listState(ctx.db, meeting.id, small)).waiting).toBe(0);
  });

  it('the back office lists, promotes (raising a full limit by one), removes and exports, each audited', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 2 });
    await openList(ctx.db, meeting.id);
    for (let n = 0; n < 6; n++) await signUp(ctx, meeting.publicId, generalBody(57_000 + n), 57_000 + n);
    const list = await api('GET', `/api/meetings/${meeting.id}/waitlist`);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page).toMatchObject({
      enabled: true,
      seats_taken: 2,
      seat_limit: 2,
      total: 4,
      counts: { waiting: 4, offered: 0 },
    });
    expect(page.items.map((i: { position: number }) => i.position)).toEqual([1, 2, 3, 4]);
    expect(page.items[0]).toMatchObject({
      display_name: 'Guest 57002',
      phone: '+85366057002',
      status: 'waiting',
    });

    // Promoting the third in line: the meeting is full, so its limit becomes 3.
    const third = page.items[2];
    const promoted = await api('POST', `/api/meetings/${meeting.id}/waitlist/${third.id}/promote`);
    expect(promoted.json().data).toMatchObject({
      seat_limit: 3,
      limit_raised: true,
      entry: { status: 'promoted', decided_by: 'admin' },
    });
    expect(await liveGuestCount(ctx.db, meeting.id)).toBe(3);
    expect(await auditCount(ctx.db, 'waitlist.promoted_raising_limit')).toBe(1);
    // Removing the first: the others move up.
    expect((await api('DELETE', `/api/meetings/${meeting.id}/waitlist/${page.items[0].id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await api('DELETE', `/api/meetings/${meeting.id}/waitlist/${page.items[0].id}`)).json().code,
    ).toBe(40452);
    const after = (await api('GET', `/api/meetings/${meeting.id}/waitlist?show=all`)).json().data;
    expect(
      after.items.map((i: { status: string; position: number | null }) => [i.status, i.position]),
    ).toEqual([
      ['waiting', 1],
      ['waiting', 2],
      ['removed', null],
      ['promoted', null],
    ]);
    expect(after.counts).toMatchObject({ waiting: 2, promoted: 1 });
    // Counts in the meeting list and the live figures.
    const listed = (await api('GET', `/api/meetings/${meeting.id}`)).json().data;
    expect(listed).toMatchObject({ waiting_count: 2, registration_limit: 3 });
    const stats = await api('GET', `/api/attendance/stats?meeting_id=${meeting.id}`);
    expect(stats.json().data).toMatchObject({ waiting: 2, signed_up: 3 });

    const exported = await api('GET', `/api/meetings/${meeting.id}/waitlist/export`);
    expect(exported.statusCode).toBe(200);
    const rows = sheetValues((await readWorkbook(exported.rawPayload)).worksheets[0]!);
    expect(rows[0]).toEqual(expect.arrayContaining(['Position', 'Name', 'Phone', 'Status']));
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([
      [1, 'Guest 57003', 'Waiting'],
      [2, 'Guest 57005', 'Waiting'],
      [undefined, 'Guest 57002', 'Removed'],
      [undefined, 'Guest 57004', 'Given a seat'],
    ]);
    // Phones as the guest export writes them (one format in every file), not bare E.164.
    const guestExport = await api('GET', `/api/meetings/${meeting.id}/guests/export`);
    const guestRows = sheetValues((await readWorkbook(guestExport.rawPayload)).worksheets[0]!);
    const guestPhone = guestRows[0]!.indexOf('Phone');
    const promotedRow = guestRows.find((r) => r.includes('Guest 57004'))!;
    expect(rows[4]![2]).toBe(promotedRow[guestPhone]);
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      '+853 6605 7003',
      '+853 6605 7005',
      '+853 6605 7002',
      '+853 6605 7004',
    ]);
    expect(await auditCount(ctx.db, 'waitlist.exported')).toBe(1);
    // Another meeting's place is not found through this one.
    const other = await createMeeting(ctx.db, org);
    expect((await api('POST', `/api/meetings/${other.id}/waitlist/${third.id}/promote`)).statusCode).toBe(
      404,
    );
  });

  it("a place on a date-schedule meeting's list, promoted, is enrolled where seats are free and waits where the session has a list", async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 2,
    });
    await openList(ctx.db, meeting.id);
    const plenary = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    const workshop = await createSchedule(ctx.db, meeting.id, 1, 'Workshop');
    const doctor = await createUserType(ctx.db, meeting.id, [plenary, workshop]);
    await openSessionList(ctx.db, workshop);
    const leaving = await signUp(ctx, meeting.publicId, dateScheduleBody(47_000, doctor, [plenary]), 47_000);
    await signUp(ctx, meeting.publicId, dateScheduleBody(47_001, doctor, [workshop]), 47_001);
    const waiting = (
      await signUp(ctx, meeting.publicId, dateScheduleBody(47_002, doctor, [plenary, workshop]), 47_002)
    ).json().data;
    expect(waiting.waiting).toMatchObject({ position: 1, schedule_ids: [plenary, workshop] });
    const leaver = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('guest_code', '=', leaving.json().data.guest.guest_code)
      .executeTakeFirstOrThrow();
    expect((await api('DELETE', `/api/guests/${leaver.id}`)).statusCode).toBe(200);
    const page = (await guestRequest(ctx, waiting.guest_token, 'GET', '/api/public/guest')).json().data;
    expect(page.enrolled_schedule_ids).toEqual([plenary]);
    expect(page.waitlist).toEqual([expect.objectContaining({ schedule_id: workshop, position: 1 })]);
    expect(await liveGuestCount(ctx.db, meeting.id)).toBe(2);
  });

  it('a place whose registration type was deleted gives way; a meeting that is over promotes nobody', async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 1,
    });
    await openList(ctx.db, meeting.id);
    const session = await createSchedule(ctx.db, meeting.id, 0, 'Plenary');
    const kept = await createUserType(ctx.db, meeting.id, [session], 'Doctor');
    const dropped = await createUserType(ctx.db, meeting.id, [session], 'Nurse');
    await signUp(ctx, meeting.publicId, dateScheduleBody(48_000, kept, [session]), 48_000);
    await signUp(ctx, meeting.publicId, dateScheduleBody(48_001, dropped, [session]), 48_001);
    const next = (
      await signUp(ctx, meeting.publicId, dateScheduleBody(48_002, kept, [session]), 48_002)
    ).json().data;
    // Nobody signed up as a nurse: the type may go while a waiting form still names it.
    expect((await api('DELETE', `/api/user-types/${dropped}`)).statusCode).toBe(200);
    const [first] = await guestsOf(ctx.db, meeting.id);
    expect((await api('DELETE', `/api/guests/${first!.id}`)).statusCode).toBe(200);
    const state = await listState(ctx.db, meeting.id);
    expect(state.entries.map((e) => e.status)).toEqual(['removed', 'promoted']);
    expect((await guestRequest(ctx, next.guest_token, 'GET', '/api/public/guest')).statusCode).toBe(200);

    // Over: a freed seat stays free.
    const over = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, over.id);
    await signUp(ctx, over.publicId, generalBody(48_100), 48_100);
    await signUp(ctx, over.publicId, generalBody(48_101), 48_101);
    await ctx.db
      .updateTable('meetings')
      .set({ end_at: ctx.now() - 1000 })
      .where('id', '=', over.id)
      .execute();
    const [guest] = await guestsOf(ctx.db, over.id);
    expect((await api('DELETE', `/api/guests/${guest!.id}`)).statusCode).toBe(200);
    expect((await listState(ctx.db, over.id)).entries.map((e) => e.status)).toEqual(['waiting']);
  });

  it('an expiry job run again after its claim lapsed changes nothing; where the e-mail code is required, the look-up does not find a place', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, meeting.id, { offerHours: 1 });
    await signUp(ctx, meeting.publicId, generalBody(49_000), 49_000);
    await signUp(ctx, meeting.publicId, generalBody(49_001), 49_001);
    await signUp(ctx, meeting.publicId, generalBody(49_002), 49_002);
    const [first] = await guestsOf(ctx.db, meeting.id);
    await api('DELETE', `/api/guests/${first!.id}`);
    ctx.advance(HOUR + 1000);
    await ctx.app.jobs.runDue();
    expect((await listState(ctx.db, meeting.id)).entries.map((e) => e.status)).toEqual([
      'expired',
      'offered',
    ]);
    // As if a runner had died after the expiry's commit and before marking the job done.
    const expiry = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'waitlist.offer_expiry')
      .where('meeting_id', '=', meeting.id)
      .where('status', '=', 'done')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: 0 })
      .where('id', '=', expiry.id)
      .execute();
    await ctx.app.jobs.runDue();
    const state = await listState(ctx.db, meeting.id);
    expect(state.entries.map((e) => e.status)).toEqual(['expired', 'offered']);
    expect(state).toMatchObject({ held: 1, waiting: 0 });

    await ctx.db
      .insertInto('meeting_mail_settings')
      .values({ meeting_id: meeting.id, lookup_code_by_email: 1, updated_at: ctx.now() })
      .execute();
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup`,
      payload: { area_code: '853', phone: '66049002' },
      remoteAddress: clientIp(49_002),
    });
    expect(lookup.json().code).toBe(40451);
  });
});
