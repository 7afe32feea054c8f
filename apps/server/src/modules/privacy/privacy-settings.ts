import {
  DEFAULT_PRIVACY_NOTICE,
  DEFAULT_RETENTION_DAYS,
  resolvePrivacyNotice,
  type PrivacySettings,
  type PrivacySettingsBody,
  type PurgeResult,
} from '@meetflow/shared/schemas/privacy';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditFields } from '../../lib/audit-fields.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { storedNotice } from './consent.ts';
import type { PrivacyRecord } from './privacy-audit.ts';
import type { createPurger } from './privacy-purge.ts';
import * as repo from './privacy.repository.ts';
import type { PrivacyDeps } from './privacy.service.ts';

type SettingsDeps = Pick<PrivacyDeps, 'db' | 'clock'>;
type SettingsBody = PrivacySettingsBody & { notice: Required<PrivacySettingsBody['notice']> };

/** A meeting's privacy settings (notice and retention) and "purge now", for its organisers. */
export function createPrivacySettings(
  deps: SettingsDeps,
  record: PrivacyRecord,
  purger: Pick<ReturnType<typeof createPurger>, 'purge'>,
) {
  const { db, clock } = deps;

  async function visiblePrivacy(user: AuthUser, meetingId: number) {
    await visibleMeeting(db, user, meetingId);
    const meeting = await repo.findMeetingPrivacy(db, meetingId);
    if (!meeting) throw new AppError('NOT_FOUND');
    return meeting;
  }

  async function settings(user: AuthUser, meetingId: number): Promise<PrivacySettings> {
    return settingsOf(db, await visiblePrivacy(user, meetingId));
  }

  return {
    settings,

    /**
     * Saves the notice and retention. A changed notice (as shown, defaults filled in) is a new
     * version, kept, so each guest's consent names the words they saw; a changed retention is told
     * to the organisers again a week before its new date.
     */
    async updateSettings(
      user: AuthUser,
      meetingId: number,
      body: SettingsBody,
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
      await db
        .transaction()
        .execute((trx) => saveSettings(trx, record, before, body, now, { user, ip }))
        .catch((error: unknown) => {
          // Two saves at once both made the next version: the later one is told to reload.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT');
          throw error;
        });
      return settings(user, meetingId);
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
  };
}

async function settingsOf(db: Db, meeting: repo.MeetingPrivacyRow): Promise<PrivacySettings> {
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

/** The new settings, a new notice version when the words as shown changed, and the audit entry. */
async function saveSettings(
  trx: Db,
  record: PrivacyRecord,
  before: repo.MeetingPrivacyRow,
  body: SettingsBody,
  now: number,
  by: { user: AuthUser; ip: string },
) {
  const meetingId = before.id;
  const shown = JSON.stringify(resolvePrivacyNotice(body.notice));
  const latest =
    before.privacy_notice_version > 0
      ? await repo.findNoticeVersion(trx, meetingId, before.privacy_notice_version)
      : undefined;
  const newVersion = body.notice_enabled && latest?.texts !== shown;
  const version = before.privacy_notice_version + (newVersion ? 1 : 0);
  if (newVersion) {
    await repo.insertNoticeVersion(trx, { meeting_id: meetingId, version, texts: shown, created_at: now });
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
    { kind: 'admin', username: by.user.auditName, ip: by.ip },
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
}
