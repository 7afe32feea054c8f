import type { AuthUser } from '../../core/auth-user.ts';
import type { PrivacyRecord } from './privacy-audit.ts';
import { eraseGuests } from './erase-guests.ts';
import type { AuditActor, createPurger } from './privacy-purge.ts';
import type { PrivacyDeps } from './privacy.service.ts';

type WithdrawDeps = Pick<PrivacyDeps, 'clock' | 'guests' | 'visitorGuests'>;

/**
 * A withdrawal: the guest is cancelled (seats freed and handed to the waiting lists) and their
 * personal data erased, in one transaction; the erasure at rest follows in the background.
 */
export function createWithdraw(
  deps: WithdrawDeps,
  record: PrivacyRecord,
  purger: Pick<ReturnType<typeof createPurger>, 'eraseAtRest'>,
) {
  async function withdraw(
    guestId: number,
    meeting: { id: number; name: string },
    by: string,
    actor: AuditActor,
  ) {
    await deps.guests.cancel(guestId, by, async (trx) => {
      await eraseGuests(trx, meeting.id, deps.clock(), guestId);
      await record(
        actor,
        'delete',
        {
          key: 'privacy.withdrawn',
          params: { meeting_id: meeting.id, meeting_name: meeting.name, guest_id: guestId },
        },
        trx,
      );
    });
    purger.eraseAtRest(); // in the background: the answer does not wait for the checkpoint
  }

  return {
    /** A visitor withdraws their sign-up from their guest page. */
    async withdrawVisitor(token: string | undefined, ip: string): Promise<void> {
      const { guest, meeting } = await deps.visitorGuests.authenticated(token);
      await withdraw(guest.id, meeting, 'guest', { kind: 'public', ip });
    },

    /** The back office withdraws a guest on their request: the same, audited under the user. */
    async withdrawGuest(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const guest = await deps.guests.findVisible(user, guestId);
      await withdraw(guest.id, { id: guest.meeting_id, name: guest.meeting_name }, user.auditName, {
        kind: 'admin',
        username: user.auditName,
        ip,
      });
    },
  };
}
