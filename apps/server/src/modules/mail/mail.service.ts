import { createHash } from 'node:crypto';
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
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate, localDayBounds, localDayTime, timeZone } from '../../lib/local-time.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { Jobs, JobRow } from '../jobs/jobs.service.ts';
import { PermanentJobError } from '../jobs/jobs.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { defaultMailText } from './mail-texts.ts';
import { MAIL_PLACEHOLDERS, renderMail, type MailContext, type RenderedMail } from './mail-render.ts';
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
}

export const CODE_MAIL_LIMITS = {
  perIp: { points: 10, seconds: 600 },
  perAddress: { points: 3, seconds: 600 },
} as const;
/** A code mail asked again within this window is the same message (one per guest per window). */
const CODE_MAIL_WINDOW_MS = 10 * 60_000;
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

  const guestPageUrl = (publicId: string) => `${deps.publicUrl}/#/check-in/${encodeURIComponent(publicId)}`;

  async function settingsOf(meetingId: number) {
    const row = await repo.findSettings(db, meetingId);
    return {
      confirmation_enabled: row ? row.confirmation_enabled === 1 : true,
      reminder_hours: row?.reminder_hours ?? 0,
      templates: parseTemplates(row?.templates),
    };
  }

  /** Everything renderMail needs about one guest and message. */
  async function contextOf(
    guest: repo.GuestForMail,
    payload: MailPayload,
    templates: MailTemplates,
    language: Language,
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
      template: editable ? (templates[payload.type as keyof MailTemplates]?.[language] ?? null) : null,
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
    const language = matchLanguage(guest.language) ?? 'zh-tw';
    const mail = await renderMail(await contextOf(guest, payload, settings.templates, language));
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to: guest.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: messageIdOf(job.idempotency_key),
    });
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
  jobs.onPass(scanReminders);
  // Without a mail server the runner leaves mail jobs alone: they wait, queued, for one.
  if (deps.transport) jobs.handle('mail', sendMailJob);

  async function visibleGuestMeeting(user: AuthUser, guestId: number) {
    const guest = await repo.guestMeetingId(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    return visibleMeeting(db, user, guest.meeting_id);
  }

  return {
    mailServerConfigured: deps.transport !== undefined,

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

    /** Wakes the runner after a commit that queued mail. */
    kick: () => jobs.kick(),

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
      const first = await repo.anyGuestId(db, meetingId);
      const guest = first ? await repo.findGuestForMail(db, first.id) : await exampleGuest(meetingId);
      if (!guest) throw new AppError('NOT_FOUND');
      const context = await contextOf(guest, { type: body.type }, settings.templates, body.language);
      if (body.text) context.template = body.text;
      const mail: RenderedMail = await renderMail(context);
      return { subject: mail.subject, html: mail.html, text: mail.text };
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
