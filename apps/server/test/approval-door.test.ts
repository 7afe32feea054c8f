import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineData, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import type { WalkInSyncAnswer } from '@meetflow/shared/schemas/walk-ins';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createPaidMeeting } from './payments-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  macaoPhone,
  signUp,
} from './registration-fixtures.ts';
import { openList } from './waitlist-fixtures.ts';

/*
 * Approval (issue 45) at the door and beyond the queue: a held applicant is refused by an offline
 * station's copy and by the upload, a place on a full approval meeting's list is seated awaiting
 * approval with its application in the queue, a held applicant cancelled another way leaves the
 * queue (and may apply again), and a walk-in with a held applicant's phone is not checked in.
 */
describe(`approval at the door (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let door: Api;
  let org: number;
  let n = 700;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    org = await createOrganization(ctx.db);
    door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
  });
  afterAll(() => ctx.close());

  async function approvalMeeting(limit: number) {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: limit });
    const res = await admin('PUT', `/api/meetings/${meeting.id}/admission`, {
      approval: 'all',
      approval_holds_seat: true,
      reject_erase_days: 7,
      group_max: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    return meeting;
  }

  /** A held sign-up: the guest row awaiting approval, with its code (never shown) and its token. */
  async function heldGuest(meeting: { id: number; publicId: string }, k = ++n) {
    const res = await signUp(ctx, meeting.publicId, generalBody(k), k);
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select(['id', 'guest_code', 'approval'])
      .where('meeting_id', '=', meeting.id)
      .where('phone', '=', `+853${macaoPhone(k)}`)
      .executeTakeFirstOrThrow();
    return { ...row, k, token: res.json().data.guest_token as string };
  }

  const applicationsOf = (meetingId: number) =>
    ctx.db
      .selectFrom('applications')
      .select(['id', 'guest_id', 'status'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const decide = (meetingId: number, ids: number[], decision: 'approve' | 'reject') =>
    admin('POST', `/api/meetings/${meetingId}/applications/decide`, { ids, decision, reason: 'No' });
  const checkIns = async (guestId: number) =>
    (await ctx.db.selectFrom('check_ins').select('id').where('guest_id', '=', guestId).execute()).length;

  it('marks a held applicant in the offline copy and keeps their offline scan as a conflict', async () => {
    const meeting = await approvalMeeting(5);
    const held = await heldGuest(meeting);
    const copyRes = await door('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}`);
    expect(copyRes.statusCode, copyRes.body).toBe(200);
    const copy = copyRes.json().data as OfflineData;
    expect(copy.guests.find((g) => g.id === held.id)?.pending).toBe(true);

    const upload = await door('POST', '/api/attendance/offline-scans', {
      meeting_id: meeting.id,
      station: 'Old copy',
      scans: [
        {
          nonce: randomUUID(),
          guest_code: held.guest_code,
          guest_name: 'x',
          direction: 'in',
          type: 'in',
          at: ctx.now() - 1000,
        },
      ],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((upload.json().data as OfflineSyncAnswer).results[0]).toMatchObject({
      outcome: 'conflict',
      reason: 'pending',
    });
    expect(await checkIns(held.id)).toBe(0);

    // Approved: the refreshed copy no longer marks them.
    const since = copy.generated_at;
    ctx.advance(1000);
    const [application] = await applicationsOf(meeting.id);
    expect((await decide(meeting.id, [application!.id], 'approve')).json().data.decided).toHaveLength(1);
    const refreshed = (
      await door('GET', `/api/attendance/offline-data?meeting_id=${meeting.id}&since=${since}`)
    ).json().data as OfflineData;
    expect(refreshed.guests.find((g) => g.id === held.id)).not.toHaveProperty('pending');
  });

  it('seats a place on a full approval meeting awaiting approval, with its application', async () => {
    const meeting = await approvalMeeting(1);
    await openList(ctx.db, meeting.id);
    const first = await heldGuest(meeting);
    const [firstApplication] = await applicationsOf(meeting.id);
    expect((await decide(meeting.id, [firstApplication!.id], 'approve')).statusCode).toBe(200);
    const k = ++n;
    const waiting = await signUp(ctx, meeting.publicId, generalBody(k), k);
    expect(waiting.json().data.waiting).not.toBeNull();

    // The first guest is cancelled: the seat goes to the place on the list.
    expect((await admin('DELETE', `/api/guests/${first.id}`)).statusCode).toBe(200);
    const seated = await ctx.db
      .selectFrom('guests')
      .select(['id', 'approval', 'mail_pending', 'cancelled_at'])
      .where('meeting_id', '=', meeting.id)
      .where('phone', '=', `+853${macaoPhone(k)}`)
      .executeTakeFirstOrThrow();
    // Seated awaiting approval: no confirmation with the code yet, and in the queue.
    expect(seated).toMatchObject({ approval: 'pending', mail_pending: 0, cancelled_at: null });
    const applications = await applicationsOf(meeting.id);
    expect(applications).toMatchObject([
      { guest_id: first.id, status: 'approved' },
      { guest_id: seated.id, status: 'pending' },
    ]);
    const queue = (await admin('GET', `/api/meetings/${meeting.id}/applications?status=pending`)).json().data;
    expect(queue.items.map((i: { id: number }) => i.id)).toEqual([applications[1]!.id]);
    expect(queue.items[0]).toMatchObject({ holds_seat: true });
    // Approving it gives the code, as for any held sign-up.
    expect((await decide(meeting.id, [applications[1]!.id], 'approve')).json().data.decided).toEqual([
      applications[1]!.id,
    ]);
  });

  it('withdraws the application of a held applicant cancelled by the back office', async () => {
    const meeting = await approvalMeeting(5);
    const held = await heldGuest(meeting);
    expect((await admin('DELETE', `/api/guests/${held.id}`)).statusCode).toBe(200);
    const [application] = await applicationsOf(meeting.id);
    expect(application).toMatchObject({ guest_id: held.id, status: 'withdrawn' });
    // Not decided any more: approving the cancelled guest is refused.
    const approve = await decide(meeting.id, [application!.id], 'approve');
    expect(approve.json().data.refused).toEqual([{ id: application!.id, reason: 'APPLICATION_DECIDED' }]);
    const row = await ctx.db
      .selectFrom('guests')
      .select(['approval', 'mail_pending'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(row.approval).not.toBe('approved');
    // The same phone may apply again.
    const again = await signUp(ctx, meeting.publicId, generalBody(held.k), held.k);
    expect(again.statusCode, again.body).toBe(200);
    expect((await applicationsOf(meeting.id)).map((a) => a.status)).toEqual(['withdrawn', 'pending']);
  });

  it('withdraws the application of a held applicant who withdraws from their page', async () => {
    const meeting = await approvalMeeting(5);
    const held = await heldGuest(meeting);
    const res = await guestRequest(ctx, held.token, 'DELETE', '/api/public/guest');
    expect(res.statusCode, res.body).toBe(200);
    expect(await applicationsOf(meeting.id)).toMatchObject([{ guest_id: held.id, status: 'withdrawn' }]);
  });

  it('does not check in a walk-in with a held applicant’s phone: refused online, a conflict offline', async () => {
    const meeting = await approvalMeeting(5);
    const held = await heldGuest(meeting);
    const person = { name: 'Walker', area_code: '853', phone: macaoPhone(held.k) };
    const online = await door('POST', '/api/attendance/walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      nonce: randomUUID(),
      person,
    });
    expect(online.json().code, online.body).toBe(ERRORS.GUEST_AWAITING_APPROVAL.code);
    const offline = await door('POST', '/api/attendance/offline-walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      walk_ins: [{ nonce: randomUUID(), at: ctx.now() - 1000, person }],
    });
    expect(offline.statusCode, offline.body).toBe(200);
    expect((offline.json().data as WalkInSyncAnswer).results[0]).toMatchObject({
      outcome: 'conflict',
      guest_id: held.id,
      reason: 'pending',
    });
    expect(await checkIns(held.id)).toBe(0);
    const [application] = await applicationsOf(meeting.id);
    expect(application).toMatchObject({ status: 'pending' });
  });

  it('refuses a cancelled guest’s phone at the walk-in desk instead of a new guest', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 5 });
    const k = ++n;
    const res = await signUp(ctx, meeting.publicId, generalBody(k), k);
    expect(res.statusCode, res.body).toBe(200);
    const guest = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .executeTakeFirstOrThrow();
    expect((await admin('DELETE', `/api/guests/${guest.id}`)).statusCode).toBe(200);
    const person = { name: 'Walker', area_code: '853', phone: macaoPhone(k) };
    const online = await door('POST', '/api/attendance/walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      nonce: randomUUID(),
      person,
    });
    expect(online.json().code, online.body).toBe(ERRORS.WALK_IN_PHONE_NOT_ADMITTED.code);
    const offline = await door('POST', '/api/attendance/offline-walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      walk_ins: [{ nonce: randomUUID(), at: ctx.now() - 1000, person }],
    });
    expect((offline.json().data as WalkInSyncAnswer).results[0]).toMatchObject({
      outcome: 'conflict',
      guest_id: guest.id,
      reason: 'guest_cancelled',
    });
    const rows = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an online walk-in on a paid meeting: no seat without an order', async () => {
    const meeting = await createPaidMeeting(ctx.db, org, { methods: ['transfer', 'desk'] });
    const online = await door('POST', '/api/attendance/walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      nonce: randomUUID(),
      person: { name: 'Walker', area_code: '853', phone: macaoPhone(++n) },
    });
    expect(online.json().code, online.body).toBe(ERRORS.WALK_IN_PAID_MEETING.code);
    expect(online.json().message).toMatch(/paid/i);
    const rows = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
