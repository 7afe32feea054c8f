import type { Db } from '../../db/database.ts';
import type { GuestApplications } from '../guests/cancel-guest.ts';
import * as repo from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/**
 * The approval queue's side of a guest's cancellation (issue 45), filling the guests module's
 * `applications` port: a held applicant cancelled another way than by a rejection (the back office,
 * their own withdrawal, a privacy withdrawal, a group's contact) has their application withdrawn in
 * the same transaction. It leaves the queue (a decision on it is refused: APPLICATION_DECIDED) and
 * the unique pending application of the phone is free again, so the person may apply anew.
 */
export function createApplicationWithdrawal(
  deps: Pick<ApprovalDeps, 'clock' | 'systemLog'>,
): GuestApplications {
  return {
    async guestCancelledIn(trx: Db, guest, actor) {
      const ids = await repo.withdrawPendingOfGuest(trx, guest.id, {
        decided_at: deps.clock(),
        decided_by: actor,
      });
      for (const id of ids)
        await deps.systemLog.record(
          {
            action: 'update',
            source: 'system',
            message: {
              key: 'approval.withdrawn',
              params: { meeting_id: guest.meeting_id, application_id: id, guest_id: guest.id },
            },
            username: actor,
            ip: null,
          },
          trx,
        );
    },
  };
}
