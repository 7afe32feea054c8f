import type { Db } from '../../db/database.ts';
import type { ApplicationMail } from '../mail/mail.service.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/*
 * The applicant's mails (issue 45): "received" when the sign-up starts to wait, "rejected" with the
 * organiser's reason, each queued in the outbox in the transaction of its cause, addressed by the
 * application (an unheld one has no guest row). The approved applicant's mail is the confirmation
 * with the code, queued by the guest row (confirmationColumns).
 */

type MailDeps = Pick<ApprovalDeps, 'mail'>;

/** In the application's transaction: the "application received" mail. */
export function queueReceivedMail(
  deps: MailDeps,
  trx: Db,
  application: { id: number; meetingId: number; guestId: number | null },
): Promise<void> {
  return (
    deps.mail?.queueApplicationMail(trx, {
      type: 'application_received',
      applicationId: application.id,
      meetingId: application.meetingId,
      guestId: application.guestId,
    }) ?? Promise.resolve()
  );
}

/** In the rejection's transaction: the "application rejected" mail, with the reason read at send time. */
export function queueRejectedMail(
  deps: MailDeps,
  trx: Db,
  application: { id: number; meeting_id: number; guest_id: number | null },
): Promise<void> {
  return (
    deps.mail?.queueApplicationMail(trx, {
      type: 'application_rejected',
      applicationId: application.id,
      meetingId: application.meeting_id,
      guestId: application.guest_id,
    }) ?? Promise.resolve()
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
