import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalkInSyncAnswer } from '@meetflow/shared/schemas/walk-ins';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  macaoPhone,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';
import { auditCount, openList } from './waitlist-fixtures.ts';

/*
 * An application without a held seat (issue 45) is a phone with no guest row: the walk-in desk, the
 * decision, the waiting list and the look-up by phone must each still find it. A walk-in with its
 * phone is refused (online) or kept as a conflict (offline) instead of becoming a second person;
 * approving it when the phone is a guest by now is a clear refusal; a place seated from the list
 * takes the phone's earlier application over instead of leaving the guest outside the queue; and
 * the look-up that mails a code tells the applicant by mail that the application waits.
 */
describe(`applications without a seat, found by phone (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: Api;
  let door: Api;
  let org: number;
  let n = 900;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    org = await createOrganization(ctx.db);
    door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', org));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  async function admission(meetingId: number, held: boolean) {
    const res = await admin('PUT', `/api/meetings/${meetingId}/admission`, {
      approval: 'all',
      approval_holds_seat: held,
      reject_erase_days: 7,
      group_max: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function unheldMeeting(limit = 5) {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: limit });
    await admission(meeting.id, false);
    return meeting;
  }

  /** An application without a seat: no guest row, its id. */
  async function apply(meeting: { id: number; publicId: string }, k = ++n) {
    const res = await signUp(ctx, meeting.publicId, generalBody(k), k);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ guest: null, application: { status: 'pending' } });
    const row = await ctx.db
      .selectFrom('applications')
      .select('id')
      .where('meeting_id', '=', meeting.id)
      .where('phone', '=', `+853${macaoPhone(k)}`)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), k };
  }

  const applicationsOf = (meetingId: number) =>
    ctx.db
      .selectFrom('applications')
      .select(['id', 'guest_id', 'status', 'token_hash'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const guestsOf = (meetingId: number) =>
    ctx.db
      .selectFrom('guests')
      .select(['id', 'phone', 'approval', 'cancelled_at'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
  const decide = (meetingId: number, ids: number[], decision: 'approve' | 'reject') =>
    admin('POST', `/api/meetings/${meetingId}/applications/decide`, { ids, decision, reason: 'No' });
  const mailsTo = (address: string): ParsedMail[] =>
    smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

  it('refuses a walk-in whose phone has an application without a seat: online and offline', async () => {
    const meeting = await unheldMeeting();
    const application = await apply(meeting);
    const person = { name: 'Walker', area_code: '853', phone: macaoPhone(application.k) };
    const online = await door('POST', '/api/attendance/walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      nonce: randomUUID(),
      person,
    });
    expect(online.statusCode, online.body).toBe(409);
    expect(online.json().code).toBe(ERRORS.WALK_IN_APPLICATION_PENDING.code);
    expect(online.json().message).toMatch(/application/i);
    expect(online.json().data).toEqual({ application_id: application.id });

    const nonce = randomUUID();
    const offline = await door('POST', '/api/attendance/offline-walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      walk_ins: [{ nonce, at: ctx.now() - 1000, person }],
    });
    expect(offline.statusCode, offline.body).toBe(200);
    expect((offline.json().data as WalkInSyncAnswer).results[0]).toMatchObject({
      outcome: 'conflict',
      guest_id: null,
      reason: 'pending',
    });
    // Kept for the organiser once, however often the station sends it.
    const again = await door('POST', '/api/attendance/offline-walk-ins', {
      meeting_id: meeting.id,
      station: 'Gate A',
      walk_ins: [{ nonce, at: ctx.now() - 1000, person }],
    });
    expect((again.json().data as WalkInSyncAnswer).results[0]).toMatchObject({ reason: 'pending' });
    const conflicts = await ctx.db
      .selectFrom('scan_conflicts')
      .select(['reason', 'guest_id'])
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(conflicts).toEqual([{ reason: 'pending', guest_id: null }]);
    // No second person: no guest row, the application still waits and can be approved.
    expect(await guestsOf(meeting.id)).toEqual([]);
    expect((await decide(meeting.id, [application.id], 'approve')).json().data).toEqual({
      decided: [application.id],
      refused: [],
    });
  });

  it('refuses to approve an application whose phone is a guest by now, with a clear 409', async () => {
    const meeting = await unheldMeeting();
    const application = await apply(meeting);
    // The back office adds the same person meanwhile.
    const added = await admin('POST', `/api/meetings/${meeting.id}/guests`, generalBody(application.k));
    expect(added.statusCode, added.body).toBe(200);
    const res = await decide(meeting.id, [application.id], 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      decided: [],
      refused: [{ id: application.id, reason: 'APPLICATION_PHONE_SIGNED_UP' }],
    });
    expect(ERRORS.APPLICATION_PHONE_SIGNED_UP.status).toBe(409);
    // Nothing changed: one guest, the application still waits (a rejection is still possible).
    expect(await guestsOf(meeting.id)).toHaveLength(1);
    expect(await applicationsOf(meeting.id)).toMatchObject([{ status: 'pending', guest_id: null }]);
    expect((await decide(meeting.id, [application.id], 'reject')).json().data.decided).toEqual([
      application.id,
    ]);
  });

  it('seats a waiting place whose phone applied without a seat before: one application, in the queue', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, meeting.id);
    // Without a held seat first: the phone applies.
    await admission(meeting.id, false);
    const earlier = await apply(meeting);
    // Then with held seats: someone takes the one seat, and the same phone joins the list.
    await admission(meeting.id, true);
    // With a seat free, the phone's held sign-up is refused: it has applied already.
    const twice = await signUp(ctx, meeting.publicId, generalBody(earlier.k), earlier.k);
    expect(twice.json().code, twice.body).toBe(ERRORS.ALREADY_APPLIED.code);
    const first = ++n;
    expect((await signUp(ctx, meeting.publicId, generalBody(first), first)).statusCode).toBe(200);
    const waiting = await signUp(ctx, meeting.publicId, generalBody(earlier.k), earlier.k);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().data.waiting).not.toBeNull();
    const audits = await auditCount(ctx.db, 'approval.taken_over');

    // The first guest is cancelled: the place is seated awaiting approval.
    const [seatedFirst] = await guestsOf(meeting.id);
    expect((await admin('DELETE', `/api/guests/${seatedFirst!.id}`)).statusCode).toBe(200);
    const seated = (await guestsOf(meeting.id)).find((g) => g.phone === `+853${macaoPhone(earlier.k)}`);
    expect(seated).toMatchObject({ approval: 'pending', cancelled_at: null });
    // Its phone has one pending application, naming the seated guest (the earlier one, taken over).
    const pending = (await applicationsOf(meeting.id)).filter((a) => a.status === 'pending');
    expect(pending).toEqual([{ id: earlier.id, guest_id: seated!.id, status: 'pending', token_hash: null }]);
    expect(await auditCount(ctx.db, 'approval.taken_over')).toBe(audits + 1);
    const queue = (await admin('GET', `/api/meetings/${meeting.id}/applications?status=pending`)).json().data;
    expect(queue.items).toMatchObject([{ id: earlier.id, holds_seat: true }]);
    // Approving it approves the seated guest: no second guest, no refusal.
    expect((await decide(meeting.id, [earlier.id], 'approve')).json().data).toEqual({
      decided: [earlier.id],
      refused: [],
    });
    const after = (await guestsOf(meeting.id)).filter((g) => g.cancelled_at === null);
    expect(after).toMatchObject([{ id: seated!.id, approval: 'approved' }]);
  });

  it('tells an applicant without a seat by mail when the look-up needs the e-mailed code', async () => {
    const meeting = await unheldMeeting();
    const settings = await admin('PUT', `/api/meetings/${meeting.id}/mail-settings`, {
      confirmation_enabled: true,
      reminder_hours: 0,
      lookup_code_by_email: true,
      templates: {},
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const application = await apply(meeting);
    await ctx.app.jobs.runDue();
    const address = `guest${application.k}@example.com`;
    expect(mailsTo(address)).toHaveLength(1);

    const lookup = (k: number, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/meetings/${meeting.publicId}/lookup`,
        payload: { area_code: '853', phone: macaoPhone(k) },
        remoteAddress: ip,
      });
    const res = await lookup(application.k, '10.77.0.1');
    expect(res.statusCode, res.body).toBe(200);
    // The same answer a guest's phone gets: nothing tells the caller it is an application.
    expect(res.json().data).toEqual({ code_sent: true, masked_email: 'g***@example.com' });
    await ctx.app.jobs.runDue();
    const mails = mailsTo(address);
    expect(mails.map((m) => m.subject)).toEqual([
      'Application received: Test meeting',
      'Application received: Test meeting',
    ]);
    expect(mails[1]!.text).toContain('The organiser decides on it');
    // Asked again at once: no second mail in the same window.
    expect((await lookup(application.k, '10.77.0.2')).json().data).toMatchObject({ code_sent: true });
    await ctx.app.jobs.runDue();
    expect(mailsTo(address)).toHaveLength(2);
    // No code was sent, so none opens anything; an unknown phone is answered as before.
    const verify = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup/verify`,
      payload: { area_code: '853', phone: macaoPhone(application.k), code: '123456' },
      remoteAddress: '10.77.0.3',
    });
    expect(verify.json().code, verify.body).toBe(ERRORS.LOGIN_CODE_WRONG.code);
    expect((await lookup(++n, '10.77.0.4')).json().code).toBe(ERRORS.INVALID_INFO.code);

    // Rejected, then erased after the meeting's days: the mails the look-up sent go with the rest.
    expect((await decide(meeting.id, [application.id], 'reject')).json().data.decided).toHaveLength(1);
    await ctx.app.jobs.runDue();
    const keys = () =>
      ctx.db
        .selectFrom('jobs')
        .select('idempotency_key')
        .where('meeting_id', '=', meeting.id)
        .where('kind', '=', 'mail')
        .execute();
    expect((await keys()).map((k) => k.idempotency_key)).toContainEqual(
      expect.stringMatching(new RegExp(`^application-received:${application.id}:asked:`)),
    );
    ctx.advance(7 * 86_400_000 + 1000);
    await ctx.app.jobs.runDue();
    expect(await keys()).toEqual([]);
  });
});
