import { AppError } from '../../lib/app-error.ts';
import type { BroadcastDeps } from './mail-broadcasts.ts';
import { guestOfUnsubscribeToken } from './mail-signing.ts';
import * as repo from './mail.repository.ts';

/** Unsubscribe links are signed; the limit only slows down guessing at them. */
const UNSUBSCRIBE_PER_IP = { points: 30, seconds: 600 } as const;

/** The guest's way out of organisers' broadcasts (confirmations and reminders still go). */
export function createUnsubscribe(
  deps: Pick<BroadcastDeps, 'db' | 'systemLog' | 'limiters' | 'signingSecret'>,
) {
  const { db, systemLog } = deps;
  const unsubscribePerIp = deps.limiters(
    'mail_unsubscribe_ip',
    UNSUBSCRIBE_PER_IP.points,
    UNSUBSCRIBE_PER_IP.seconds,
  );
  return {
    /** One-click unsubscribe from broadcasts (RFC 8058), or the link in a broadcast. */
    async unsubscribe(token: string, ip: string): Promise<void> {
      await unsubscribePerIp.consume(ip);
      const guestId = guestOfUnsubscribeToken(deps.signingSecret, token);
      if (guestId === undefined) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        const meetingId = await repo.optOutOfBroadcasts(trx, guestId);
        if (meetingId === undefined) throw new AppError('NOT_FOUND');
        await systemLog.record(
          {
            action: 'update',
            source: 'public',
            message: { key: 'mail.unsubscribed', params: { meeting_id: meetingId, guest_id: guestId } },
            username: null,
            ip,
          },
          trx,
        );
      });
    },
  };
}
