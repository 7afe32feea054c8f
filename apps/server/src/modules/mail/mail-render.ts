import { cancelledCalendar, hasCalendarEvents, meetingCalendar } from './mail-calendar.ts';
import { guestCodeQr } from './mail-qr.ts';
import { mailContent, mailText } from './mail-render-content.ts';
import { mailMjml, QR_CID } from './mail-render-html.ts';
import type { MailAttachment, MailContext, RenderedMail } from './mail-render-types.ts';

/*
 * Guest e-mails, rendered without the database or the network: the caller gathers a MailContext,
 * this returns the subject, the HTML (MJML), the text part and the attachments (QR code, calendar).
 */

export type {
  MailAttachment,
  MailContext,
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
  if (WITH_CALENDAR.has(ctx.kind) && hasCalendarEvents(ctx)) {
    attachments.push({
      filename: 'meeting.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(meetingCalendar(ctx), 'utf8'),
    });
  }
  const cancelled = cancelledCalendar(ctx);
  if (cancelled) {
    attachments.push({
      filename: 'cancelled.ics',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      content: Buffer.from(cancelled, 'utf8'),
    });
  }
  return { subject: content.subject, html, text: mailText(content), attachments };
}
