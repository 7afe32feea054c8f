import {
  DISPLAY_COLOR_FIELDS,
  DISPLAY_TEXT_FIELDS,
  resolveDisplayConfig,
} from '@meetflow/shared/display-text';
import { type MeetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting as accessibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { findDisplayConfig, updateMeetingDisplay } from './meeting-display.repository.ts';

/** The keys whose values differ: the log names them instead of copying texts that may be long. */
export function changedKeys(before: MeetingDisplayConfig, after: MeetingDisplayConfig): string[] {
  const keys: string[] = [];
  if (before.language_order.join() !== after.language_order.join()) keys.push('language_order');
  if (before.default_area_code !== after.default_area_code) keys.push('default_area_code');
  for (const key of [...DISPLAY_COLOR_FIELDS, ...DISPLAY_TEXT_FIELDS]) {
    if (before[key] !== after[key]) keys.push(key);
  }
  return keys;
}

export function createMeetingDisplayService(deps: { db: Db; systemLog: SystemLog }) {
  const { db, systemLog } = deps;

  /** The meeting through core's access rule (404 outside the user's subtree), with its stored config. */
  async function visibleMeeting(
    user: AuthUser,
    meetingId: number,
  ): Promise<VisibleMeeting & { display_config: string }> {
    const meeting = await accessibleMeeting(db, user, meetingId);
    const displayConfig = await findDisplayConfig(db, meetingId);
    if (displayConfig === undefined) throw new AppError('NOT_FOUND');
    return { ...meeting, display_config: displayConfig };
  }

  return {
    /** The stored config merged over the defaults: old or damaged rows still answer a usable config. */
    async get(user: AuthUser, meetingId: number): Promise<MeetingDisplayConfig> {
      return resolveDisplayConfig((await visibleMeeting(user, meetingId)).display_config);
    },

    /** Replaces the whole config (absent texts become "not set"). */
    async update(
      user: AuthUser,
      meetingId: number,
      body: MeetingDisplayConfig,
      ip: string,
    ): Promise<MeetingDisplayConfig> {
      const meeting = await visibleMeeting(user, meetingId);
      const before = resolveDisplayConfig(meeting.display_config);
      // Resolving again drops empty texts, so the stored JSON holds only what is set.
      const next = resolveDisplayConfig(body);
      if (!(await updateMeetingDisplay(db, meetingId, JSON.stringify(next)))) throw new AppError('NOT_FOUND');
      const changed = changedKeys(before, next);
      await systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'meeting_display.updated',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            changes: [
              changed.length
                ? { key: 'meeting_display.changed', params: { fields: changed.join(', ') } }
                : { key: 'change.none' },
            ],
          },
        },
        username: user.auditName,
        ip,
        // Each value that changed, a text set or cleared against null.
        changes: fieldChanges(...alignedAuditFields(before, next)),
      });
      return next;
    },
  };
}
export type MeetingDisplayService = ReturnType<typeof createMeetingDisplayService>;
