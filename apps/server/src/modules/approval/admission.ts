import type { AdmissionSettings, AdmissionSettingsBody } from '@meetflow/shared/schemas/approval';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { approvalUserTypeIds, userTypeNames } from '../dictionary/dictionary.reads.ts';
import { setApprovalUserTypes } from '../dictionary/dictionary.writes.ts';
import { admissionOf } from '../meetings/meetings.reads.ts';
import { setAdmission } from '../meetings/meetings.writes.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { countPending } from './applications.repository.ts';
import type { ApprovalDeps } from './approval-deps.ts';

/**
 * A meeting's admission settings (issue 45): approval (none, all, or the registration types marked),
 * whether a waiting sign-up holds its seat, the days after a rejection that the applicant's data is
 * kept, and the largest group booking (stored here for the group bookings).
 */
export function createAdmissionSettings(deps: ApprovalDeps) {
  const { db } = deps;

  async function settingsOf(meeting: VisibleMeeting): Promise<AdmissionSettings> {
    const row = await admissionOf(db, meeting.id);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      approval: row.approval,
      approval_holds_seat: row.approval_holds_seat === 1,
      approval_user_type_ids: await approvalUserTypeIds(db, meeting.id),
      reject_erase_days: row.reject_erase_days,
      group_max: row.group_max,
      pending_count: await countPending(db, meeting.id),
    };
  }

  return {
    async get(user: AuthUser, meetingId: number): Promise<AdmissionSettings> {
      return settingsOf(await visibleMeeting(db, user, meetingId));
    },

    async save(actor: Actor, meetingId: number, body: AdmissionSettingsBody): Promise<AdmissionSettings> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const typeIds = [...new Set(body.approval_user_type_ids ?? [])].sort((a, b) => a - b);
      if (typeIds.length > 0) {
        const own = new Set((await userTypeNames(db, meeting.id)).map((t) => t.id));
        if (typeIds.some((id) => !own.has(id))) throw new AppError('APPROVAL_USER_TYPE_UNKNOWN');
      }
      // Approval of a paid meeting opens its order only once approved: not offered yet.
      const row = await admissionOf(db, meeting.id);
      if (body.approval !== 'none' && row?.currency != null) throw new AppError('APPROVAL_PAID_MEETING');
      const before = await settingsOf(meeting);
      await db.transaction().execute(async (trx) => {
        const saved = await setAdmission(trx, meeting.id, {
          approval: body.approval,
          approval_holds_seat: body.approval_holds_seat ? 1 : 0,
          reject_erase_days: body.reject_erase_days,
          group_max: body.group_max,
        });
        if (!saved) throw new AppError('NOT_FOUND');
        // Again under the meeting row's lock (taken by the UPDATE above): a currency saved meanwhile
        // is seen here, and a currency saved after waits for this and sees the approval.
        if (body.approval !== 'none' && (await admissionOf(trx, meeting.id))?.currency != null) {
          throw new AppError('APPROVAL_PAID_MEETING');
        }
        await setApprovalUserTypes(trx, meeting.id, typeIds);
      });
      const { pending_count: _before, ...was } = before;
      const after = {
        approval: body.approval,
        approval_holds_seat: body.approval_holds_seat,
        approval_user_type_ids: typeIds,
        reject_erase_days: body.reject_erase_days,
        group_max: body.group_max,
      };
      const changes = fieldChanges(
        { ...was, approval_user_type_ids: was.approval_user_type_ids.join(', ') },
        { ...after, approval_user_type_ids: typeIds.join(', ') },
      );
      await deps.systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'approval.settings_updated',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            changes: changes.length > 0 ? changes.map((c) => c.field).join(', ') : '-',
          },
        },
        username: actor.user.auditName,
        ip: actor.ip,
        changes,
      });
      return settingsOf(meeting);
    },
  };
}
