import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { nameIn } from '@meetflow/shared/languages';
import { labelled, sessionTimes, sortSessions } from './mail-render-format.ts';
import type { MailContext, MailSession } from './mail-render-types.ts';
import { mailLabels } from './mail-texts.ts';

/*
 * The guest's calendar files. Times are written in UTC: ical-generator writes a TZID time from the
 * process's own clock and needs a VTIMEZONE generator package for the zone, whereas a UTC time is
 * read right by every client. All-day sessions are DATE values, which carry no zone at all.
 *
 * Invitations, updates and cancellations are iTIP messages (RFC 5546): METHOD:REQUEST or CANCEL,
 * each event with the sender as ORGANIZER and the guest as ATTENDEE, or Outlook leaves a cancelled
 * event in the calendar. Each calendar object holds one event: all components of one REQUEST or
 * CANCEL must share a UID (RFC 5546 §3.2.2, §3.2.5), and Outlook/Exchange act on one UID an object,
 * dropping a date-schedule guest's other sessions. A reminder's file is a plain METHOD:PUBLISH copy (ORGANIZER, no ATTENDEE):
 * it schedules nothing, so an older SEQUENCE in it cannot undo an update.
 */

const DAY_MS = 86_400_000;

interface CalendarEvent {
  uid: string;
  summary: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
}

/** Stable per guest and event, so that a later file with a higher SEQUENCE replaces the event. */
export function eventUid(ctx: MailContext, sessionId: number | 'meeting'): string {
  return `meetflow-${ctx.meeting.public_id}-${ctx.guest.id}-${sessionId}@meetflow`;
}

/** A UTC midnight carrying the local date: ical-generator writes a zone-less DATE from UTC fields. */
function dateValue(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function sessionEvent(ctx: MailContext, session: MailSession): CalendarEvent {
  const { meeting, language } = ctx;
  const meetingName = nameIn(language, meeting.name, meeting.name_cn, meeting.name_en);
  const sessionName = nameIn(language, session.name, session.name_cn, session.name_en);
  const summary = sessionName ? `${sessionName} · ${meetingName}` : meetingName;
  const uid = eventUid(ctx, session.id);
  const times = sessionTimes(session, ctx.timeZone);
  if (times.allDay) {
    const start = dateValue(session.date);
    return { uid, summary, start, end: new Date(start.getTime() + DAY_MS), allDay: true };
  }
  const end = times.end === null ? null : new Date(times.end);
  return { uid, summary, start: new Date(times.start), end, allDay: false };
}

function events(ctx: MailContext, sessions: readonly MailSession[]): CalendarEvent[] {
  if (ctx.meeting.meeting_type === 'date_schedule')
    return sortSessions(sessions).map((s) => sessionEvent(ctx, s));
  const { meeting, language } = ctx;
  return [
    {
      uid: eventUid(ctx, 'meeting'),
      summary: nameIn(language, meeting.name, meeting.name_cn, meeting.name_en),
      start: new Date(meeting.start_at),
      end: new Date(meeting.end_at),
      allDay: false,
    },
  ];
}

/** One calendar object: a single event under its UID, with the object's method. */
export interface CalendarObject {
  uid: string;
  method: ICalCalendarMethod;
  content: string;
}

function calendarObject(ctx: MailContext, method: ICalCalendarMethod, event: CalendarEvent): CalendarObject {
  const { meeting, language } = ctx;
  const cal = ical({
    prodId: { company: 'MeetFlow', product: 'MeetFlow', language: language.toUpperCase() },
    name: nameIn(language, meeting.name, meeting.name_cn, meeting.name_en),
    method,
  });
  const location = nameIn(language, meeting.location, meeting.location_cn, meeting.location_en).trim();
  // No code line for a guest without one in this mail (unpaid, issue 44).
  const description = ctx.guest.guest_code
    ? `${ctx.guestPageUrl}\n${labelled(mailLabels(language).guestCode, ctx.guest.guest_code, language)}`
    : ctx.guestPageUrl;
  // The guest signed up: the invitation records their acceptance and asks for no reply (the sender
  // address takes none).
  const attendees =
    method === ICalCalendarMethod.PUBLISH
      ? []
      : [
          {
            email: ctx.guest.email,
            name: ctx.guest.display_name || null,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ];
  cal.createEvent({
    id: event.uid,
    sequence: ctx.sequence,
    stamp: new Date(ctx.renderedAt),
    organizer: ctx.organizer,
    attendees,
    summary: event.summary,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    location: location || null,
    description,
    url: ctx.guestPageUrl,
    status: method === ICalCalendarMethod.CANCEL ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { uid: event.uid, method, content: cal.toString() };
}

/**
 * The guest's events, one calendar object each: the meeting for a general meeting, each current
 * session for a date-schedule meeting (none when it has no sessions). REQUEST for the invitation
 * and its updates, PUBLISH for a plain copy.
 */
export function meetingCalendars(
  ctx: MailContext,
  method: ICalCalendarMethod.REQUEST | ICalCalendarMethod.PUBLISH = ICalCalendarMethod.REQUEST,
): CalendarObject[] {
  return events(ctx, ctx.sessions).map((event) => calendarObject(ctx, method, event));
}

/** The just-cancelled sessions, one METHOD:CANCEL object each (STATUS:CANCELLED, same UIDs). */
export function cancelledCalendars(ctx: MailContext): CalendarObject[] {
  if (ctx.meeting.meeting_type !== 'date_schedule') return [];
  return events(ctx, ctx.cancelledSessions).map((event) =>
    calendarObject(ctx, ICalCalendarMethod.CANCEL, event),
  );
}
