import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const DAY = 86_400_000;

/*
 * The applicant's mails (issue 45), through the real outbox and an SMTP server in the process:
 * "received" for a held seat and for an application without one, in the applicant's language;
 * "rejected" with the organiser's reason; never the code while the sign-up waits — not by the
 * guest's "send again", the back office's resend or a reminder —, the code once approved; and a
 * rejected applicant's erasure takes the application's mails out of the outbox.
 */
describe(`approval mails (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let org: number;
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    org = await createOrganization(ctx.db);
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  async function approvalMeeting(held: boolean, eraseDays = 7) {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 10 });
    const res = await admin('PUT', `/api/meetings/${meeting.id}/admission`, {
      approval: 'all',
      approval_holds_seat: held,
      reject_erase_days: eraseDays,
      group_max: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    return meeting;
  }

  const pendingIds = async (meetingId: number): Promise<number[]> =>
    (await admin('GET', `/api/meetings/${meetingId}/applications?status=pending`))
      .json()
      .data.items.map((item: { id: number }) => item.id);

  const decide = (meetingId: number, ids: number[], decision: 'approve' | 'reject', reason = '') =>
    admin('POST', `/api/meetings/${meetingId}/applications/decide`, { ids, decision, reason });

  const mailsTo = (address: string): ParsedMail[] =>
    smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

  const codeOf = async (meetingId: number, n: number) =>
    await ctx.db
      .selectFrom('guests')
      .select(['id', 'guest_code'])
      .where('meeting_id', '=', meetingId)
      .where('email', '=', `guest${n}@example.com`)
      .executeTakeFirstOrThrow();

  /** The mail shows no code: not in its words, its HTML, its QR image or a calendar. */
  function expectNoCode(mail: ParsedMail, code: string) {
    expect(mail.text).not.toContain(code);
    expect(String(mail.html)).not.toContain(code);
    expect(mail.attachments.map((a) => a.filename)).not.toContain('qr-code.png');
    for (const calendar of mail.attachments.filter((a) => a.contentType.startsWith('text/calendar')))
      expect(calendar.content.toString()).not.toContain(code);
  }

  it('tells a held and an unheld applicant in their language that the application was received', async () => {
    const held = await approvalMeeting(true);
    const unheld = await approvalMeeting(false);
    expect((await signUp(ctx, held.publicId, generalBody(501), 501, 'zh-tw')).statusCode).toBe(200);
    expect((await signUp(ctx, unheld.publicId, generalBody(502), 502, 'en')).statusCode).toBe(200);
    await ctx.app.jobs.runDue();

    const [zh] = mailsTo('guest501@example.com');
    expect(mailsTo('guest501@example.com')).toHaveLength(1);
    expect(zh!.subject).toBe('已收到您的報名申請：測試會議');
    expect(zh!.text).toContain('主辦單位審核後會以電郵通知您結果');
    expect(zh!.text).toContain(`/#/enroll-info/${held.publicId}`);
    expectNoCode(zh!, (await codeOf(held.id, 501)).guest_code);

    const [en] = mailsTo('guest502@example.com');
    expect(mailsTo('guest502@example.com')).toHaveLength(1);
    expect(en!.subject).toBe('Application received: Test meeting');
    expect(en!.text).toContain('Dear Guest 502,');
    expect(en!.text).toContain('The organiser decides on it');
    expect(en!.text).toContain(`/#/enroll-info/${unheld.publicId}`);
    expect(en!.attachments.map((a) => a.filename)).not.toContain('qr-code.png');
    // The outbox holds the application's id, never the address.
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['payload', 'guest_id'])
      .where('meeting_id', '=', unheld.id)
      .where('kind', '=', 'mail')
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.guest_id).toBeNull();
    expect(jobs[0]!.payload).not.toContain('guest502');
  });

  it('gives a pending guest no code until approved, whoever asks', async () => {
    const meeting = await approvalMeeting(true);
    const res = await signUp(ctx, meeting.publicId, generalBody(521), 521, 'en');
    const token = res.json().data.guest_token as string;
    const { id: guestId, guest_code: code } = await codeOf(meeting.id, 521);

    // The guest page is told the application went in, not a confirmation to send again.
    const line = await guestRequest(ctx, token, 'GET', '/api/public/guest/confirmation-mail');
    expect(line.json().data, line.body).toEqual({ masked_email: 'g***@example.com', awaiting: 'approval' });
    const byGuest = await guestRequest(ctx, token, 'POST', '/api/public/guest/confirmation-mail/resend');
    expect(byGuest.statusCode).toBe(409);
    expect(byGuest.json().code, byGuest.body).toBe(ERRORS.GUEST_PENDING_APPROVAL.code);
    const byStaff = await admin('POST', `/api/guests/${guestId}/messages/resend`);
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json().code, byStaff.body).toBe(ERRORS.GUEST_AWAITING_APPROVAL.code);

    // Another applicant, approved before the reminder is due.
    const [first] = await pendingIds(meeting.id);
    expect((await signUp(ctx, meeting.publicId, generalBody(522), 522, 'en')).statusCode).toBe(200);
    const approvedId = (await pendingIds(meeting.id)).find((pending) => pending !== first)!;
    expect((await decide(meeting.id, [approvedId], 'approve')).json().data.decided).toEqual([approvedId]);

    // The meeting starts in a day: a 48-hour reminder is due now. It goes to the approved guest,
    // not to the one still waiting (its words are about a code they do not hold yet).
    const settings = await admin('PUT', `/api/meetings/${meeting.id}/mail-settings`, {
      confirmation_enabled: true,
      reminder_hours: 48,
      templates: {},
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // Reminders are looked for at most every 30 s per instance.
    ctx.advance(31_000);
    await ctx.app.jobs.runDue();
    const waiting = mailsTo('guest521@example.com');
    expect(waiting.map((m) => m.subject)).toEqual(['Application received: Test meeting']);
    for (const mail of waiting) expectNoCode(mail, code);
    expect(mailsTo('guest522@example.com').map((m) => m.subject)).toContain('Reminder: Test meeting');

    const [id] = await pendingIds(meeting.id);
    expect((await decide(meeting.id, [id!], 'approve')).json().data.decided).toEqual([id]);
    await ctx.app.jobs.runDue();
    const confirmation = mailsTo('guest521@example.com').find((m) =>
      m.subject?.startsWith('Registration confirmed'),
    );
    expect(confirmation?.text).toContain(code);
    expect(confirmation!.attachments.map((a) => a.filename)).toContain('qr-code.png');
    // Approved: the guest may ask for it again now.
    const after = await guestRequest(ctx, token, 'GET', '/api/public/guest/confirmation-mail');
    expect(after.json().data.awaiting, after.body).toBeNull();
    const again = await guestRequest(ctx, token, 'POST', '/api/public/guest/confirmation-mail/resend');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('follows the meeting’s switch for confirmation mails: no "received" or "rejected" while it is off', async () => {
    const held = await approvalMeeting(true);
    const unheld = await approvalMeeting(false);
    for (const meeting of [held, unheld]) {
      const off = await admin('PUT', `/api/meetings/${meeting.id}/mail-settings`, {
        confirmation_enabled: false,
        reminder_hours: 0,
        templates: {},
      });
      expect(off.statusCode, off.body).toBe(200);
    }
    expect((await signUp(ctx, held.publicId, generalBody(531), 531, 'en')).statusCode).toBe(200);
    expect((await signUp(ctx, unheld.publicId, generalBody(532), 532, 'en')).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect((await decide(held.id, await pendingIds(held.id), 'reject', 'No')).json().data.refused).toEqual(
      [],
    );
    expect(
      (await decide(unheld.id, await pendingIds(unheld.id), 'reject', 'No')).json().data.refused,
    ).toEqual([]);
    await ctx.app.jobs.runDue();
    expect(mailsTo('guest531@example.com')).toEqual([]);
    expect(mailsTo('guest532@example.com')).toEqual([]);
    // Skipped with the reason, as a confirmation is.
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('meeting_id', 'in', [held.id, unheld.id])
      .where('kind', '=', 'mail')
      .execute();
    expect(jobs).toHaveLength(4);
    for (const job of jobs) expect(job.last_error).toMatch(/confirmation mails are off/);
  });

  it('sends no reminder to a guest awaiting approval, even one queued for them already', async () => {
    const meeting = await approvalMeeting(true);
    expect((await signUp(ctx, meeting.publicId, generalBody(541), 541, 'en')).statusCode).toBe(200);
    const { id: guestId } = await codeOf(meeting.id, 541);
    await ctx.app.jobs.runDue();
    const before = mailsTo('guest541@example.com').length;
    // A reminder in the outbox for the guest (queued before the guest was waiting, or by any path).
    await ctx.db.transaction().execute((trx) =>
      ctx.app.jobs.enqueue(trx, {
        kind: 'mail',
        key: `reminder:${guestId}:meeting:1`,
        payload: { type: 'reminder', schedule_id: null },
        meetingId: meeting.id,
        guestId,
      }),
    );
    await ctx.app.jobs.runDue();
    expect(mailsTo('guest541@example.com')).toHaveLength(before);
    const job = await ctx.db
      .selectFrom('jobs')
      .select('last_error')
      .where('idempotency_key', '=', `reminder:${guestId}:meeting:1`)
      .executeTakeFirstOrThrow();
    expect(job.last_error).toMatch(/awaits approval/);
  });

  it('tells each rejected applicant the reason, without a code; the erasure takes the mails', async () => {
    const held = await approvalMeeting(true, 2);
    const unheld = await approvalMeeting(false, 2);
    await signUp(ctx, held.publicId, generalBody(511), 511, 'en');
    await signUp(ctx, unheld.publicId, generalBody(512), 512, 'zh-cn');
    await signUp(ctx, unheld.publicId, generalBody(513), 513, 'en');
    await ctx.app.jobs.runDue();
    const heldCode = (await codeOf(held.id, 511)).guest_code;
    const rejectHeld = await decide(held.id, await pendingIds(held.id), 'reject', 'Members only');
    expect(rejectHeld.json().data.refused).toEqual([]);
    // Bulk: both applications of the meeting rejected at once, each told.
    const unheldIds = await pendingIds(unheld.id);
    expect(unheldIds).toHaveLength(2);
    const rejectUnheld = await decide(unheld.id, unheldIds, 'reject', 'Programme full {code}');
    expect(rejectUnheld.json().data.decided).toHaveLength(2);
    await ctx.app.jobs.runDue();

    const heldMails = mailsTo('guest511@example.com');
    expect(heldMails.map((m) => m.subject)).toEqual([
      'Application received: Test meeting',
      'Application not approved: Test meeting',
    ]);
    expect(heldMails[1]!.text).toContain('Reason: Members only');
    expectNoCode(heldMails[1]!, heldCode);
    const zh = mailsTo('guest512@example.com').at(-1)!;
    expect(zh.subject).toBe('报名申请未获批准：测试会议');
    // The reason as written: a placeholder in it is not filled.
    expect(zh.text).toContain('原因：Programme full {code}');
    expect(mailsTo('guest513@example.com').at(-1)!.text).toContain('Reason: Programme full {code}');

    // Past the meeting's days: the applicants' data goes, and their mails with it.
    const keys = (meetingId: number) =>
      ctx.db
        .selectFrom('jobs')
        .select('idempotency_key')
        .where('meeting_id', '=', meetingId)
        .where('kind', '=', 'mail')
        .execute();
    expect(await keys(unheld.id)).toHaveLength(4);
    expect(await keys(held.id)).toHaveLength(2);
    ctx.advance(2 * DAY + 1000);
    await ctx.app.jobs.runDue();
    expect(await keys(unheld.id)).toEqual([]);
    expect(await keys(held.id)).toEqual([]);
  });
});
