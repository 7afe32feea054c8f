import {
  DEFAULT_PRIVACY_NOTICE,
  DEFAULT_RETENTION_DAYS,
  RETENTION_NOTICE_DAYS,
  resolvePrivacyNotice,
  type GuestPersonalData,
  type PrivacySettings,
  type PrivacySettingsBody,
  type PurgeResult,
  type FieldChange,
} from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditFields } from '../../lib/audit-fields.ts';
import { localDate } from '../../lib/local-time.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { GuestsService } from '../guests/guest-admin.service.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import { storedNotice } from './consent.ts';
import { createPurger, type AuditActor, type PurgeDeps } from './privacy-purge.ts';
import * as repo from './privacy.repository.ts';

/** How often (at most) an instance looks for purges and notices that have come due. */
const RETENTION_SCAN_MS = 60_000;

/** A visitor known by their guest token, and their meeting. */
export interface VisitorLookup {
  authenticated(
    token: string | undefined,
  ): Promise<{ guest: { id: number; meeting_id: number }; meeting: { id: number; name: string } }>;
}

export interface PrivacyDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  notifications: Pick<NotificationsService, 'retentionDue'>;
  guests: Pick<GuestsService, 'findVisible' | 'cancel'>;
  /** Who holds a guest token (the registration module answers it; declared here, as privacy is below it). */
  visitorGuests: VisitorLookup;
  /** Audit entries older than this many days are removed (0: kept for ever). */
  logRetentionDays: number;
  /** After an erasure: older page versions out of SQLite's WAL (database.ts truncateWalAfterErasure). */
  truncateWal: PurgeDeps['truncateWal'];
  log: PurgeDeps['log'];
}

/**
 * Personal data over its whole life (issue 20): the privacy notice and consent settings, the
 * retention clock with its notice a week ahead and its purge (a durable job, once, on one
 * instance), "purge now", a guest's own copy of their data, and withdrawal. The erasure itself is
 * the repository's `eraseGuests`, the one shredder for all of these.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, clock, systemLog, jobs } = deps;

  async function record(
    actor: AuditActor,
    action: 'update' | 'delete' | 'export',
    message: LogMessage,
    trx: Db = db,
    changes?: FieldChange[],
  ) {
    await systemLog.record(
      {
        action,
        source: actor.kind,
        message,
        username: actor.kind === 'admin' ? actor.username : null,
        ip: actor.kind === 'system' ? null : actor.ip,
        changes,
      },
      trx,
    );
  }

  const purger = createPurger({ ...deps, record });

  async function settingsOf(meeting: repo.MeetingPrivacyRow): Promise<PrivacySettings> {
    return {
      meeting_id: meeting.id,
      notice_enabled: meeting.privacy_notice_enabled === 1,
      notice: storedNotice(meeting.privacy_notice),
      default_notice: DEFAULT_PRIVACY_NOTICE,
      notice_version: meeting.privacy_notice_version,
      retention_days: meeting.retention_days,
      default_retention_days: DEFAULT_RETENTION_DAYS,
      meeting_end_at: meeting.end_at,
      purge_at: repo.purgeAt(meeting),
      notified_at: meeting.retention_notified_at,
      purged_at: meeting.purged_at,
      guests_held: await repo.countGuestsHeld(db, meeting.id),
    };
  }

  async function visiblePrivacy(user: AuthUser, meetingId: number) {
    await visibleMeeting(db, user, meetingId);
    const meeting = await repo.findMeetingPrivacy(db, meetingId);
    if (!meeting) throw new AppError('NOT_FOUND');
    return meeting;
  }

  /**
   * Each runner pass (at most once a minute per instance): what requests in flight wrote into a
   * meeting just after its purge is erased (privacy-purge.ts); organisers of meetings whose purge is a
   * week away are told, once (a conditional update marks it); purges that have come due become
   * `privacy.purge` jobs, keyed by meeting and date so that any number of instances add one; and
   * audit entries past their own retention are removed.
   */
  let lastScan = Number.NEGATIVE_INFINITY;
  async function scan(): Promise<void> {
    const now = clock();
    if (now - lastScan < RETENTION_SCAN_MS) return;
    lastScan = now;
    await purger.onPass(now);
    for (const meeting of await repo.dueNotices(db, now, RETENTION_NOTICE_DAYS * repo.DAY_MS)) {
      const date = localDate(repo.purgeAt(meeting));
      await db.transaction().execute(async (trx) => {
        if (!(await repo.claimNotice(trx, meeting.id, now))) return;
        await deps.notifications.retentionDue(meeting, date, trx);
        await record(
          { kind: 'system' },
          'update',
          {
            key: 'privacy.retention_notice',
            params: { meeting_id: meeting.id, meeting_name: meeting.name, date },
          },
          trx,
        );
      });
    }
    const due = await repo.duePurges(db, now);
    if (due.length > 0) {
      await db.transaction().execute(async (trx) => {
        for (const { id, purge_at: at } of due) {
          await jobs.enqueue(trx, {
            kind: 'privacy.purge',
            // One a day per meeting and date: a purge whose job failed for good is tried again the next day.
            key: `privacy.purge:${id}:${at}:${localDate(now)}`,
            payload: { meeting_id: id },
            meetingId: id,
          });
        }
      });
    }
    if (deps.logRetentionDays > 0) {
      const count = await systemLog.pruneBefore(now - deps.logRetentionDays * repo.DAY_MS);
      if (count > 0) {
        await record({ kind: 'system' }, 'delete', {
          key: 'privacy.logs_pruned',
          params: { count, days: deps.logRetentionDays },
        });
      }
    }
  }

  async function personalData(guestId: number): Promise<GuestPersonalData> {
    const guest = await repo.findGuestData(db, guestId);
    if (!guest) throw new AppError('NOT_FOUND');
    const meeting = await repo.findMeetingPrivacy(db, guest.meeting_id);
    if (!meeting) throw new AppError('NOT_FOUND');
    const [sessions, scans, certificates, places, messages, notice] = await Promise.all([
      repo.listGuestSessions(db, guestId),
      repo.listGuestScans(db, guestId),
      repo.listGuestCertificates(db, guestId),
      repo.listGuestPlaces(db, guestId),
      jobs.listGuestJobs(guestId, ['mail']),
      guest.consent_version === null
        ? undefined
        : repo.findNoticeVersion(db, guest.meeting_id, guest.consent_version),
    ]);
    const names = (n: { name: string | null; name_cn: string | null; name_en: string | null }) =>
      n.name === null ? null : { name: n.name, name_cn: n.name_cn ?? '', name_en: n.name_en ?? '' };
    return {
      generated_at: clock(),
      meeting: {
        public_id: meeting.public_id,
        name: meeting.name,
        name_cn: meeting.name_cn,
        name_en: meeting.name_en,
        start_at: meeting.start_at,
        end_at: meeting.end_at,
        purge_at: repo.purgeAt(meeting),
      },
      guest: {
        guest_code: guest.guest_code,
        signed_up_at: guest.created_at,
        cancelled_at: guest.cancelled_at,
        language: guest.language,
        area_code: guest.area_code,
        phone: guest.phone,
        email: guest.email,
        name: guest.name,
        name_zh: guest.name_zh,
        name_en: guest.name_en,
        gender: guest.gender,
        local_guest: guest.local_guest === null ? null : guest.local_guest === 1,
        institution: guest.institution,
        job_title: guest.job_title,
        organization: guest.organization,
        license_number: guest.license_number,
        other: guest.other,
        contact_name: guest.contact_name,
        contact_number: guest.contact_number,
        contact_phone: guest.contact_phone,
        academy_member: guest.academy_member === 1,
        user_type: names({
          name: guest.user_type_name,
          name_cn: guest.user_type_name_cn,
          name_en: guest.user_type_name_en,
        }),
        college_category: names({
          name: guest.category_name,
          name_cn: guest.category_name_cn,
          name_en: guest.category_name_en,
        }),
        broadcast_opt_out: guest.broadcast_opt_out === 1,
      },
      consent:
        guest.consent_version === null || guest.consent_at === null
          ? null
          : {
              version: guest.consent_version,
              given_at: guest.consent_at,
              text: resolvePrivacyNotice(notice ? (JSON.parse(notice.texts) as Record<string, string>) : {}),
            },
      sessions: sessions.map((s) => ({
        id: s.id,
        name: s.name,
        name_cn: s.name_cn,
        name_en: s.name_en,
        date: s.date,
        enrolled_at: s.created_at,
      })),
      scans: scans.map((c) => ({
        type: c.type,
        at: c.created_at,
        session: c.scope_id === 0 ? null : names(c),
        station: c.station,
      })),
      certificates: certificates.map((c) => ({ ...c, credits: Number(c.credits) })),
      waiting_lists: places.map((p) => ({
        session: p.scope_id === 0 ? null : names(p),
        status: p.status,
        joined_at: p.created_at,
      })),
      // Oldest first (the jobs service lists a guest's newest first).
      messages: [...messages].reverse().map((m) => ({
        type: messageType(m.payload, m.kind),
        status: m.status,
        queued_at: m.created_at,
        sent_at: m.status === 'done' ? m.finished_at : null,
      })),
    };
  }

  const service = {
    async settings(user: AuthUser, meetingId: number): Promise<PrivacySettings> {
      return settingsOf(await visiblePrivacy(user, meetingId));
    },

    /**
     * Saves the notice and retention. A changed notice (as shown, defaults filled in) is a new
     * version, kept, so each guest's consent names the words they saw; a changed retention is told
     * to the organisers again a week before its new date.
     */
    async updateSettings(
      user: AuthUser,
      meetingId: number,
      body: PrivacySettingsBody & { notice: Required<PrivacySettingsBody['notice']> },
      ip: string,
    ): Promise<PrivacySettings> {
      const before = await visiblePrivacy(user, meetingId);
      const now = clock();
      // A period whose date has passed erases on the next pass: the typed name, as for "purge now".
      const erasesAtOnce =
        before.purged_at === null &&
        body.retention_days !== before.retention_days &&
        repo.purgeAt({ ...before, retention_days: body.retention_days }) <= now;
      if (erasesAtOnce && body.confirm?.trim() !== before.name.trim()) {
        throw fieldError('confirm', 'purgeConfirmMismatch');
      }
      const shown = JSON.stringify(resolvePrivacyNotice(body.notice));
      await db
        .transaction()
        .execute(async (trx) => {
          const latest =
            before.privacy_notice_version > 0
              ? await repo.findNoticeVersion(trx, meetingId, before.privacy_notice_version)
              : undefined;
          const newVersion = body.notice_enabled && latest?.texts !== shown;
          const version = before.privacy_notice_version + (newVersion ? 1 : 0);
          if (newVersion) {
            await repo.insertNoticeVersion(trx, {
              meeting_id: meetingId,
              version,
              texts: shown,
              created_at: now,
            });
          }
          const values = {
            privacy_notice_enabled: body.notice_enabled ? 1 : 0,
            privacy_notice: JSON.stringify(body.notice),
            privacy_notice_version: version,
            retention_days: body.retention_days,
            retention_notified_at:
              body.retention_days === before.retention_days ? before.retention_notified_at : null,
          };
          await repo.updatePrivacy(trx, meetingId, { ...values, updated_at: now });
          await record(
            { kind: 'admin', username: user.auditName, ip },
            'update',
            { key: 'privacy.settings_updated', params: { meeting_id: meetingId, meeting_name: before.name } },
            trx,
            // The notice by language ('privacy_notice.en'), so a change names the text that changed.
            fieldChanges(
              auditFields({ ...before, privacy_notice: storedNotice(before.privacy_notice) }),
              auditFields({ ...values, privacy_notice: body.notice }),
              { ignore: ['retention_notified_at'] },
            ),
          );
        })
        .catch((error: unknown) => {
          // Two saves at once both made the next version: the later one is told to reload.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT');
          throw error;
        });
      return service.settings(user, meetingId);
    },

    /** "Purge now" (typed confirmation): a meeting that has ended; the same erasure as the retention's. */
    async purgeNow(user: AuthUser, meetingId: number, confirm: string, ip: string): Promise<PurgeResult> {
      const meeting = await visiblePrivacy(user, meetingId);
      if (confirm.trim() !== meeting.name.trim()) throw fieldError('confirm', 'purgeConfirmMismatch');
      if (meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      if (meeting.end_at > clock()) throw new AppError('MEETING_NOT_OVER');
      const result = await purger.purge(meetingId, { kind: 'admin', username: user.auditName, ip });
      if (!result) throw new AppError('PERSONAL_DATA_PURGED');
      return result;
    },

    /** What the visitor's guest page downloads: everything held about them, audited. */
    async visitorData(token: string | undefined, ip: string): Promise<GuestPersonalData> {
      const { guest } = await deps.visitorGuests.authenticated(token);
      const data = await personalData(guest.id);
      await record({ kind: 'public', ip }, 'export', {
        key: 'privacy.data_downloaded',
        params: { meeting_id: guest.meeting_id, guest_id: guest.id },
      });
      return data;
    },

    /** The same copy for the back office, on the guest's request. */
    async guestData(user: AuthUser, guestId: number, ip: string): Promise<GuestPersonalData> {
      const guest = await deps.guests.findVisible(user, guestId);
      const data = await personalData(guest.id);
      await record({ kind: 'admin', username: user.auditName, ip }, 'export', {
        key: 'privacy.data_downloaded',
        params: { meeting_id: guest.meeting_id, guest_id: guest.id },
      });
      return data;
    },

    /**
     * A visitor withdraws their sign-up: the guest is cancelled (seats freed and handed to the
     * waiting lists) and their personal data erased, in one transaction.
     */
    async withdrawVisitor(token: string | undefined, ip: string): Promise<void> {
      const { guest, meeting } = await deps.visitorGuests.authenticated(token);
      await withdraw(guest.id, meeting, 'guest', { kind: 'public', ip });
    },

    /** The back office withdraws a guest on their request: the same, audited under the user. */
    async withdrawGuest(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const guest = await deps.guests.findVisible(user, guestId);
      await withdraw(guest.id, { id: guest.meeting_id, name: guest.meeting_name }, user.auditName, {
        kind: 'admin',
        username: user.auditName,
        ip,
      });
    },

    /** Registers the purge job and the pass that finds due notices and purges. */
    /** Stops the WAL truncation in flight from retrying and waits for it (at the app's close). */
    close: () => purger.close(),

    register(): void {
      jobs.handle('privacy.purge', purger.runPurgeJob);
      jobs.onPass(scan);
    },

    /** One look for due notices, purges and old audit entries now (tests; the runner calls it each pass). */
    scan: () => {
      lastScan = Number.NEGATIVE_INFINITY;
      return scan();
    },
  };

  async function withdraw(
    guestId: number,
    meeting: { id: number; name: string },
    by: string,
    actor: AuditActor,
  ) {
    await deps.guests.cancel(guestId, by, async (trx) => {
      await repo.eraseGuests(trx, meeting.id, clock(), guestId);
      await record(
        actor,
        'delete',
        {
          key: 'privacy.withdrawn',
          params: { meeting_id: meeting.id, meeting_name: meeting.name, guest_id: guestId },
        },
        trx,
      );
    });
    purger.eraseAtRest(); // in the background: the answer does not wait for the checkpoint
  }

  return service;
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** The kind of message a mail job sends ('confirmation', 'reminder', …), never its contents. */
function messageType(payload: string, kind: string): string {
  try {
    const value = JSON.parse(payload) as { type?: unknown };
    return typeof value.type === 'string' ? value.type : kind;
  } catch {
    return kind;
  }
}
