import { ICalCalendarMethod } from 'ical-generator';
import { cancelledCalendar, hasCalendarEvents, meetingCalendar } from './mail-calendar.ts';
import { guestCodeQr } from './mail-qr.ts';
import { mailContent, mailText } from './mail-render-content.ts';
import { mailMjml, QR_CID } from './mail-render-html.ts';
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
  const [mjml2html, qr] = await Promise.all([
    loadMjml(),
    content.showCode ? guestCodeQr(ctx.guest.guest_code) : null,
  ]);
  // Strict: the template is ours and every outside text is escaped, so an error is a bug to surface.
  const { html } = await mjml2html(mailMjml(content), {
    validationLevel: 'strict',
    fonts: {},
    keepComments: false,
  });

  const attachments: MailAttachment[] = [];
  // One part with a Content-ID and a file name: shown in the body, and savable from it.
  if (qr) attachments.push({ filename: 'qr-code.png', contentType: 'image/png', content: qr, cid: QR_CID });
  const method = INVITING.has(ctx.kind) ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH;
  const current = WITH_CALENDAR.has(ctx.kind) && hasCalendarEvents(ctx) ? meetingCalendar(ctx, method) : null;
  if (current) attachments.push(calendarFile('meeting.ics', method, current));
  const cancelled = cancelledCalendar(ctx);
  if (cancelled) attachments.push(calendarFile('cancelled.ics', ICalCalendarMethod.CANCEL, cancelled));
  // One iTIP method per message: the cancellation when there is one (the remaining sessions ride
  // along as the attached file), else the invitation.
  const invitation: MailInvitation | undefined = cancelled
    ? { method: 'CANCEL', content: cancelled }
    : current && method === ICalCalendarMethod.REQUEST
      ? { method: 'REQUEST', content: current }
      : undefined;
  return {
    subject: content.subject,
    html,
    text: mailText(content),
    attachments,
    ...(invitation ? { invitation } : {}),
  };
}

function calendarFile(filename: string, method: ICalCalendarMethod, content: string): MailAttachment {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(content, 'utf8'),
  };
}
