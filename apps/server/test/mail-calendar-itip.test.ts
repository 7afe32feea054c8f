import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import type { Attachment } from 'mailparser';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  guestRequest,
  signUp,
} from './registration-fixtures.ts';
import { attachment, startSmtp, type SmtpFixture } from './smtp-fixture.ts';

type Mail = SmtpFixture['received'][number];
const SENDER = 'no-reply@meetflow.test';

/** A calendar part as node-ical reads it: the VCALENDAR's METHOD and its events by UID. */
function readCalendar(content: Buffer) {
  const parsed = ical.sync.parseICS(content.toString('utf8'));
  const calendar = parsed.vcalendar as unknown as { method?: string } | undefined;
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  return { method: calendar?.method, events: new Map(events.map((e) => [e.uid, e])) };
}

/** The mail's text/calendar part that is no file (the one mail clients act on), with its MIME method. */
function inlineCalendar(mail: Mail): { mimeMethod: string | undefined; content: Buffer } {
  const parts = mail.attachments.filter((a) => a.contentType === 'text/calendar' && !a.filename);
  expect(parts, 'one inline text/calendar part').toHaveLength(1);
  const header = parts[0]!.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return { mimeMethod: header?.params?.method, content: parts[0]!.content };
}

/** A calendar file attached to the mail, read the same way, with its MIME method. */
function attachedCalendar(mail: Mail, filename: string) {
  const file: Attachment = attachment(mail, filename);
  const header = file.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return { mimeMethod: header?.params?.method, ...readCalendar(file.content) };
}

/** Every event of an iTIP message names the sender as ORGANIZER and the guest as ATTENDEE (RFC 5546). */
function expectParties(event: VEvent | undefined, guestEmail: string) {
  expect(event, 'event').toBeDefined();
  const organizer = event!.organizer as unknown as { val: string };
  const attendee = event!.attendee as unknown as { val: string; params: Record<string, unknown> };
  expect(organizer.val.toLowerCase()).toBe(`mailto:${SENDER}`);
  expect(attendee.val.toLowerCase()).toBe(`mailto:${guestEmail}`);
  expect(attendee.params).toMatchObject({ ROLE: 'REQ-PARTICIPANT' });
}

/**
 * Outlook acts on a calendar mail only as iTIP (RFC 5546): invitations are METHOD:REQUEST and
 * cancellations METHOD:CANCEL, each with ORGANIZER and ATTENDEE, in an inline text/calendar part with
 * the same method; the UID stays and SEQUENCE rises. Read back from the SMTP server with node-ical.
 */
describe(`calendar invitations, updates and cancellations (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: `MeetFlow <${SENDER}>`,
      PUBLIC_URL: 'https://meet.example.org/',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('invites with REQUEST, updates with the same UID and a higher SEQUENCE, cancels with CANCEL', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
    });
    const morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning');
    const afternoon = await createSchedule(ctx.db, meeting.id, 1, 'Afternoon');
    const userType = await createUserType(ctx.db, meeting.id, [morning, afternoon]);
    const guestEmail = 'ds1@example.com';

    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(1, userType, [morning]), 1, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);

    // The invitation.
    const invitation = smtp.received[0]!;
    const inviteInline = inlineCalendar(invitation);
    expect(inviteInline.mimeMethod).toBe('REQUEST');
    const invited = readCalendar(inviteInline.content);
    expect(invited.method).toBe('REQUEST');
    expect(invited.events.size).toBe(1);
    const [morningUid] = [...invited.events.keys()];
    expectParties(invited.events.get(morningUid!), guestEmail);
    expect(Number(invited.events.get(morningUid!)!.sequence)).toBe(0);
    const inviteFile = attachedCalendar(invitation, 'meeting.ics');
    expect([inviteFile.mimeMethod, inviteFile.method]).toEqual(['REQUEST', 'REQUEST']);
    expectParties(inviteFile.events.get(morningUid!), guestEmail);

    // The update: a second session; the first keeps its UID, both at SEQUENCE 1.
    const enrol = await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', {
      schedule_id: afternoon,
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(2);
    const update = smtp.received[1]!;
    const updateInline = inlineCalendar(update);
    expect(updateInline.mimeMethod).toBe('REQUEST');
    const updated = readCalendar(updateInline.content);
    expect(updated.method).toBe('REQUEST');
    expect(updated.events.size).toBe(2);
    expect(updated.events.has(morningUid!)).toBe(true);
    for (const event of updated.events.values()) {
      expectParties(event, guestEmail);
      expect(Number(event.sequence)).toBe(1);
    }
    const afternoonUid = [...updated.events.keys()].find((uid) => uid !== morningUid)!;

    // The cancellation of the morning: CANCEL inline and as a file, same UID, SEQUENCE 2, stamped
    // with the app's clock.
    ctx.advance(60_000);
    const cancel = await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${morning}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(3);
    const cancellation = smtp.received[2]!;
    const cancelInline = inlineCalendar(cancellation);
    expect(cancelInline.mimeMethod).toBe('CANCEL');
    const cancelled = readCalendar(cancelInline.content);
    expect(cancelled.method).toBe('CANCEL');
    expect([...cancelled.events.keys()]).toEqual([morningUid]);
    const cancelledEvent = cancelled.events.get(morningUid!)!;
    expectParties(cancelledEvent, guestEmail);
    expect(Number(cancelledEvent.sequence)).toBe(2);
    expect(cancelledEvent.status).toBe('CANCELLED');
    expect(cancelledEvent.dtstamp.getTime()).toBe(Math.floor(ctx.now() / 1000) * 1000);
    const cancelFile = attachedCalendar(cancellation, 'cancelled.ics');
    expect([cancelFile.mimeMethod, cancelFile.method]).toEqual(['CANCEL', 'CANCEL']);
    expectParties(cancelFile.events.get(morningUid!), guestEmail);
    // What remains is still on offer, as a file: the afternoon, same UID, SEQUENCE 2.
    const remaining = attachedCalendar(cancellation, 'meeting.ics');
    expect(remaining.method).toBe('REQUEST');
    expect([...remaining.events.keys()]).toEqual([afternoonUid]);
    expect(Number(remaining.events.get(afternoonUid)!.sequence)).toBe(2);
  });
});
