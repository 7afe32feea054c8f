import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  signUp,
} from './registration-fixtures.ts';

/*
 * The sign-up's wiring of who may register (issue 45): an invitation code redeems one use and takes
 * its kind of seat (and is an approval), a member-list match on an approval meeting is approved at
 * once, and a registration type marked for approval waits while another does not.
 */
describe(`sign-up admission wiring (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let org: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await createOrganization(ctx.db);
  });
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const admission = (meetingId: number, body: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${meetingId}/admission`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { approval_holds_seat: true, reject_erase_days: 7, group_max: 0, ...body },
    });

  async function invitation(meetingId: number, code: string, seats: 'reserved' | 'bypass', maxUses: number) {
    const now = ctx.now();
    await ctx.db
      .insertInto('invitations')
      .values({
        meeting_id: meetingId,
        code,
        kind: 'shared',
        seats,
        max_uses: maxUses,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const meetingRow = (id: number) =>
    ctx.db
      .selectFrom('meetings')
      .select(['registered_count', 'invitee_reserved'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('an invitation code redeems one use, takes its seat kind and approves the sign-up', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    expect((await admission(meeting.id, { approval: 'all' })).statusCode).toBe(200);
    await ctx.db.updateTable('meetings').set({ invitee_reserved: 1 }).where('id', '=', meeting.id).execute();
    await invitation(meeting.id, 'VIP2027', 'reserved', 2);
    await invitation(meeting.id, 'SPEAKER', 'bypass', 1);

    // The one public seat is the invitees': a public sign-up waits for approval, holding none.
    const invited = await signUp(ctx, meeting.publicId, generalBody(1, { invitation_code: ' vip2027 ' }), 1);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data.guest).toMatchObject({ guest_code: expect.any(String), approval: 'approved' });
    expect(await meetingRow(meeting.id)).toEqual({ registered_count: 1, invitee_reserved: 0 });
    // Past the limit with a bypass code.
    const speaker = await signUp(ctx, meeting.publicId, generalBody(2, { invitation_code: 'SPEAKER' }), 2);
    expect(speaker.statusCode, speaker.body).toBe(200);
    expect((await meetingRow(meeting.id)).registered_count).toBe(2);
    const used = await ctx.db
      .selectFrom('invitations')
      .select(['code', 'used_count'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('code')
      .execute();
    expect(used).toEqual([
      { code: 'SPEAKER', used_count: 1 },
      { code: 'VIP2027', used_count: 1 },
    ]);
    const guests = await ctx.db
      .selectFrom('guests')
      .select(['invitation_id', 'approval'])
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(guests.every((g) => g.invitation_id !== null && g.approval === 'approved')).toBe(true);
    // Used up: refused, nothing written.
    const again = await signUp(ctx, meeting.publicId, generalBody(3, { invitation_code: 'SPEAKER' }), 3);
    expect(again.json().code).toBe(40982);
  });

  it('a member-list match on an approval meeting is approved at once; others wait by type', async () => {
    const meeting = await createMeeting(ctx.db, org, {
      meeting_type: 'date_schedule',
      registration_limit: 10,
    });
    const day = await createSchedule(ctx.db, meeting.id, 0, 'Day one');
    const doctor = await createUserType(ctx.db, meeting.id, [day], 'Doctor');
    const nurse = await createUserType(ctx.db, meeting.id, [day], 'Nurse');
    expect(
      (await admission(meeting.id, { approval: 'types', approval_user_type_ids: [doctor] })).statusCode,
    ).toBe(200);
    const now = ctx.now();
    await ctx.db
      .insertInto('member_records')
      .values({
        organization_id: org,
        licence_number: 'M-12345',
        licence_key: 'M12345',
        name_zh: '嘉賓1',
        name_en: 'Guest 1',
        name_keys: '嘉賓1 guest1',
        member_class: 'full',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const member = await signUp(
      ctx,
      meeting.publicId,
      { ...dateScheduleBody(1, doctor, [day]), license_number: 'm 12345' },
      11,
    );
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().data.guest).toMatchObject({ guest_code: expect.any(String), approval: 'approved' });
    const stranger = await signUp(ctx, meeting.publicId, dateScheduleBody(2, doctor, [day]), 12);
    expect(stranger.json().data.guest).toMatchObject({ guest_code: null, approval: 'pending' });
    const nurseAnswer = await signUp(ctx, meeting.publicId, dateScheduleBody(3, nurse, [day]), 13);
    expect(nurseAnswer.json().data.guest.guest_code).toEqual(expect.any(String));
    expect(nurseAnswer.json().data.guest.approval).toBeUndefined();
    const rows = await ctx.db
      .selectFrom('guests')
      .select(['member_record_id', 'approval'])
      .where('meeting_id', '=', meeting.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.member_record_id !== null, r.approval])).toEqual([
      [true, 'approved'],
      [false, 'pending'],
      [false, null],
    ]);
  });
});
