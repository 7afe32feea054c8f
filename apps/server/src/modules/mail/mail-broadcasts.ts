import type { Language } from '@meetflow/shared/languages';
import type {
  BroadcastList,
  BroadcastRequest,
  BroadcastTestBody,
  BroadcastTexts,
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { randomToken } from '../../lib/secure-random.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import { PermanentJobError, type JobRow, type Jobs } from '../jobs/jobs.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import {
  mayShowRealGuest,
  textLanguage,
  type BroadcastPayload,
  type MailComposer,
  type MailPayload,
} from './mail-compose.ts';
import { guestOfUnsubscribeToken, messageIdOf } from './mail-signing.ts';
import type { MailTransport } from './mail-transport.ts';
import * as repo from './mail.repository.ts';

/** Unsubscribe links are signed; the limit only slows down guessing at them. */
const UNSUBSCRIBE_PER_IP = { points: 30, seconds: 600 } as const;

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
  const { db, jobs, clock, systemLog, composer } = deps;
  const unsubscribePerIp = deps.limiters(
    'mail_unsubscribe_ip',
    UNSUBSCRIBE_PER_IP.points,
    UNSUBSCRIBE_PER_IP.seconds,
  );

  /** The `mail.broadcast` job: one paced `mail` job per confirmed recipient. */
  async function fanOut(job: JobRow): Promise<void> {
    const { guest_ids: guestIds } = JSON.parse(job.payload) as BroadcastPayload;
    const spacingMs = 60_000 / deps.broadcastPerMinute;
    for (let i = 0; i < guestIds.length; i += 500) {
      await db.transaction().execute(async (trx) => {
        for (const [offset, guestId] of guestIds.slice(i, i + 500).entries()) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `broadcast:${job.id}:${guestId}`,
            payload: { type: 'broadcast', broadcast_id: job.id } satisfies MailPayload,
            // Spread over time: the throttle holds across instances and lets confirmations pass between.
            runAt: job.created_at + Math.floor((i + offset) * spacingMs),
            meetingId: job.meeting_id,
            guestId,
          });
        }
      });
    }
  }

  /** The `mail.test` job: a broadcast as one guest would get it, sent to the organiser's own address. */
  async function sendTest(job: JobRow): Promise<void> {
    const payload = JSON.parse(job.payload) as {
      to: string;
      language: Language;
      texts: BroadcastTexts;
      meeting_id: number;
      /** Set when the sender may not see the guests (tests queued before it show the first guest). */
      example_guest?: boolean;
    };
    const guest = await composer.sampleGuest(payload.meeting_id, payload.example_guest !== true);
    if (!guest) throw new PermanentJobError('meeting not found');
    const lang = textLanguage(payload.texts, payload.language);
    const context = await composer.contextOf(
      guest,
      { type: 'broadcast' },
      {},
      lang,
      payload.texts[lang] ?? null,
    );
    const mail = await composer.render(context);
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to: payload.to,
      subject: `[TEST] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: messageIdOf(job.idempotency_key),
    });
  }

  jobs.handle('mail.broadcast', fanOut);
  if (deps.transport) jobs.handle('mail.test', sendTest);

  return {
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

    /** A meeting's broadcasts with their progress, newest first. */
    async broadcasts(user: AuthUser, meetingId: number): Promise<BroadcastList> {
      await visibleMeeting(db, user, meetingId);
      const rows = await jobs.listMeetingJobs(meetingId, 'mail.broadcast');
      const items = await Promise.all(
        rows.map(async (row) => {
          const payload = JSON.parse(row.payload) as BroadcastPayload;
          const counts = await jobs.countByStatus(meetingId, `broadcast:${row.id}:`);
          const sum = (test: (c: (typeof counts)[number]) => boolean) =>
            counts.filter(test).reduce((n, c) => n + c.count, 0);
          const recipients = payload.guest_ids.length;
          const sent = sum((c) => c.status === 'done' && !c.noted);
          const failed = sum((c) => c.status === 'failed');
          const skipped = sum((c) => c.status === 'done' && c.noted);
          return {
            id: row.id,
            created_at: row.created_at,
            created_by: payload.created_by,
            subject: Object.values(payload.texts)[0]?.subject ?? '',
            recipients,
            // Not yet fanned out counts as queued too.
            queued: recipients - sent - failed - skipped,
            sent,
            failed,
            skipped,
          };
        }),
      );
      return { items };
    },

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
