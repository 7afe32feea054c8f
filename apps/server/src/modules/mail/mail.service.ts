import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { resolveDisplayConfig } from '@meetflow/shared/display-text';
import { LANGUAGES, matchLanguage, type Language } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  MAIL_TYPES,
  type GuestMessage,
  type GuestMessages,
  type MailPreview,
  type MailPreviewBody,
  type MailSettings,
  type MailSettingsBody,
  type MailTemplates,
  type MailType,
  type BroadcastRequest,
  type BroadcastList,
  type BroadcastTestBody,
  type BroadcastTexts,
  type MailText,
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { localDate, localDayBounds, localDayTime, timeZone } from '../../lib/local-time.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { Jobs, JobRow } from '../jobs/jobs.service.ts';
import { PermanentJobError } from '../jobs/jobs.service.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { defaultMailText } from './mail-texts.ts';
import { MAIL_PLACEHOLDERS, type MailContext, type RenderedMail } from './mail-render.ts';
import { createMailRenderer } from './mail-renderer.ts';
import type { MailTransport } from './mail-transport.ts';
import * as repo from './mail.repository.ts';

type Trx = Kysely<Database>;

/** The payload of a `mail` job: which message, and what only the moment of its cause knows. */
interface MailPayload {
  type: MailType;
  sequence?: number;
  /** Sessions just cancelled (enrolment updates): the calendar cancels their events. */
  cancelled?: number[];
  /** The session a reminder is for; none: the meeting's own reminder. */
  schedule_id?: number | null;
  /** The `mail.broadcast` job whose texts a broadcast message carries. */
  broadcast_id?: number;
  /** login_code: the window the code belongs to (the code itself is derived, never stored). */
  window?: number;
}

/** The payload of a `mail.broadcast` job: the organiser's texts and the recipients they confirmed. */
interface BroadcastPayload {
  texts: BroadcastTexts;
  guest_ids: number[];
  created_by: string;
}

export const CODE_MAIL_LIMITS = {
  perIp: { points: 10, seconds: 600 },
  perAddress: { points: 3, seconds: 600 },
} as const;
/** Unsubscribe links are signed; the limit only slows down guessing at them. */
const UNSUBSCRIBE_PER_IP = { points: 30, seconds: 600 } as const;
/** A code mail asked again within this window is the same message (one per guest per window). */
const CODE_MAIL_WINDOW_MS = 10 * 60_000;
/** A login code belongs to a 10-minute window and is accepted in it and the next one. */
const LOGIN_CODE_WINDOW_MS = 10 * 60_000;
/** Reminder look-ups run at most this often per instance; the job keys keep them once anyway. */
const REMINDER_SCAN_MS = 30_000;

export interface MailDeps {
  db: Db;
  jobs: Jobs;
  clock: () => number;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  publicUrl: string;
  /** Unset: no mail server configured; messages wait in the outbox. */
  transport: MailTransport | undefined;
  /** A broadcast's recipients: the guest list's filters, applied by the guest core. */
  guests: Pick<GuestsService, 'matchingGuestIds'>;
  /** Signs unsubscribe links and derives login codes (an app secret shared by every instance). */
  signingSecret: string;
  /** Broadcast messages are spread over time at this rate (the whole deployment's, not per instance). */
  broadcastPerMinute: number;
}

/**
 * Guest mail (issue 15). Causes write their message into the outbox (the jobs table) inside their own
 * transaction — queueConfirmation, queueEnrolmentUpdate — so a rolled-back sign-up sends nothing and a
 * crash loses nothing; the `mail` job handler renders and sends it later. Rendering happens at send
 * time, off the sign-up's path.
 */
export function createMailService(deps: MailDeps) {
  const { db, jobs, clock, systemLog } = deps;
  const codePerIp = deps.limiters(
    'mail_code_ip',
    CODE_MAIL_LIMITS.perIp.points,
    CODE_MAIL_LIMITS.perIp.seconds,
  );
  const codePerAddress = deps.limiters(
    'mail_code_address',
    CODE_MAIL_LIMITS.perAddress.points,
    CODE_MAIL_LIMITS.perAddress.seconds,
  );

  const unsubscribePerIp = deps.limiters(
    'mail_unsubscribe_ip',
    UNSUBSCRIBE_PER_IP.points,
    UNSUBSCRIBE_PER_IP.seconds,
  );

  // Rendering runs in a worker thread, beside the event loop that answers sign-ups.
  const renderer = createMailRenderer();
  const renderMail = (ctx: MailContext) => renderer.render(ctx);

  const guestPageUrl = (publicId: string) => `${deps.publicUrl}/#/check-in/${encodeURIComponent(publicId)}`;

  async function settingsOf(meetingId: number) {
    const row = await repo.findSettings(db, meetingId);
    return {
      confirmation_enabled: row ? row.confirmation_enabled === 1 : true,
      reminder_hours: row?.reminder_hours ?? 0,
      lookup_code_by_email: row?.lookup_code_by_email === 1,
      templates: parseTemplates(row?.templates),
    };
  }

  /** Everything renderMail needs about one guest and message. */
  async function contextOf(
    guest: repo.GuestForMail,
    payload: MailPayload,
    templates: MailTemplates,
    language: Language,
    broadcastText: MailText | null = null,
  ): Promise<MailContext> {
    const dateSchedule = guest.meeting_type === 'date_schedule';
    const [sessions, cancelled] = await Promise.all([
      dateSchedule ? repo.guestSessions(db, guest.id) : [],
      repo.sessionsByIds(db, guest.meeting_id, payload.cancelled ?? []),
    ]);
    const reminderSession = payload.schedule_id ? sessions.filter((s) => s.id === payload.schedule_id) : null;
    const editable = (EDITABLE_MAIL_TYPES as readonly string[]).includes(payload.type);
    return {
      kind: payload.type,
      language,
      timeZone: timeZone(),
      meeting: {
        public_id: guest.public_id,
        name: guest.meeting_name,
        name_cn: guest.meeting_name_cn,
        name_en: guest.meeting_name_en,
        location: guest.location,
        location_cn: guest.location_cn,
        location_en: guest.location_en,
        start_at: guest.start_at,
        end_at: guest.end_at,
        meeting_type: guest.meeting_type,
        theme_color: resolveDisplayConfig(guest.display_config).theme_color,
      },
      guest: { id: guest.id, guest_code: guest.guest_code, display_name: guestDisplayName(guest) },
      sessions: (reminderSession ?? sessions).map(toMailSession),
      cancelledSessions: cancelled.map(toMailSession),
      sequence: payload.sequence ?? 0,
      guestPageUrl: guestPageUrl(guest.public_id),
      template: editable
        ? (templates[payload.type as keyof MailTemplates]?.[language] ?? null)
        : broadcastText,
      ...(payload.type === 'broadcast'
        ? { unsubscribeUrl: `${deps.publicUrl}/#/unsubscribe/${unsubscribeToken(guest.id)}` }
        : {}),
    };
  }

  /** The `mail` job: one message to one guest, rendered now, sent once per SMTP acceptance. */
  async function sendMailJob(job: JobRow): Promise<void | { skipped: string }> {
    const payload = JSON.parse(job.payload) as MailPayload;
    const guest = job.guest_id === null ? undefined : await repo.findGuestForMail(db, job.guest_id);
    if (!guest || guest.deleted_at !== null) return { skipped: 'guest or meeting deleted' };
    if (guest.cancelled_at !== null) return { skipped: 'sign-up cancelled' };
    if (!guest.email) throw new PermanentJobError('no e-mail address');
    const settings = await settingsOf(guest.meeting_id);
    if (payload.type === 'confirmation' && !settings.confirmation_enabled) {
      return { skipped: 'confirmation mails are off for this meeting' };
    }
    let language = matchLanguage(guest.language) ?? 'zh-tw';
    let broadcastText: MailText | null = null;
    let headers: Record<string, string> | undefined;
    if (payload.type === 'broadcast') {
      if (guest.broadcast_opt_out === 1) return { skipped: 'unsubscribed from broadcasts' };
      const broadcast = payload.broadcast_id ? await jobs.findJob(payload.broadcast_id) : undefined;
      if (!broadcast) throw new PermanentJobError('broadcast not found');
      const texts = (JSON.parse(broadcast.payload) as BroadcastPayload).texts;
      language = textLanguage(texts, language);
      broadcastText = texts[language] ?? null;
      // RFC 8058 one-click: mail clients POST here; the token rides in the query, which logs leave out.
      headers = {
        'List-Unsubscribe': `<${deps.publicUrl}/api/public/unsubscribe?token=${unsubscribeToken(guest.id)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    }
    const context = await contextOf(guest, payload, settings.templates, language, broadcastText);
    if (payload.type === 'login_code') {
      const window = payload.window ?? 0;
      // A code that can no longer be accepted is not worth sending.
      if (Math.floor(clock() / LOGIN_CODE_WINDOW_MS) > window + 1)
        return { skipped: 'code expired before sending' };
      context.loginCode = loginCodeFor(guest.id, window);
    }
    const mail = await renderMail(context);
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to: guest.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: messageIdOf(job.idempotency_key),
      ...(headers ? { headers } : {}),
    });
  }

  /** The `mail.broadcast` job: one paced `mail` job per confirmed recipient. */
  async function fanOutBroadcast(job: JobRow): Promise<void> {
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
  async function sendTestMail(job: JobRow): Promise<void> {
    const {
      to,
      language,
      texts,
      meeting_id: meetingId,
    } = JSON.parse(job.payload) as {
      to: string;
      language: Language;
      texts: BroadcastTexts;
      meeting_id: number;
    };
    const guest = await sampleGuest(meetingId);
    if (!guest) throw new PermanentJobError('meeting not found');
    const lang = textLanguage(texts, language);
    const context = await contextOf(guest, { type: 'broadcast' }, {}, lang, texts[lang] ?? null);
    const mail = await renderMail(context);
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to,
      subject: `[TEST] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: messageIdOf(job.idempotency_key),
    });
  }

  /** Six digits from the guest, the window and the secret: nothing to store, nothing to leak. */
  function loginCodeFor(guestId: number, window: number): string {
    const digest = createHmac('sha256', deps.signingSecret).update(`login:${guestId}:${window}`).digest();
    return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  }

  /** A guest's unsubscribe token: their id, signed, so it cannot be made up for another guest. */
  function unsubscribeToken(guestId: number): string {
    return `${guestId}.${signature(guestId)}`;
  }
  function signature(guestId: number): string {
    return createHmac('sha256', deps.signingSecret)
      .update(`unsubscribe:${guestId}`)
      .digest('base64url')
      .slice(0, 32);
  }
  function guestOfToken(token: string): number | undefined {
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return undefined;
    const guestId = Number(match[1]);
    const expected = Buffer.from(signature(guestId));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? guestId : undefined;
  }

  /** The meeting's first guest, or an example guest when it has none: what previews and test sends show. */
  async function sampleGuest(meetingId: number): Promise<repo.GuestForMail | undefined> {
    const first = await repo.anyGuestId(db, meetingId);
    return first ? repo.findGuestForMail(db, first.id) : exampleGuest(meetingId);
  }

  /** The `mail.reminders` job: one reminder message per guest of the meeting (or session). */
  async function fanOutReminders(job: JobRow): Promise<void> {
    const {
      meeting_id: meetingId,
      schedule_id: scheduleId,
      start_at: startAt,
    } = JSON.parse(job.payload) as {
      meeting_id: number;
      schedule_id: number | null;
      start_at: number;
    };
    const recipients = await repo.reminderRecipients(db, meetingId, scheduleId);
    const scope = scheduleId === null ? 'meeting' : `session-${scheduleId}`;
    for (let i = 0; i < recipients.length; i += 500) {
      await db.transaction().execute(async (trx) => {
        for (const { id } of recipients.slice(i, i + 500)) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `reminder:${id}:${scope}:${startAt}`,
            payload: { type: 'reminder', schedule_id: scheduleId } satisfies MailPayload,
            meetingId,
            guestId: id,
          });
        }
      });
    }
  }

  let lastReminderScan = -Infinity;
  /** Finds meetings and sessions whose reminder time has come; their job keys make each one run once. */
  async function scanReminders(): Promise<void> {
    const now = clock();
    if (now - lastReminderScan < REMINDER_SCAN_MS) return;
    lastReminderScan = now;
    const due: { meetingId: number; scheduleId: number | null; startAt: number; hours: number }[] = [];
    for (const m of await repo.dueMeetingReminders(db, now)) {
      due.push({ meetingId: m.id, scheduleId: null, startAt: m.start_at, hours: m.reminder_hours });
    }
    // Session starts are local wall-clock times: look at the days the longest reminder reaches.
    const days = Array.from({ length: 15 }, (_, d) => localDate(localDayTime(now, d)));
    for (const s of await repo.sessionsOnDays(db, days)) {
      const startAt = s.start_time
        ? localDayTime(localDayBounds(s.date).from, 0, s.start_time)
        : localDayBounds(s.date).from;
      if (startAt > now && startAt - s.reminder_hours * 3_600_000 <= now) {
        due.push({ meetingId: s.meeting_id, scheduleId: s.id, startAt, hours: s.reminder_hours });
      }
    }
    if (due.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const r of due) {
        await jobs.enqueue(trx, {
          kind: 'mail.reminders',
          key: `reminders:${r.meetingId}:${r.scheduleId ?? 'meeting'}:${r.startAt}:${r.hours}`,
          payload: { meeting_id: r.meetingId, schedule_id: r.scheduleId, start_at: r.startAt },
          meetingId: r.meetingId,
        });
      }
    });
  }

  jobs.handle('mail.reminders', fanOutReminders);
  jobs.handle('mail.broadcast', fanOutBroadcast);
  jobs.onPass(scanReminders);
  // Without a mail server the runner leaves mail jobs alone: they wait, queued, for one.
  if (deps.transport) {
    jobs.handle('mail', sendMailJob);
    jobs.handle('mail.test', sendTestMail);
  }

  async function visibleGuestMeeting(user: AuthUser, guestId: number) {
    const guest = await repo.guestMeetingId(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    return visibleMeeting(db, user, guest.meeting_id);
  }

  return {
    mailServerConfigured: deps.transport !== undefined,

    /** Stops the renderer thread (the app's onClose, after the job runner has stopped). */
    close: () => renderer.close(),

    /** In the sign-up's transaction: the confirmation waits in the outbox until it commits. */
    async queueConfirmation(trx: Trx, guest: { id: number; meeting_id: number }): Promise<void> {
      await jobs.enqueue(trx, {
        kind: 'mail',
        key: `confirmation:${guest.id}`,
        payload: { type: 'confirmation', sequence: 0 } satisfies MailPayload,
        meetingId: guest.meeting_id,
        guestId: guest.id,
      });
    },

    /** In the enrolment's transaction: an updated confirmation whose calendar replaces (or cancels) events. */
    async queueEnrolmentUpdate(
      trx: Trx,
      guest: { id: number; meeting_id: number },
      change: { cancelled: number[] },
    ): Promise<void> {
      const sequence = await repo.calendarMailCount(trx, guest.id);
      await jobs.enqueue(trx, {
        kind: 'mail',
        key: `enrolment:${guest.id}:${sequence}`,
        payload: { type: 'enrolment_update', sequence, cancelled: change.cancelled } satisfies MailPayload,
        meetingId: guest.meeting_id,
        guestId: guest.id,
      });
    },

    /** Wakes the runner after a commit that queued mail (no runner sends mail without a server). */
    kick: () => {
      if (deps.transport) jobs.kick();
    },

    /**
     * The visitor's "send my code to my e-mail": the same answer whether or not the address is known
     * (no enumeration), rate-limited per address and per client address like the phone look-up.
     */
    async sendCodeByEmail(publicId: string, email: string, ip: string): Promise<void> {
      await codePerIp.consume(ip);
      await codePerAddress.consume(email.toLowerCase());
      const meeting = await repo.findLiveMeetingByPublicId(db, publicId);
      if (!meeting) throw new AppError('NO_MEETING');
      const guests = await repo.liveGuestIdsByEmail(db, meeting.id, email);
      const window = Math.floor(clock() / CODE_MAIL_WINDOW_MS);
      await db.transaction().execute(async (trx) => {
        for (const { id } of guests) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `code:${id}:${window}`,
            payload: { type: 'code' } satisfies MailPayload,
            meetingId: meeting.id,
            guestId: id,
          });
        }
        await systemLog.record(
          {
            action: 'code_lookup',
            source: 'public',
            message: {
              key: 'mail.code_requested',
              params: { meeting_id: meeting.id, meeting_name: meeting.name, count: guests.length },
            },
            username: null,
            ip,
          },
          trx,
        );
      });
      jobs.kick();
    },

    async history(user: AuthUser, guestId: number): Promise<GuestMessages> {
      await visibleGuestMeeting(user, guestId);
      const rows = await jobs.listGuestJobs(guestId, ['mail']);
      return { mail_server_configured: deps.transport !== undefined, items: rows.map(toGuestMessage) };
    },

    /** A new confirmation (current sessions, next calendar sequence) for a guest who lost theirs. */
    async resend(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const meeting = await visibleGuestMeeting(user, guestId);
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
            username: user.account,
            ip,
          },
          trx,
        );
      });
      jobs.kick();
    },

    /** Whether this meeting's phone look-up also needs a code sent by e-mail. */
    async loginCodeRequired(meetingId: number): Promise<boolean> {
      return (await repo.findSettings(db, meetingId))?.lookup_code_by_email === 1;
    },

    /** Mails the guest a one-time code for the look-up; one mail per guest per window however often asked. */
    async sendLoginCode(guest: { id: number; meeting_id: number; email: string }): Promise<void> {
      if (!guest.email) throw new AppError('NO_GUEST_EMAIL');
      const window = Math.floor(clock() / LOGIN_CODE_WINDOW_MS);
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, {
          kind: 'mail',
          key: `login-code:${guest.id}:${window}`,
          payload: { type: 'login_code', window } satisfies MailPayload,
          meetingId: guest.meeting_id,
          guestId: guest.id,
        });
      });
      jobs.kick();
    },

    /** The code of the current window or the one before (so a code is good for 10 to 20 minutes). */
    checkLoginCode(guestId: number, code: string): boolean {
      const window = Math.floor(clock() / LOGIN_CODE_WINDOW_MS);
      return [window, window - 1].some((w) => {
        const expected = Buffer.from(loginCodeFor(guestId, w));
        const given = Buffer.from(code);
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },

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
      const now = clock();
      const id = await db.transaction().execute(async (trx) => {
        const jobId = await jobs.enqueue(trx, {
          kind: 'mail.broadcast',
          key: `broadcasts:${meetingId}:${user.id}:${now}:${randomToken(6)}`,
          payload: {
            texts: body.texts,
            guest_ids: guestIds,
            created_by: user.account,
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
            username: user.account,
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
          const first = Object.values(payload.texts)[0];
          return {
            id: row.id,
            created_at: row.created_at,
            created_by: payload.created_by,
            subject: first?.subject ?? '',
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

    /** Sends the broadcast as the meeting's first guest would get it, to the organiser's own address. */
    async broadcastTest(user: AuthUser, meetingId: number, body: BroadcastTestBody): Promise<void> {
      await visibleMeeting(db, user, meetingId);
      const own = await repo.userEmail(db, user.id);
      if (!own?.email) throw new AppError('NO_OWN_EMAIL');
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, {
          kind: 'mail.test',
          key: `test:${user.id}:${clock()}`,
          payload: { to: own.email, language: body.language, texts: body.texts, meeting_id: meetingId },
          meetingId,
        });
      });
      jobs.kick();
    },

    /** One-click unsubscribe from broadcasts (RFC 8058), or the link in a broadcast. */
    async unsubscribe(token: string, ip: string): Promise<void> {
      await unsubscribePerIp.consume(ip);
      const guestId = guestOfToken(token);
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

    async getSettings(user: AuthUser, meetingId: number): Promise<MailSettings> {
      await visibleMeeting(db, user, meetingId);
      return {
        ...(await settingsOf(meetingId)),
        defaults: Object.fromEntries(
          EDITABLE_MAIL_TYPES.map((type) => [
            type,
            Object.fromEntries(LANGUAGES.map((lang) => [lang, defaultMailText(type, lang)])),
          ]),
        ) as MailSettings['defaults'],
        placeholders: [...MAIL_PLACEHOLDERS],
        mail_server_configured: deps.transport !== undefined,
      };
    },

    async saveSettings(
      user: AuthUser,
      meetingId: number,
      body: MailSettingsBody,
      ip: string,
    ): Promise<MailSettings> {
      const meeting = await visibleMeeting(db, user, meetingId);
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, {
          meeting_id: meetingId,
          confirmation_enabled: body.confirmation_enabled ? 1 : 0,
          reminder_hours: body.reminder_hours,
          lookup_code_by_email: body.lookup_code_by_email ? 1 : 0,
          templates: JSON.stringify(body.templates),
          updated_at: clock(),
        });
        await systemLog.record(
          {
            action: 'update',
            source: 'admin',
            message: {
              key: 'mail.settings_updated',
              params: { meeting_id: meetingId, meeting_name: meeting.name },
            },
            username: user.account,
            ip,
          },
          trx,
        );
      });
      return this.getSettings(user, meetingId);
    },

    /** A message as a guest would get it: the meeting's first guest, or an example guest when none. */
    async preview(user: AuthUser, meetingId: number, body: MailPreviewBody): Promise<MailPreview> {
      await visibleMeeting(db, user, meetingId);
      const settings = await settingsOf(meetingId);
      const guest = await sampleGuest(meetingId);
      if (!guest) throw new AppError('NOT_FOUND');
      const context = await contextOf(guest, { type: body.type }, settings.templates, body.language);
      if (body.text) context.template = body.text;
      const mail: RenderedMail = await renderMail(context);
      // A browser cannot resolve cid: references: the preview carries the QR code itself.
      const qr = mail.attachments.find((a) => a.cid);
      const html = qr
        ? mail.html.replaceAll(
            `cid:${qr.cid}`,
            `data:${qr.contentType};base64,${qr.content.toString('base64')}`,
          )
        : mail.html;
      return { subject: mail.subject, html, text: mail.text };
    },
  };

  async function exampleGuest(meetingId: number): Promise<repo.GuestForMail | undefined> {
    const meeting = await repo.findMeetingForMail(db, meetingId);
    if (!meeting) return undefined;
    return {
      ...meeting,
      id: 0,
      meeting_id: meetingId,
      guest_code: 'EXAMPLE-GUEST-CODE',
      email: 'guest@example.org',
      name: '陳大文',
      name_zh: '陳大文',
      name_en: 'Chan Tai Man',
      language: 'zh-tw',
      cancelled_at: null,
      broadcast_opt_out: 0,
    };
  }
}
export type MailService = ReturnType<typeof createMailService>;

function toMailSession(s: {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
}) {
  return { ...s, start_time: s.start_time ?? null, end_time: s.end_time ?? null };
}

/** The same job always sends the same Message-ID: a repeat after a crash is recognisably one message. */
function messageIdOf(idempotencyKey: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@meetflow>`;
}

/** The guest's language when the organiser wrote it, else the first written of zh-tw, zh-cn, en. */
function textLanguage(texts: BroadcastTexts, preferred: Language): Language {
  if (texts[preferred]) return preferred;
  return LANGUAGES.find((lang) => texts[lang]) ?? preferred;
}

function parseTemplates(stored: string | undefined): MailTemplates {
  if (!stored) return {};
  try {
    return JSON.parse(stored) as MailTemplates;
  } catch {
    return {};
  }
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
