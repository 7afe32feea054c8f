import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/database.ts';
import type { SignUpInvitations } from '../registration/sign-up-admission.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import * as repo from './invitations.repository.ts';

/** How a code is stored and compared: trimmed, upper case. */
export function foldCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The sign-up's side of invitations (the port `app.registration.invitations`): a code is checked
 * before the transaction and counted inside it, where the conditional UPDATE makes a use atomic
 * across instances.
 */
export function createSignUpInvitations(deps: {
  db: Db;
  systemLog?: Pick<SystemLog, 'record'>;
  webhooks?: WebhookEmitter;
}): SignUpInvitations {
  return {
    async find(meeting, code, userTypeId, now) {
      const row = await repo.findByCode(deps.db, meeting.id, foldCode(code));
      if (!row || row.enabled !== 1 || (row.valid_until !== null && Number(row.valid_until) < now))
        throw new AppError('INVITATION_INVALID');
      if (Number(row.used_count) >= Number(row.max_uses)) throw new AppError('INVITATION_USED_UP');
      if (row.user_type_id !== null && userTypeId !== null && row.user_type_id !== userTypeId)
        throw new AppError('INVITATION_WRONG_TYPE');
      return { id: Number(row.id), code: row.code, seat: row.seats, userTypeId: row.user_type_id };
    },
    async redeemIn(trx, meeting, match, guestId, now, ip) {
      if (!(await repo.takeUse(trx, match.id, now))) throw new AppError('INVITATION_USED_UP');
      await deps.webhooks?.emit(trx, {
        type: 'invitation.redeemed',
        meetingId: meeting.id,
        guestId,
        data: {
          invitation_id: match.id,
          guest_id: guestId,
          seats: match.seat,
          user_type_id: match.userTypeId,
        },
      });
      await deps.systemLog?.record(
        {
          action: 'update',
          source: 'public',
          message: {
            key: 'invitations.redeemed',
            params: { meeting_id: meeting.id, invitation_id: match.id, guest_id: guestId },
          },
          username: null,
          ip,
        },
        trx,
      );
    },
  };
}
