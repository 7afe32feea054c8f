import { ICalCalendarMethod } from 'ical-generator';
import { cancelledCalendars, meetingCalendars, type CalendarObject } from './mail-calendar.ts';
import { guestCodeQr } from './mail-qr.ts';
import { mailContent, mailText } from './mail-render-content.ts';
import { QR_CID } from './mail-render-html.ts';
import { mailHtml } from './mail-render-template.ts';
import type { MailAttachment, MailContext, MailInvitation, RenderedMail } from './mail-render-types.ts';

/*
 * Guest e-mails, rendered without the database or the network: the caller gathers a MailContext,
 * this returns the subject, the HTML (MJML), the text part and the attachments (QR code, calendar).
 */

export type {
  MailAttachment,
  MailContext,
  MailInvitation,
  MailKind,
  MailMeeting,
  MailSession,
  RenderedMail,
} from './mail-render-types.ts';
export { fillPlaceholders, MAIL_PLACEHOLDERS } from './mail-render-content.ts';

type Mjml2Html = typeof import('mjml');
let mjml: Promise<Mjml2Html> | undefined;

/** MJML pulls in a large dependency tree: load it with the first mail, not at server start-up. */
function loadMjml(): Promise<Mjml2Html> {
  mjml ??= import('mjml').then(
    (m) => m.default,
    (error: unknown) => {
      mjml = undefined; // a failed load is retried by the next mail, not cached
      throw error;
    },
  );
  return mjml;
}

/** Kinds that carry the guest's events as a calendar file. */
const WITH_CALENDAR = new Set<MailContext['kind']>(['confirmation', 'enrolment_update', 'reminder']);
/** Kinds whose calendar is an invitation (iTIP REQUEST); a reminder's is a plain copy (PUBLISH). */
const INVITING = new Set<MailContext['kind']>(['confirmation', 'enrolment_update']);

export async function renderMail(ctx: MailContext): Promise<RenderedMail> {
  const content = mailContent(ctx);
  const html = await mailHtml(content, await loadMjml());
  const qr = content.showCode ? guestCodeQr(ctx.guest.guest_code) : null;

  const attachments: MailAttachment[] = [];
  // One part with a Content-ID and a file name: shown in the body, and savable from it.
  if (qr) attachments.push({ filename: 'qr-code.png', contentType: 'image/png', content: qr, cid: QR_CID });
  const method = INVITING.has(ctx.kind) ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH;
  const current = WITH_CALENDAR.has(ctx.kind) ? meetingCalendars(ctx, method) : [];
  const cancelled = cancelledCalendars(ctx);
  attachments.push(...calendarFiles('meeting', current), ...calendarFiles('cancelled', cancelled));
  const invitation = inlineInvitation(current, cancelled);
  return {
    subject: content.subject,
    html,
    text: mailText(content),
    attachments,
    ...(invitation ? { invitation } : {}),
  };
}

/** One file per event: `meeting.ics` alone, else `meeting-1.ics`, `meeting-2.ics`… by date. */
function calendarFiles(name: string, objects: readonly CalendarObject[]): MailAttachment[] {
  return objects.map((object, i) => ({
    filename: objects.length === 1 ? `${name}.ics` : `${name}-${i + 1}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${object.method}`,
    content: Buffer.from(object.content, 'utf8'),
  }));
}

/**
 * The inline iTIP part, the one mail clients act on: one object, so only when the mail is about one
 * event — a single cancelled session (the remaining ones ride along as files, unchanged), else a
 * single invitation. A mail about several events carries them as files only: an inline part with
 * several UIDs breaks RFC 5546 and Outlook keeps just one of them.
 */
function inlineInvitation(
  current: readonly CalendarObject[],
  cancelled: readonly CalendarObject[],
): MailInvitation | undefined {
  if (cancelled.length > 0)
    return cancelled.length === 1 ? { method: 'CANCEL', content: cancelled[0]!.content } : undefined;
  const [only, ...more] = current;
  if (!only || more.length > 0 || only.method !== ICalCalendarMethod.REQUEST) return undefined;
  return { method: 'REQUEST', content: only.content };
}
