import { LANGUAGES, matchLanguage, nameIn } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  MAIL_TYPES,
  type GuestMessage,
  type GuestMessages,
  type MailPreview,
  type MailPreviewBody,
  type MailSettings,
  type MailSettingsBody,
  type MailText,
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import { PermanentJobError, type JobRow, type Jobs } from '../jobs/jobs.service.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createBroadcasts } from './mail-broadcasts.ts';
import {
  createMailComposer,
  EXAMPLE_GUEST_ID,
  mayShowRealGuest,
  textLanguage,
  type BroadcastPayload,
  type MailPayload,
} from './mail-compose.ts';
import { MAIL_PLACEHOLDERS } from './mail-render-content.ts';
import type { MailAttachment, RenderedMail } from './mail-render-types.ts';
import { registerReminders } from './mail-reminders.ts';
import {
  loginCodeFor,
  loginCodeMatches,
  loginCodeWindow,
  messageIdOf,
  unsubscribeToken,
} from './mail-signing.ts';
import { defaultMailText } from './mail-texts.ts';
import type { MailTransport } from './mail-transport.ts';
import * as repo from './mail.repository.ts';

export const CODE_MAIL_LIMITS = {
  perIp: { points: 10, seconds: 600 },
  perAddress: { points: 3, seconds: 600 },
} as const;
/** A code mail asked again within this window is the same message (one per guest per window). */
const CODE_MAIL_WINDOW_MS = 10 * 60_000;
/** Why a certificate mail was not sent: the certificate was revoked (or is gone) since it was queued. */
export const CERTIFICATE_NOT_VALID = 'the certificate is no longer valid';
/** Guests queued per transaction by the fan-outs here (as reminders and broadcasts do). */
const QUEUE_BATCH = 500;

/** A certificate of attendance as the certificates module makes it, attached to the guest's mail. */
export interface CertificateFile {
  fileName: string;
  content: Uint8Array;
}

export interface MailDeps {
  db: Db;
  dbKind: DatabaseKind;
  jobs: Jobs;
  clock: () => number;
  systemLog: SystemLog;
  limiters: LimiterFactory;
  publicUrl: string;
  /** The sender address (MAIL_FROM): the ORGANIZER of calendar invitations. */
  mailFrom: string;
  /** Unset: no mail server configured; messages wait in the outbox. */
  transport: MailTransport | undefined;
  /** A broadcast's recipients: the guest list's filters, applied by the guest core. */
  guests: Pick<GuestsService, 'matchingGuestIds'>;
  /** Signs unsubscribe links and derives login codes (an app secret shared by every instance). */
  signingSecret: string;
  /** Broadcast messages are spread over time at this rate (the whole deployment's, not per instance). */
  broadcastPerMinute: number;
  /**
   * The guest's certificate of attendance, asked for when their `certificate` mail is sent (the
   * certificates module, through mail.module.ts): null when it is no longer valid — revoked since the mail was
   * queued — and the mail is then skipped with CERTIFICATE_NOT_VALID. Unset: every such mail is skipped.
   */
  certificatePdf?: (guestId: number) => Promise<CertificateFile | null>;
  /**
   * An offer from a waiting list as its mail tells it (the waitlist module, through mail.module.ts), asked for
   * when the mail is sent: null when it is no longer open (accepted, declined, lapsed) and the mail is
   * skipped. The recipient may not be a guest yet (the meeting's own list).
   */
  waitlistOffer?: (entryId: number, offeredAt: number) => Promise<WaitlistOfferMail | null>;
}

/** What an offer's mail needs: who, which meeting or session, until when, and its accept page. */
export interface WaitlistOfferMail {
  meetingId: number;
  email: string;
  displayName: string;
  language: string;
  session: { name: string; name_cn: string; name_en: string } | null;
  expiresAt: number;
  url: string;
}

/**
 * Guest mail (issue 15). Causes write their message into the outbox inside their own transaction — a
 * sign-up by its guest row's `mail_pending` (confirmationColumns), an enrolment by a job
 * (queueEnrolmentUpdate) — so a rolled-back sign-up sends nothing and a crash loses nothing; the `mail` job handler here renders and sends it later, once per SMTP
 * acceptance. Beside it: reminders (mail-reminders.ts), broadcasts (mail-broadcasts.ts), the
 * look-up's one-time codes, the back office's settings, preview, history and resend.
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
  const composer = createMailComposer(deps);
  const broadcasts = createBroadcasts({ ...deps, composer });
  registerReminders(deps);

  /**
   * An offer from a waiting list: to the address on the place (a visitor on the meeting's list is
   * not a guest yet), while the offer is still open.
   */
  async function sendOfferMail(job: JobRow, payload: MailPayload): Promise<void | { skipped: string }> {
    const offer = deps.waitlistOffer
      ? await deps.waitlistOffer(payload.entry_id ?? 0, payload.offered_at ?? 0)
      : null;
    if (!offer) return { skipped: 'the offer is no longer open' };
    if (!offer.email) throw new PermanentJobError('no e-mail address');
    const meeting = await repo.findMeetingForMail(db, offer.meetingId);
    if (!meeting || meeting.deleted_at !== null) return { skipped: 'guest or meeting deleted' };
    const language = matchLanguage(offer.language) ?? 'zh-tw';
    const recipient: repo.GuestForMail = {
      ...meeting,
      id: 0,
      meeting_id: offer.meetingId,
      guest_code: '',
      email: offer.email,
      name: offer.displayName,
      name_zh: '',
      name_en: '',
      language,
      cancelled_at: null,
      broadcast_opt_out: 0,
    };
    const settings = await composer.settingsOf(offer.meetingId);
    const context = await composer.contextOf(recipient, payload, settings.templates, language);
    context.guestPageUrl = offer.url;
    context.offer = {
      until: offer.expiresAt,
      session: offer.session
        ? nameIn(language, offer.session.name, offer.session.name_cn, offer.session.name_en)
        : null,
    };
    const mail = await composer.render(context);
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to: offer.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      messageId: messageIdOf(job.idempotency_key),
    });
  }

  /** The `mail` job: one message to one guest, rendered now, sent once per SMTP acceptance. */
  async function sendMailJob(job: JobRow): Promise<void | { skipped: string }> {
    const payload = JSON.parse(job.payload) as MailPayload;
    if (payload.type === 'waitlist_offer') return sendOfferMail(job, payload);
    const guest = job.guest_id === null ? undefined : await repo.findGuestForMail(db, job.guest_id);
    if (!guest || guest.deleted_at !== null) return { skipped: 'guest or meeting deleted' };
    if (guest.cancelled_at !== null) return { skipped: 'sign-up cancelled' };
    if (!guest.email) throw new PermanentJobError('no e-mail address');
    const settings = await composer.settingsOf(guest.meeting_id);
    if (payload.type === 'confirmation' && !settings.confirmation_enabled) {
      return { skipped: 'confirmation mails are off for this meeting' };
    }
    // A ticket for a meeting that is over helps nobody: after a long outage, or when a mail server is
    // configured late, old confirmations and updates are dropped rather than sent.
    if ((payload.type === 'confirmation' || payload.type === 'enrolment_update') && guest.end_at < clock()) {
      return { skipped: 'the meeting has ended' };
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
      const token = unsubscribeToken(deps.signingSecret, guest.id);
      headers = {
        'List-Unsubscribe': `<${deps.publicUrl}/api/public/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    }
    // Asked for at send time, not at queue time: a certificate revoked meanwhile is not sent.
    let certificate: MailAttachment | undefined;
    if (payload.type === 'certificate') {
      const file = deps.certificatePdf ? await deps.certificatePdf(guest.id) : null;
      if (!file) return { skipped: CERTIFICATE_NOT_VALID };
      certificate = {
        filename: file.fileName,
        contentType: 'application/pdf',
        content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
      };
    }
    const context = await composer.contextOf(guest, payload, settings.templates, language, broadcastText);
    if (payload.type === 'login_code') {
      const window = payload.window ?? 0;
      // A code that can no longer be accepted is not worth sending.
      if (loginCodeWindow(clock()) > window + 1) return { skipped: 'code expired before sending' };
      context.loginCode = loginCodeFor(deps.signingSecret, guest.id, window);
    }
    const mail = await composer.render(context);
    if (!deps.transport) throw new Error('no mail server configured');
    await deps.transport.send({
      to: guest.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: certificate ? [...mail.attachments, certificate] : mail.attachments,
      ...(mail.invitation ? { invitation: mail.invitation } : {}),
      messageId: messageIdOf(job.idempotency_key),
      ...(headers ? { headers } : {}),
    });
  }

  /** Queues the confirmations of new sign-ups (guests.mail_pending), 500 guests a transaction. */
  async function queuePendingConfirmations(): Promise<void> {
    for (;;) {
      const taken = await db.transaction().execute(async (trx) => {
        const guests = await repo.takePendingConfirmations(trx, deps.dbKind, 500);
        for (const guest of guests) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `confirmation:${guest.id}`,
            payload: { type: 'confirmation', sequence: 0 } satisfies MailPayload,
            meetingId: guest.meeting_id,
            guestId: guest.id,
          });
        }
        return guests.length;
      });
      if (taken < 500) return;
    }
  }
  // Without a mail server the runner leaves mail alone: confirmations wait on their guest rows (so a
  // deployment without mail pays nothing for them) and other mail jobs wait, queued, for a server.
  if (deps.transport) {
    jobs.onPass(queuePendingConfirmations);
    jobs.handle('mail', sendMailJob);
  }

  async function visibleGuest(user: AuthUser, guestId: number) {
    const guest = await repo.guestMailState(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    return { guest, meeting: await visibleMeeting(db, user, guest.meeting_id) };
  }

  return {
    ...broadcasts,

    /** Stops the renderer thread (the app's onClose, after the job runner has stopped). */
    close: () => composer.close(),

    /**
     * The sign-up's columns that queue its confirmation: written by the sign-up's own INSERT, in its
     * transaction, so a rolled-back sign-up queues nothing and a committed one cannot lose its mail.
     */
    confirmationColumns: () => ({ mail_pending: 1 }),

    /** In the enrolment's transaction: an updated confirmation whose calendar replaces (or cancels) events. */
    async queueEnrolmentUpdate(
      trx: Db,
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

    /** In the offer's transaction: the mail that tells the first in line a seat is held for them. */
    async queueWaitlistOffer(
      trx: Db,
      offer: { entryId: number; meetingId: number; guestId: number | null; offeredAt: number },
    ): Promise<void> {
      await jobs.enqueue(trx, {
        kind: 'mail',
        key: `waitlist-offer-mail:${offer.entryId}:${offer.offeredAt}`,
        payload: {
          type: 'waitlist_offer',
          entry_id: offer.entryId,
          offered_at: offer.offeredAt,
        } satisfies MailPayload,
        meetingId: offer.meetingId,
        guestId: offer.guestId,
      });
    },

    /**
     * Certificates of attendance by e-mail (issue 18): one `certificate` mail per item, its PDF attached
     * when it is sent. The key holds the organiser's request time, so a double click (the same request
     * time) queues each once and a later "send again" queues anew. Guests of another meeting, cancelled
     * ones and those without an e-mail address are left out: answers how many mails were queued, which
     * the caller reports against what it asked for.
     */
    async queueCertificates(
      meetingId: number,
      items: readonly { guestId: number; certificateId: number; code: string }[],
      requestedAt: number,
    ): Promise<number> {
      let queued = 0;
      for (let i = 0; i < items.length; i += QUEUE_BATCH) {
        const batch = items.slice(i, i + QUEUE_BATCH);
        queued += await db.transaction().execute(async (trx) => {
          const rows = await repo.liveGuestIdsWithEmail(
            trx,
            meetingId,
            batch.map((item) => item.guestId),
          );
          const reachable = new Set(rows.map((row) => row.id));
          let added = 0;
          for (const item of batch) {
            if (!reachable.has(item.guestId)) continue;
            const id = await jobs.enqueue(trx, {
              kind: 'mail',
              key: `certificate:${item.code}:${requestedAt}`,
              payload: { type: 'certificate', certificate_id: item.certificateId } satisfies MailPayload,
              meetingId,
              guestId: item.guestId,
            });
            if (id !== undefined) added++;
          }
          return added;
        });
      }
      if (queued > 0 && deps.transport) jobs.kick();
      return queued;
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

    /** A new confirmation (current sessions, next calendar sequence) for a guest who lost theirs. */
    async resend(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const { meeting } = await visibleGuest(user, guestId);
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

    /** Whether this meeting's phone look-up also needs a code sent by e-mail. */
    async loginCodeRequired(meetingId: number): Promise<boolean> {
      return (await repo.findSettings(db, meetingId))?.lookup_code_by_email === 1;
    },

    /** Mails the guest a one-time code for the look-up; one mail per guest per window however often asked. */
    async sendLoginCode(guest: { id: number; meeting_id: number; email: string }): Promise<void> {
      if (!guest.email) throw new AppError('NO_GUEST_EMAIL');
      const window = loginCodeWindow(clock());
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

    checkLoginCode(guestId: number, code: string): boolean {
      return loginCodeMatches(deps.signingSecret, guestId, code, clock());
    },

    async getSettings(user: AuthUser, meetingId: number): Promise<MailSettings> {
      await visibleMeeting(db, user, meetingId);
      return {
        ...(await composer.settingsOf(meetingId)),
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
      // The audit entry names each setting and text that changed ('templates.reminder.en.subject').
      const changes = fieldChanges(
        ...alignedAuditFields(await composer.settingsOf(meetingId), {
          confirmation_enabled: body.confirmation_enabled,
          reminder_hours: body.reminder_hours,
          lookup_code_by_email: body.lookup_code_by_email ?? false,
          templates: body.templates,
        }),
      );
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
            username: user.auditName,
            ip,
            changes,
          },
          trx,
        );
      });
      return this.getSettings(user, meetingId);
    },

    /**
     * A message as a guest would get it: the meeting's first guest to a user who may see its guests,
     * else (or when it has none) an example guest. The guest code is an entry ticket.
     */
    async preview(user: AuthUser, meetingId: number, body: MailPreviewBody): Promise<MailPreview> {
      await visibleMeeting(db, user, meetingId);
      const settings = await composer.settingsOf(meetingId);
      const guest = await composer.sampleGuest(meetingId, mayShowRealGuest(user));
      if (!guest) throw new AppError('NOT_FOUND');
      const context = await composer.contextOf(guest, { type: body.type }, settings.templates, body.language);
      if (body.text) context.template = body.text;
      const mail: RenderedMail = await composer.render(context);
      // A browser cannot resolve cid: references: the preview carries the QR code itself.
      const qr = mail.attachments.find((a) => a.cid);
      const html = qr
        ? mail.html.replaceAll(
            `cid:${qr.cid}`,
            `data:${qr.contentType};base64,${qr.content.toString('base64')}`,
          )
        : mail.html;
      return { subject: mail.subject, html, text: mail.text, example_guest: guest.id === EXAMPLE_GUEST_ID };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

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
