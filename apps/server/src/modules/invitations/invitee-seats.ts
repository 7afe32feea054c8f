import type { InviteeSeats } from '@meetflow/shared/schemas/invitations';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { seatCounters } from '../meetings/meetings.reads.ts';
import { setInviteeReserved } from '../meetings/meetings.writes.ts';
import * as repo from './invitations.repository.ts';
import type { InvitationsDeps } from './invitations.service.ts';

/**
 * The seats reserved for invitees (issue 45): taken out of the public capacity, so that the public
 * and the invitees together never pass the meeting's limit.
 */
export function createInviteeSeats(
  deps: InvitationsDeps & { onSignupsChanged?: (meetingId: number) => void },
) {
  const { db, systemLog } = deps;

  async function seatFigures(meetingId: number): Promise<InviteeSeats> {
    const counters = await seatCounters(db, meetingId);
    if (!counters) throw new AppError('NOT_FOUND');
    const used = await repo.usesBySeats(db, meetingId);
    const limit = Number(counters.registration_limit);
    const registered = Number(counters.registered_count);
    const held = Number(counters.waitlist_held);
    const reserved = Number(counters.invitee_reserved);
    return {
      limit,
      registered,
      waitlist_held: held,
      reserved,
      used_reserved: used.reserved,
      used_bypass: used.bypass,
      public_free: limit === 0 ? null : Math.max(0, limit - registered - held - reserved),
    };
  }

  return {
    async seats(user: AuthUser, meetingId: number): Promise<InviteeSeats> {
      const meeting = await visibleMeeting(db, user, meetingId);
      return seatFigures(meeting.id);
    },

    /**
     * Sets the seats reserved for invitees. Refused (INVITEE_SEATS_TOO_MANY, with the figures)
     * when registered + held by offers + reserved would pass a non-zero limit.
     */
    async setSeats(actor: Actor, meetingId: number, reserved: number): Promise<InviteeSeats> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const before = await db.transaction().execute(async (trx) => {
        const counters = await seatCounters(trx, meeting.id);
        if (!(await setInviteeReserved(trx, meeting.id, reserved))) return null;
        const previous = Number(counters?.invitee_reserved ?? 0);
        await systemLog.record(
          {
            action: 'update',
            source: 'admin',
            message: { key: 'invitations.seats_set', params: { meeting_id: meeting.id, reserved } },
            username: actor.user.auditName,
            ip: actor.ip,
            changes: fieldChanges({ invitee_reserved: previous }, { invitee_reserved: reserved }),
          },
          trx,
        );
        return previous;
      });
      const figures = await seatFigures(meeting.id);
      if (before === null) {
        throw new AppError('INVITEE_SEATS_TOO_MANY', {
          data: {
            requested: reserved,
            limit: figures.limit,
            registered: figures.registered,
            waitlist_held: figures.waitlist_held,
            most: Math.max(0, figures.limit - figures.registered - figures.waitlist_held),
          },
        });
      }
      if (before !== reserved) deps.onSignupsChanged?.(meeting.id);
      return figures;
    },
  };
}
export type InviteeSeatsService = ReturnType<typeof createInviteeSeats>;
