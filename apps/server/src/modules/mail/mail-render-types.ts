import type { Language } from '@meetflow/shared/languages';

/*
 * The input and output of the guest e-mail renderer. Kept apart from mail-render.ts so that the
 * calendar, QR and text helpers can use them without importing the renderer (and MJML).
 */

export type MailKind =
  | 'confirmation'
  | 'enrolment_update'
  | 'reminder'
  | 'code'
  | 'broadcast'
  | 'login_code'
  | 'certificate'
  | 'waitlist_offer'
  | 'evaluation_invitation'
  | 'evaluation_reminder'
  | 'receipt'
  | 'credit_note'
  | 'group_link'
  | 'application_received'
  | 'application_rejected'
  | 'invitation';

export interface MailSession {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
  /** YYYY-MM-DD, local to MailContext.timeZone. */
  date: string;
  /** HH:mm, or null for a session without times (an all-day event). */
  start_time: string | null;
  end_time: string | null;
}

export interface MailMeeting {
  public_id: string;
  name: string;
  name_cn: string;
  name_en: string;
  location: string;
  location_cn: string;
  location_en: string;
  /** Epoch ms. */
  start_at: number;
  end_at: number;
  meeting_type: 'general' | 'date_schedule';
  /** #rrggbb; anything else falls back to the app's primary colour. */
  theme_color: string;
}

export interface MailContext {
  kind: MailKind;
  language: Language;
  /** IANA zone in which dates and times are shown and session times are read, e.g. Asia/Macau. */
  timeZone: string;
  meeting: MailMeeting;
  /** `email`: the calendar's ATTENDEE. */
  guest: { id: number; guest_code: string; display_name: string; email: string };
  /**
   * The guest's answers to the meeting's own fields, in words in `language`, by field key: every
   * field of the form has one ('' when unanswered), so `{answer.<key>}` of any of them is filled.
   */
  answers: Record<string, string>;
  /** The sender, `Name <address>` or an address: the calendar's ORGANIZER. */
  organizer: string;
  /** The guest's current sessions (date-schedule meetings). */
  sessions: MailSession[];
  /** Sessions just cancelled (enrolment_update), else []. */
  cancelledSessions: MailSession[];
  /** iCalendar SEQUENCE: 0 for the first confirmation, higher for each update. */
  sequence: number;
  /** Epoch ms, the app's clock: the calendar's DTSTAMP (which orders updates of equal SEQUENCE). */
  renderedAt: number;
  /** Absolute link to the meeting's guest page. */
  guestPageUrl: string;
  /** Organiser's own subject/body for this kind and language; body is plain text with placeholders; null = the default text. */
  template: { subject: string; body: string } | null;
  /** Reminders: how long before the start they are sent. */
  hoursBefore?: number;
  /** Broadcasts only. */
  unsubscribeUrl?: string;
  /** login_code only: the one-time code that opens the guest's entry code on the check-in page. */
  loginCode?: string;
  /** waitlist_offer only: until when the seat is held, and the session offered (null: the meeting). */
  offer?: { until: number; session: string | null };
  /**
   * Evaluation mails only: its title and the session's name (null: the meeting's own) in the mail's
   * language, and whether completing it unlocks the guest's certificate.
   */
  evaluation?: { title: string; session: string | null; unlocks: boolean };
  /** Receipts and credit notes only: the printed number and the amount with its currency. */
  receipt?: { number: string; amount: string };
  /** The mail to a group's contact only (issue 45): how many attendees they registered. */
  group?: { size: number };
  /** A rejected application's mail only (issue 45): the organiser's reason, as the applicant sees it. */
  application?: { reason: string };
  /** A personal invitation only (issue 45): the registration type it signs up as, in the mail's language ('' for none). */
  invitation?: { type: string };
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Content-ID for inline images referenced as cid:… in the HTML. */
  cid?: string;
}

/** An iTIP message (RFC 5546) sent as the mail's inline text/calendar part, which clients act on. */
export interface MailInvitation {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** Invitations, updates and cancellations; none for other mail. */
  invitation?: MailInvitation;
}
