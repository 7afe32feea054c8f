import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  generalBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { attachment, startSmtp, type SmtpFixture } from './smtp-fixture.ts';
import { guestsOf, listState, openList, openSessionList } from './waitlist-fixtures.ts';

const HOUR = 3_600_000;

/*
 * The waiting lists' mail through the outbox and a real SMTP server: an offer tells the first in line
 * in their language, with the accept link and no entry code; the seat, once theirs, brings the usual
 * confirmation with the QR code and the calendar file.
 */
describe(`waiting-list mail (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: string;
  let org: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://meet.example.org' });
    org = await createOrganization(ctx.db);
  });
  beforeEach(async () => {
    admin = (await ctx.login()).access_token;
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const deleteGuest = (guestId: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/guests/${guestId}`, headers: bearer(admin) });
  const onlyGuestOf = async (meetingId: number) => (await guestsOf(ctx.db, meetingId))[0]!.id;
  const to = (mail: (typeof smtp.received)[number]) => (mail.to && 'text' in mail.to ? mail.to.text : '');

  it('an offer mail in the visitor’s language carries the accept link; accepting brings the confirmation with the QR code', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, meeting.id, { offerHours: 3 });
    await signUp(ctx, meeting.publicId, generalBody(1), 1);
    const waiting = await signUp(ctx, meeting.publicId, generalBody(2), 2, 'zh-cn');
    expect(waiting.json().data.waiting.position).toBe(1);
    expect((await deleteGuest(await onlyGuestOf(meeting.id))).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const offers = smtp.received.filter((m) => to(m) === 'guest2@example.com');
    expect(offers).toHaveLength(1);
    const offer = offers[0]!;
    expect(offer.subject).toBe('候补名额：测试会议');
    expect(offer.text).toContain('现为您保留至');
    expect(offer.attachments.map((a) => a.filename)).toEqual([]);
    const link = /https:\/\/meet\.example\.org\/#\/waitlist-offer\/([\w.-]+)/.exec(offer.text ?? '');
    expect(link).not.toBeNull();

    smtp.received.length = 0;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/waitlist/offer/accept',
      payload: { token: link![1] },
    });
    expect(accepted.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const confirmation = smtp.received[0]!;
    expect(to(confirmation)).toBe('guest2@example.com');
    expect(confirmation.subject).toContain('测试会议');
    expect(attachment(confirmation, 'qr-code.png').content.length).toBeGreaterThan(100);
    expect(attachment(confirmation, 'meeting.ics').content.toString()).toContain('BEGIN:VEVENT');
  });

  it('a seat given at once (automatic) sends the confirmation; an offer no longer open sends nothing', async () => {
    const meeting = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, meeting.id);
    await signUp(ctx, meeting.publicId, generalBody(11), 11);
    await signUp(ctx, meeting.publicId, generalBody(12), 12);
    await ctx.app.jobs.runDue();
    smtp.received.length = 0;
    await deleteGuest(await onlyGuestOf(meeting.id));
    await ctx.app.jobs.runDue();
    expect(smtp.received.map(to)).toEqual(['guest12@example.com']);
    expect(attachment(smtp.received[0]!, 'qr-code.png')).toBeTruthy();

    // An offer declined before its mail went out: the mail is skipped, not sent.
    const other = await createMeeting(ctx.db, org, { registration_limit: 1 });
    await openList(ctx.db, other.id, { offerHours: 1 });
    await signUp(ctx, other.publicId, generalBody(13), 13);
    const token = (await signUp(ctx, other.publicId, generalBody(14), 14)).json().data.guest_token;
    await ctx.app.jobs.runDue();
    smtp.received.length = 0;
    await deleteGuest(await onlyGuestOf(other.id));
    const offerToken = (await guestRequest(ctx, token, 'GET', '/api/public/waitlist')).json().data
      .offer_token;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/public/waitlist/offer/decline',
      payload: { token: offerToken },
    });
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
    ctx.advance(2 * HOUR);
    await ctx.app.jobs.runDue();
    expect((await listState(ctx.db, other.id)).entries.map((e) => e.status)).toEqual(['declined']);
  });

  it("a session's offer names the session; accepting enrols the guest and sends the updated confirmation", async () => {
    const meeting = await createMeeting(ctx.db, org, { meeting_type: 'date_schedule' });
    await openList(ctx.db, meeting.id, { offerHours: 2 });
    const session = await createSchedule(ctx.db, meeting.id, 1, 'Masterclass');
    const doctor = await createUserType(ctx.db, meeting.id, [session]);
    await openSessionList(ctx.db, session);
    const holder = (await signUp(ctx, meeting.publicId, dateScheduleBody(21, doctor, [session]), 21)).json()
      .data.guest_token;
    const waiter = await signUp(ctx, meeting.publicId, dateScheduleBody(22, doctor, [session]), 22);
    expect(waiter.json().data.guest.waitlist[0]).toMatchObject({ schedule_id: session, position: 1 });
    await ctx.app.jobs.runDue();
    smtp.received.length = 0;
    await guestRequest(ctx, holder, 'DELETE', `/api/public/guest/enrolments/${session}`);
    await ctx.app.jobs.runDue();
    const offer = smtp.received.find((m) => to(m) === 'ds22@example.com')!;
    expect(offer.subject).toBe('A seat for you: Test meeting – Masterclass');
    const token = /#\/waitlist-offer\/([\w.-]+)/.exec(offer.text ?? '')![1]!;
    smtp.received.length = 0;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/waitlist/offer/accept',
      payload: { token },
    });
    expect(accepted.json().data.guest.enrolled_schedule_ids).toEqual([session]);
    await ctx.app.jobs.runDue();
    const update = smtp.received.find((m) => to(m) === 'ds22@example.com')!;
    expect(attachment(update, 'meeting.ics').content.toString()).toContain('Masterclass');
  });
});
