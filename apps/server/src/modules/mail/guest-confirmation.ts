import type { GuestConfirmationMail } from '@meetflow/shared/schemas/mail';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import { maskEmail } from '../guests/guest-format.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { MailPayload } from './mail-compose.ts';
import * as repo from './mail.repository.ts';

/**
 * Both routes, per client address and counted before the token is looked at (so guessed tokens
 * spend it too): as generous as sign-ups, since a venue's Wi-Fi puts many guests behind one address
 * and each opens the guest page. "Send again" also a few per guest per hour: a lost mail needs one
 * more, not a stream.
 */
export const GUEST_CONFIRMATION_LIMITS = {
  perIp: { points: 60, seconds: 60 },
  resendPerGuest: { points: 3, seconds: 3600 },
} as const;

export interface GuestConfirmationDeps {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'kick'>;
  clock: () => number;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  /** Unset: no mail server, so no line on the guest page and nothing to send again. */
  mailServerConfigured: boolean;
  /** Whose a guest token is (the registration module's check); throws GUEST_TOKEN_INVALID. */
  identify: (token: string | undefined) => Promise<{ guestId: number; meetingId: number }>;
}

/** What the confirmation still waits for (mayHoldCode): payment first, then the approval. */
function awaitedBy(guest: {
  unpaid: number | null;
  approval: string | null;
}): GuestConfirmationMail['awaiting'] {
  if (mayHoldCode(guest)) return null;
  return guest.unpaid === 1 ? 'payment' : 'approval';
}

/**
 * The guest page's "a confirmation was sent to j***@…" and its "send again" (issue 39), both
 * authenticated by the guest token alone: a token resends only its own guest's mail, to the
 * address given at sign-up, and the answer carries that address masked, never whole.
 */
export function createGuestConfirmation(deps: GuestConfirmationDeps) {
  const { db, jobs, clock, systemLog } = deps;
  const perIp = deps.limiters(
    'public_guest_mail_ip',
    GUEST_CONFIRMATION_LIMITS.perIp.points,
    GUEST_CONFIRMATION_LIMITS.perIp.seconds,
  );
  const resendPerGuest = deps.limiters(
    'mail_resend_guest',
    GUEST_CONFIRMATION_LIMITS.resendPerGuest.points,
    GUEST_CONFIRMATION_LIMITS.resendPerGuest.seconds,
  );

  /** The guest's address when their meeting sends confirmations to it, else null. */
  async function mailedGuest(token: string | undefined) {
    const { guestId } = await deps.identify(token);
    const guest = await repo.findGuestForMail(db, guestId);
    if (!guest || !guest.email || guest.cancelled_at !== null || !deps.mailServerConfigured) return null;
    const settings = await repo.findSettings(db, guest.meeting_id);
    // No settings row: the default, which sends confirmations.
    if (settings && settings.confirmation_enabled !== 1) return null;
    return guest;
  }

  return {
    async status(token: string | undefined, ip: string): Promise<GuestConfirmationMail> {
      await perIp.consume(ip);
      const guest = await mailedGuest(token);
      if (!guest) return { masked_email: null, awaiting: null };
      return { masked_email: maskEmail(guest.email), awaiting: awaitedBy(guest) };
    },

    /**
     * A new confirmation through the outbox, with the guest's current sessions; GUEST_UNPAID while
     * unpaid, GUEST_PENDING_APPROVAL while the sign-up awaits approval (mayHoldCode).
     */
    async resend(token: string | undefined, ip: string): Promise<GuestConfirmationMail> {
      await perIp.consume(ip);
      const guest = await mailedGuest(token);
      if (!guest) throw new AppError('NO_GUEST_EMAIL');
      // The confirmation carries the code: it follows the payment or the approval, not a request
      // before it.
      const awaiting = awaitedBy(guest);
      if (awaiting) throw new AppError(awaiting === 'payment' ? 'GUEST_UNPAID' : 'GUEST_PENDING_APPROVAL');
      await resendPerGuest.consume(String(guest.id));
      await db.transaction().execute(async (trx) => {
        const sequence = await repo.calendarMailCount(trx, guest.id);
        await jobs.enqueue(trx, {
          kind: 'mail',
          key: `confirmation-resend:${guest.id}:${clock()}`,
          payload: { type: 'confirmation', sequence } satisfies MailPayload,
          meetingId: guest.meeting_id,
          guestId: guest.id,
        });
        await systemLog.record(
          {
            action: 'update',
            source: 'public',
            message: {
              key: 'mail.resent_by_guest',
              params: { meeting_id: guest.meeting_id, guest_id: guest.id },
            },
            username: null,
            ip,
          },
          trx,
        );
      });
      jobs.kick();
      return { masked_email: maskEmail(guest.email), awaiting: null };
    },
  };
}
export type GuestConfirmation = ReturnType<typeof createGuestConfirmation>;
