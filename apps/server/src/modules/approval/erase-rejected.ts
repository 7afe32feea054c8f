import { eraseGuests } from '../privacy/erase-guests.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/** Erasures per pass: a backlog drains over a few passes without a long transaction. */
const BATCH = 100;

/**
 * A rejected applicant's personal data is erased once `erase_at` (the decision plus the meeting's
 * days) has passed: the application's contact fields, form and token, and a held seat's cancelled
 * guest row through the privacy module's shredder, and the application's mails from the outbox. Run on every pass of the job runner; each
 * application in its own transaction, idempotent (erased_at), so instances racing erase it once.
 */
export async function eraseDueRejections(deps: Pick<ApprovalDeps, 'db' | 'clock' | 'systemLog' | 'mail'>) {
  const now = deps.clock();
  const due = await repo.dueErasures(deps.db, now, BATCH);
  if (due.length === 0) return 0;
  for (const application of due) {
    await deps.db.transaction().execute(async (trx) => {
      if (application.guest_id !== null)
        await eraseGuests(trx, application.meeting_id, now, application.guest_id);
      await repo.eraseApplications(trx, [application.id], now);
      // Its "received" and "rejected" mails (a held seat's went with the guest above).
      await deps.mail?.forgetApplicationMails(trx, application.meeting_id, application.id);
    });
  }
  await deps.systemLog.record({
    action: 'delete',
    source: 'system',
    message: { key: 'approval.erased', params: { count: due.length } },
    username: null,
    ip: null,
  });
  return due.length;
}
