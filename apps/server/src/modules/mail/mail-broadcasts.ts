import type { BroadcastRequest, BroadcastTestBody } from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { randomToken } from '../../lib/secure-random.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { fanOutBroadcast, sendBroadcastTest } from './broadcast-jobs.ts';
import { broadcastProgress } from './broadcast-progress.ts';
import { mayShowRealGuest, type BroadcastPayload, type MailComposer } from './mail-compose.ts';
import type { MailTransport } from './mail-transport.ts';
import * as repo from './mail.repository.ts';
import { createUnsubscribe } from './unsubscribe.ts';

export interface BroadcastDeps {
  db: Db;
  jobs: Jobs;
  clock: () => number;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  composer: MailComposer;
  transport: MailTransport | undefined;
  /** A broadcast's recipients: the guest list's filters, applied by the guest core. */
  guests: Pick<GuestsService, 'matchingGuestIds'>;
  signingSecret: string;
  /** Broadcast messages are spread over time at this rate (the whole deployment's, not per instance). */
  broadcastPerMinute: number;
}

/**
 * Organisers' broadcasts: one `mail.broadcast` job holds the recipients the organiser confirmed; its
 * handler enqueues one paced `mail` job each (sent by mail.service's handler, with List-Unsubscribe).
 * Also the test send to oneself and the guest's unsubscribe.
 */
export function createBroadcasts(deps: BroadcastDeps) {
  const { db, jobs, clock, systemLog } = deps;

  jobs.handle('mail.broadcast', (job) => fanOutBroadcast(deps, job));
  if (deps.transport) jobs.handle('mail.test', (job) => sendBroadcastTest(deps, job));

  return {
    ...createUnsubscribe(deps),

    /** How many guests a broadcast with these filters reaches now. */
    async broadcastCount(user: AuthUser, meetingId: number, filters: BroadcastRequest['filters']) {
      const meeting = await visibleMeeting(db, user, meetingId);
      return { count: (await deps.guests.matchingGuestIds(meeting, filters ?? {})).length };
    },

    /**
     * Queues a broadcast to the guests matching the filters, refused (409) when their number is no
     * longer the one the organiser confirmed. Sending is spread at `broadcastPerMinute`.
     */
    async broadcast(user: AuthUser, meetingId: number, body: BroadcastRequest, ip: string) {
      const meeting = await visibleMeeting(db, user, meetingId);
      const guestIds = await deps.guests.matchingGuestIds(meeting, body.filters ?? {});
      if (guestIds.length !== body.confirmed_count) {
        throw new AppError('BROADCAST_RECIPIENTS_CHANGED', { data: { count: guestIds.length } });
      }
      const id = await db.transaction().execute(async (trx) => {
        const jobId = await jobs.enqueue(trx, {
          kind: 'mail.broadcast',
          key: `broadcasts:${meetingId}:${user.id}:${clock()}:${randomToken(6)}`,
          payload: {
            texts: body.texts,
            guest_ids: guestIds,
            created_by: user.auditName,
          } satisfies BroadcastPayload,
          meetingId,
        });
        await systemLog.record(
          {
            action: 'create',
            source: 'admin',
            message: {
              key: 'mail.broadcast_sent',
              params: { meeting_id: meetingId, meeting_name: meeting.name, count: guestIds.length },
            },
            username: user.auditName,
            ip,
          },
          trx,
        );
        return jobId;
      });
      if (id === undefined) throw new Error('a new broadcast key was taken');
      jobs.kick();
      return { id, recipients: guestIds.length };
    },

    broadcasts: (user: AuthUser, meetingId: number) => broadcastProgress(deps, user, meetingId),

    /** Sends the broadcast as the meeting's first guest (see mayShowRealGuest) would get it, to the organiser's own address. */
    async broadcastTest(user: AuthUser, meetingId: number, body: BroadcastTestBody): Promise<void> {
      await visibleMeeting(db, user, meetingId);
      const own = await repo.userEmail(db, user.id);
      if (!own?.email) throw new AppError('NO_OWN_EMAIL');
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, {
          kind: 'mail.test',
          key: `test:${user.id}:${clock()}`,
          payload: {
            to: own.email,
            language: body.language,
            texts: body.texts,
            meeting_id: meetingId,
            example_guest: !mayShowRealGuest(user),
          },
          meetingId,
        });
      });
      jobs.kick();
    },
  };
}
