import type { Db } from '../../db/database.ts';
import type { ApplicationMail } from '../mail/mail.service.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/*
 * The applicant's mails (issue 45): "received" when the sign-up starts to wait (and again when an
 * unheld applicant looks up their phone where the look-up mails a code), "rejected" with the
 * organiser's reason, each queued in the outbox in the transaction of its cause, addressed by the
 * application (an unheld one has no guest row). Sent only where the meeting's confirmation mails are
 * on, as the confirmation is (send-mail.ts), unless the applicant asked (the look-up). The approved applicant's mail is the confirmation
 * with the code, queued by the guest row (confirmationColumns).
 */

type MailDeps = Pick<ApprovalDeps, 'mail'>;

/** In the application's transaction: the "application received" mail. */
export async function queueReceivedMail(
  deps: MailDeps,
  trx: Db,
  application: { id: number; meetingId: number; guestId: number | null },
): Promise<void> {
  await deps.mail?.queueApplicationMail(trx, {
    type: 'application_received',
    applicationId: application.id,
    meetingId: application.meetingId,
    guestId: application.guestId,
  });
}

/** In the rejection's transaction: the "application rejected" mail, with the reason read at send time. */
export async function queueRejectedMail(
  deps: MailDeps,
  trx: Db,
  application: { id: number; meeting_id: number; guest_id: number | null },
): Promise<void> {
  await deps.mail?.queueApplicationMail(trx, {
    type: 'application_rejected',
    applicationId: application.id,
    meetingId: application.meeting_id,
    guestId: application.guest_id,
  });
}

/**
 * The look-up by phone of an applicant without a held seat, where the meeting wants more than a
 * phone number (the e-mailed code): "received" again, by mail, once per window. Answers whether a
 * mail was queued (false: asked already in this window).
 */
export async function queueReceivedAgain(
  deps: MailDeps,
  trx: Db,
  application: { id: number; meetingId: number },
  window: number,
): Promise<boolean> {
  return (
    (await deps.mail?.queueApplicationMail(trx, {
      type: 'application_received',
      applicationId: application.id,
      meetingId: application.meetingId,
      guestId: null,
      askedInWindow: window,
    })) ?? false
  );
}

/** What the mail module asks when it sends an applicant's mail: null once the application is erased. */
export function createApplicationMail(deps: Pick<ApprovalDeps, 'db'>) {
  return async function applicationMail(applicationId: number): Promise<ApplicationMail | null> {
    const row = await repo.findApplication(deps.db, applicationId);
    if (!row || row.erased_at !== null) return null;
    return {
      meetingId: row.meeting_id,
      email: row.email,
      displayName: row.display_name,
      language: row.language,
      status: row.status,
      reason: row.reason,
    };
  };
}
