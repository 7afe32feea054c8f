import { MAIL_TYPES, type GuestMessage, type GuestMessages } from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import type { MailPayload } from './mail-compose.ts';
import type { MailDeps } from './mail.service.ts';
import * as repo from './mail.repository.ts';

type GuestMessagesDeps = Pick<MailDeps, 'db' | 'jobs' | 'clock' | 'systemLog' | 'transport'>;

/** A guest's mail in the back office: what was queued, sent or skipped, and a new confirmation. */
export function createGuestMessages(deps: GuestMessagesDeps) {
  const { db, jobs, clock, systemLog } = deps;

  async function visibleGuest(user: AuthUser, guestId: number) {
    const guest = await repo.guestMailState(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    return { guest, meeting: await visibleMeeting(db, user, guest.meeting_id) };
  }

  return {
    async history(user: AuthUser, guestId: number): Promise<GuestMessages> {
      const { guest } = await visibleGuest(user, guestId);
      const items = (await jobs.listGuestJobs(guestId, ['mail'])).map(toGuestMessage);
      // A confirmation still on its guest row (not yet a job) is as queued as one in the outbox.
      if (guest.mail_pending === 1) {
        items.push({
          id: 0,
          type: 'confirmation',
          status: 'queued',
          attempts: 0,
          reason: null,
          created_at: guest.created_at,
          finished_at: null,
        });
      }
      return { mail_server_configured: deps.transport !== undefined, items };
    },

    /**
     * A new confirmation (current sessions, next calendar sequence) for a guest who lost theirs;
     * GUEST_UNPAID while their order is unpaid, GUEST_AWAITING_APPROVAL while their sign-up awaits
     * approval (the confirmation with the code follows the payment or the approval: mayHoldCode).
     */
    async resend(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const { guest, meeting } = await visibleGuest(user, guestId);
      if (!mayHoldCode(guest))
        throw new AppError(guest.unpaid === 1 ? 'GUEST_UNPAID' : 'GUEST_AWAITING_APPROVAL');
      await db.transaction().execute(async (trx) => {
        const sequence = await repo.calendarMailCount(trx, guestId);
        await jobs.enqueue(trx, {
          kind: 'mail',
          key: `confirmation-resend:${guestId}:${clock()}`,
          payload: { type: 'confirmation', sequence } satisfies MailPayload,
          meetingId: meeting.id,
          guestId,
        });
        await systemLog.record(
          {
            action: 'update',
            source: 'admin',
            message: { key: 'mail.resent', params: { meeting_id: meeting.id, guest_id: guestId } },
            username: user.auditName,
            ip,
          },
          trx,
        );
      });
      jobs.kick();
    },
  };
}

function toGuestMessage(job: JobRow): GuestMessage {
  const payload = JSON.parse(job.payload) as MailPayload;
  const status =
    job.status === 'running'
      ? 'sending'
      : job.status === 'done'
        ? job.last_error === null
          ? 'sent'
          : 'skipped'
        : job.status;
  return {
    id: job.id,
    type: (MAIL_TYPES as readonly string[]).includes(payload.type) ? payload.type : 'confirmation',
    status,
    attempts: job.attempts,
    reason: job.last_error,
    created_at: job.created_at,
    finished_at: job.finished_at,
  };
}
