import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
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
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

type Mail = SmtpFixture['received'][number];
const SENDER = 'no-reply@meetflow.test';

/** One text/calendar part of a mail as node-ical reads it. */
interface CalendarObject {
  /** The file's name, or undefined for the inline part (the one mail clients act on). */
  filename: string | undefined;
  /** The method in the part's MIME type and in the VCALENDAR. */
  mimeMethod: string | undefined;
  method: string | undefined;
  /** Every VEVENT's UID, in order (node-ical would fold equal UIDs into one: counted from the text). */
  uids: string[];
  event: VEvent;
}

function readObject(part: Mail['attachments'][number]): CalendarObject {
  const text = part.content.toString('utf8');
  const parsed = ical.sync.parseICS(text);
  const calendar = parsed.vcalendar as unknown as { method?: string } | undefined;
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  const header = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const uids = [...text.replace(/\r\n[ \t]/g, '').matchAll(/^UID:(.+)\r?$/gm)].map((m) => m[1]!);
  return {
    filename: part.filename,
    mimeMethod: header?.params?.method,
    method: calendar?.method,
    uids,
    event: events[0]!,
  };
}

/**
 * Every calendar part of a mail. RFC 5546 (§3.2.2, §3.2.5): all components of one REQUEST or CANCEL
 * share a UID, and Outlook/Exchange act on one UID per object, so each part holds exactly one event.
 */
function calendarObjects(mail: Mail): CalendarObject[] {
  const objects = mail.attachments.filter((a) => a.contentType === 'text/calendar').map(readObject);
  for (const object of objects) {
    expect(object.uids, `${object.filename ?? 'inline part'}: one event, one UID`).toHaveLength(1);
    expect(object.mimeMethod, 'the MIME method is the calendar method').toBe(object.method);
  }
  return objects;
}

const inline = (objects: CalendarObject[]) => objects.filter((o) => o.filename === undefined);
const files = (objects: CalendarObject[], method: string) =>
  objects.filter((o) => o.filename !== undefined && o.method === method);
const uidOf = (o: CalendarObject) => o.uids[0]!;

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
 * cancellations METHOD:CANCEL, each with ORGANIZER and ATTENDEE, one UID per calendar object, the
 * inline text/calendar part only when the mail is about one event; the UID stays and SEQUENCE rises.
 * Read back from the SMTP server with node-ical.
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

  async function scheduleMeeting() {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), {
      meeting_type: 'date_schedule',
    });
    const morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning');
    const afternoon = await createSchedule(ctx.db, meeting.id, 1, 'Afternoon');
    const userType = await createUserType(ctx.db, meeting.id, [morning, afternoon]);
    return { meeting, morning, afternoon, userType };
  }

  /** Runs the outbox and answers the one mail it sent. */
  async function nextMail(): Promise<Mail> {
    const before = smtp.received.length;
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(before + 1);
    return smtp.received[before]!;
  }

  it('invites a two-session guest with two REQUEST objects, one UID each, nothing inline', async () => {
    const { meeting, morning, afternoon, userType } = await scheduleMeeting();
    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(2, userType, [morning, afternoon]), 2);
    expect(res.statusCode, res.body).toBe(200);

    const objects = calendarObjects(await nextMail());
    const requests = files(objects, 'REQUEST');
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map(uidOf)).size).toBe(2);
    for (const request of requests) {
      expectParties(request.event, 'ds2@example.com');
      expect(Number(request.event.sequence)).toBe(0);
    }
    // Two events: no single iTIP message to act on, so no inline part (it would need two UIDs).
    expect(inline(objects)).toHaveLength(0);
  });

  it('invites, updates and cancels each session under its own UID, SEQUENCE rising per UID', async () => {
    const { meeting, morning, afternoon, userType } = await scheduleMeeting();
    const guestEmail = 'ds1@example.com';
    const res = await signUp(ctx, meeting.publicId, dateScheduleBody(1, userType, [morning]), 1, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;

    // The invitation: one event, so also inline.
    const invited = calendarObjects(await nextMail());
    const [inviteInline] = inline(invited);
    expect(inviteInline?.method).toBe('REQUEST');
    const morningUid = uidOf(inviteInline!);
    expectParties(inviteInline!.event, guestEmail);
    expect(Number(inviteInline!.event.sequence)).toBe(0);
    expect(files(invited, 'REQUEST').map(uidOf)).toEqual([morningUid]);

    // The update: a second session; the first keeps its UID, each in its own object at SEQUENCE 1.
    const enrol = await guestRequest(ctx, token, 'POST', '/api/public/guest/enrolments', {
      schedule_id: afternoon,
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const updated = calendarObjects(await nextMail());
    const requests = files(updated, 'REQUEST');
    expect(requests).toHaveLength(2);
    expect(requests.map(uidOf)).toContain(morningUid);
    for (const request of requests) {
      expectParties(request.event, guestEmail);
      expect(Number(request.event.sequence)).toBe(1);
    }
    expect(inline(updated)).toHaveLength(0);
    const afternoonUid = requests.map(uidOf).find((uid) => uid !== morningUid)!;

    // The cancellation of the morning: a CANCEL for its UID only, inline and as a file, SEQUENCE 2,
    // stamped with the app's clock.
    ctx.advance(60_000);
    const cancel = await guestRequest(ctx, token, 'DELETE', `/api/public/guest/enrolments/${morning}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancellation = calendarObjects(await nextMail());
    const cancels = cancellation.filter((o) => o.method === 'CANCEL');
    expect(cancels.map(uidOf)).toEqual([morningUid, morningUid]);
    const [cancelInline] = inline(cancellation);
    expect(cancelInline?.method).toBe('CANCEL');
    expectParties(cancelInline!.event, guestEmail);
    expect(Number(cancelInline!.event.sequence)).toBe(2);
    expect(cancelInline!.event.status).toBe('CANCELLED');
    expect(cancelInline!.event.dtstamp.getTime()).toBe(Math.floor(ctx.now() / 1000) * 1000);
    // What remains is still on offer, as a file: the afternoon, same UID, SEQUENCE 2.
    const remaining = files(cancellation, 'REQUEST');
    expect(remaining.map(uidOf)).toEqual([afternoonUid]);
    expect(Number(remaining[0]!.event.sequence)).toBe(2);
  });
});
