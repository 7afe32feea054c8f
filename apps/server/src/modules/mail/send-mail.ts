import { localText } from '@meetflow/shared/forms/form-definition';
import { matchLanguage, nameIn, type Language } from '@meetflow/shared/languages';
import type { BroadcastTexts, MailText } from '@meetflow/shared/schemas/mail';
import { PermanentJobError, type JobRow } from '../jobs/jobs.service.ts';
import { textLanguage, type MailComposer, type MailPayload } from './mail-compose.ts';
import type { MailAttachment } from './mail-render-types.ts';
import { loginCodeFor, loginCodeWindow, messageIdOf, unsubscribeToken } from './mail-signing.ts';
import type { EvaluationMail, MailDeps } from './mail.service.ts';
import * as repo from './mail.repository.ts';

/** Why an evaluation's mail was not sent: closed, past its last day, or completed since it was queued. */
export const EVALUATION_NOT_OPEN = 'the evaluation is closed or already completed';

/** Why a receipt mail was not sent: the receipt is not the guest's (or is gone). */
export const RECEIPT_NOT_FOUND = 'the receipt is not this guest’s';

/** Why a certificate mail was not sent: the certificate was revoked (or is gone) since it was queued. */
export const CERTIFICATE_NOT_VALID = 'the certificate is no longer valid';

type SendDeps = Pick<
  MailDeps,
  | 'db'
  | 'jobs'
  | 'clock'
  | 'transport'
  | 'signingSecret'
  | 'publicUrl'
  | 'certificatePdf'
  | 'waitlistOffer'
  | 'evaluationMail'
  | 'receiptMail'
  | 'groupMail'
  | 'applicationMail'
  | 'invitationMail'
> & {
  composer: MailComposer;
  /** A broadcast's texts by its job's id (broadcast-jobs.ts broadcastTextsReader: read once, kept). */
  broadcastTexts: (broadcastId: number) => Promise<BroadcastTexts>;
};
type Skipped = void | { skipped: string };

/** The `mail` job: one message to one guest, rendered now, sent once per SMTP acceptance. */
export async function sendMailJob(deps: SendDeps, job: JobRow): Promise<Skipped> {
  const { composer, clock } = deps;
  const payload = JSON.parse(job.payload) as MailPayload;
  if (payload.type === 'waitlist_offer') return sendOfferMail(deps, job, payload);
  if (payload.type === 'group_link') return sendGroupMail(deps, job, payload);
  if (payload.type === 'application_received' || payload.type === 'application_rejected')
    return sendApplicationMail(deps, job, payload);
  if (payload.type === 'invitation') return sendInvitationMail(deps, job, payload);
  const guest = job.guest_id === null ? undefined : await repo.findGuestForMail(deps.db, job.guest_id);
  if (!guest || guest.deleted_at !== null) return { skipped: 'guest or meeting deleted' };
  // A receipt or credit note is owed to a cancelled sign-up too (a refund that cancelled it, a late
  // payment with no seat left): the others are not.
  const money = payload.type === 'receipt' || payload.type === 'credit_note';
  if (guest.cancelled_at !== null && !money) return { skipped: 'sign-up cancelled' };
  if (!guest.email) throw new PermanentJobError('no e-mail address');
  // A confirmation or code mail is the code itself: none while the sign-up awaits approval.
  // A reminder's words are about the code too: none to a guest awaiting approval, even one queued
  // before (the fan-out leaves them out; a job already queued is checked here, when sent).
  if (
    (payload.type === 'confirmation' || payload.type === 'code' || payload.type === 'reminder') &&
    guest.approval === 'pending'
  )
    return { skipped: 'the sign-up awaits approval' };
  const settings = await composer.settingsOf(guest.meeting_id);
  if (payload.type === 'confirmation' && !settings.confirmation_enabled) {
    return { skipped: 'confirmation mails are off for this meeting' };
  }
  // A ticket for a meeting that is over helps nobody: after a long outage, or when a mail server is
  // configured late, old confirmations and updates are dropped rather than sent.
  if ((payload.type === 'confirmation' || payload.type === 'enrolment_update') && guest.end_at < clock()) {
    return { skipped: 'the meeting has ended' };
  }
  let language = matchLanguage(guest.language) ?? 'zh-tw';
  let broadcastText: MailText | null = null;
  let headers: Record<string, string> | undefined;
  if (payload.type === 'broadcast') {
    if (guest.broadcast_opt_out === 1) return { skipped: 'unsubscribed from broadcasts' };
    const texts = await deps.broadcastTexts(payload.broadcast_id ?? 0);
    language = textLanguage(texts, language);
    broadcastText = texts[language] ?? null;
    headers = unsubscribeHeaders(deps, guest.id);
  }
  // Asked for at send time, not at queue time: a certificate revoked meanwhile is not sent.
  let certificate: MailAttachment | undefined;
  if (payload.type === 'certificate') {
    const file = deps.certificatePdf ? await deps.certificatePdf(guest.id) : null;
    if (!file) return { skipped: CERTIFICATE_NOT_VALID };
    certificate = {
      filename: file.fileName,
      contentType: 'application/pdf',
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    };
  }
  // Drawn at send time from what the receipt froze when issued: the same document as its download.
  let receipt: MailAttachment | undefined;
  let receiptFacts: { number: string; amount: string } | undefined;
  if (money) {
    const file = deps.receiptMail ? await deps.receiptMail(payload.receipt_id ?? 0, guest.id) : null;
    if (!file) return { skipped: RECEIPT_NOT_FOUND };
    receiptFacts = { number: file.number, amount: file.amount };
    receipt = {
      filename: file.fileName,
      contentType: 'application/pdf',
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    };
  }
  // Asked for at send time too: an evaluation closed, or completed, since it was queued is not sent.
  let evaluation: EvaluationMail | null = null;
  if (payload.type === 'evaluation_invitation' || payload.type === 'evaluation_reminder') {
    evaluation = deps.evaluationMail ? await deps.evaluationMail(payload.evaluation_id ?? 0, guest.id) : null;
    if (!evaluation) return { skipped: EVALUATION_NOT_OPEN };
  }
  const context = await composer.contextOf(guest, payload, settings.templates, language, broadcastText);
  if (evaluation) {
    context.evaluation = {
      title: localText(evaluation.title, language),
      session: evaluation.session
        ? nameIn(language, evaluation.session.name, evaluation.session.name_cn, evaluation.session.name_en)
        : null,
      unlocks: evaluation.unlocksCertificate,
    };
    context.guestPageUrl = composer.evaluationUrl(guest.public_id, payload.evaluation_id ?? 0, language);
  }
  if (receiptFacts) context.receipt = receiptFacts;
  if (payload.type === 'login_code') {
    const window = payload.window ?? 0;
    // A code that can no longer be accepted is not worth sending.
    if (loginCodeWindow(clock()) > window + 1) return { skipped: 'code expired before sending' };
    context.loginCode = loginCodeFor(deps.signingSecret, guest.id, window);
  }
  const mail = await composer.render(context);
  if (!deps.transport) throw new Error('no mail server configured');
  await deps.transport.send({
    to: guest.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: [...mail.attachments, ...[certificate, receipt].filter((a) => a !== undefined)],
    ...(mail.invitation ? { invitation: mail.invitation } : {}),
    messageId: messageIdOf(job.idempotency_key),
    ...(headers ? { headers } : {}),
  });
}

/** RFC 8058 one-click: mail clients POST here; the token rides in the query, which logs leave out. */
function unsubscribeHeaders(deps: SendDeps, guestId: number): Record<string, string> {
  const token = unsubscribeToken(deps.signingSecret, guestId);
  return {
    'List-Unsubscribe': `<${deps.publicUrl}/api/public/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * An offer from a waiting list: to the address on the place (a visitor on the meeting's list is
 * not a guest yet), while the offer is still open.
 */
async function sendOfferMail(deps: SendDeps, job: JobRow, payload: MailPayload): Promise<Skipped> {
  const offer = deps.waitlistOffer
    ? await deps.waitlistOffer(payload.entry_id ?? 0, payload.offered_at ?? 0)
    : null;
  if (!offer) return { skipped: 'the offer is no longer open' };
  return sendToVisitor(deps, job, payload, offer, (context, language) => {
    context.offer = {
      until: offer.expiresAt,
      session: offer.session
        ? nameIn(language, offer.session.name, offer.session.name_cn, offer.session.name_en)
        : null,
    };
  });
}

/** A group's contact (issue 45): not a guest; the group's page link, derived again at send time. */
async function sendGroupMail(deps: SendDeps, job: JobRow, payload: MailPayload): Promise<Skipped> {
  const group = deps.groupMail ? await deps.groupMail(payload.group_id ?? 0) : null;
  if (!group) return { skipped: 'the group is gone or erased' };
  return sendToVisitor(deps, job, payload, group, (context) => {
    context.group = { size: group.size };
  });
}

/**
 * An applicant (issue 45): "received" while the application still waits, "rejected" with the
 * organiser's reason; addressed by the application (an unheld one has no guest row), read at send
 * time, so an application decided meanwhile, or erased, sends nothing stale.
 */
async function sendApplicationMail(deps: SendDeps, job: JobRow, payload: MailPayload): Promise<Skipped> {
  const application = deps.applicationMail ? await deps.applicationMail(payload.application_id ?? 0) : null;
  if (!application) return { skipped: 'the application is gone or erased' };
  const wanted = payload.type === 'application_received' ? 'pending' : 'rejected';
  if (application.status !== wanted) return { skipped: 'the application was decided since' };
  // They stand for the confirmation while the sign-up waits: the meeting's switch holds them too,
  // except the "received" the applicant asked for again through the look-up.
  if (!payload.asked && !(await deps.composer.settingsOf(application.meetingId)).confirmation_enabled)
    return { skipped: 'confirmation mails are off for this meeting' };
  return sendToVisitor(deps, job, payload, application, (context) => {
    if (payload.type === 'application_rejected') context.application = { reason: application.reason };
  });
}

/** A personal invitation (issue 45): the invitee is not a guest yet; their link, read at send time. */
async function sendInvitationMail(deps: SendDeps, job: JobRow, payload: MailPayload): Promise<Skipped> {
  const invitation = deps.invitationMail ? await deps.invitationMail(payload.invitation_id ?? 0) : null;
  if (!invitation) return { skipped: 'the invitation is used, deleted or erased' };
  return sendToVisitor(deps, job, payload, invitation, (context, language) => {
    const type = invitation.userType;
    context.invitation = { type: type ? nameIn(language, type.name, type.name_cn, type.name_en) : '' };
  });
}

/** A mail to someone who is not (yet) a guest: the meeting's part, their name, address and link. */
async function sendToVisitor(
  deps: SendDeps,
  job: JobRow,
  payload: MailPayload,
  /** `url`: the button's link; none: the meeting's guest page in the visitor's language. */
  visitor: { meetingId: number; email: string; displayName: string; language: string; url?: string },
  extra: (context: Awaited<ReturnType<MailComposer['contextOf']>>, language: Language) => void,
): Promise<Skipped> {
  const { composer } = deps;
  if (!visitor.email) throw new PermanentJobError('no e-mail address');
  const meeting = await repo.findMeetingForMail(deps.db, visitor.meetingId);
  if (!meeting || meeting.deleted_at !== null) return { skipped: 'guest or meeting deleted' };
  const language = matchLanguage(visitor.language) ?? 'zh-tw';
  const recipient: repo.GuestForMail = {
    ...meeting,
    id: 0,
    meeting_id: visitor.meetingId,
    guest_code: '',
    email: visitor.email,
    name: visitor.displayName,
    name_zh: '',
    name_en: '',
    language,
    cancelled_at: null,
    broadcast_opt_out: 0,
    unpaid: 0,
    approval: null,
    // Not a guest: no answers to show.
    answers: '{}',
    form_fields: null,
  };
  const settings = await composer.settingsOf(visitor.meetingId);
  const context = await composer.contextOf(recipient, payload, settings.templates, language);
  if (visitor.url) context.guestPageUrl = visitor.url;
  extra(context, language);
  const mail = await composer.render(context);
  if (!deps.transport) throw new Error('no mail server configured');
  await deps.transport.send({
    to: visitor.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
    messageId: messageIdOf(job.idempotency_key),
  });
}
