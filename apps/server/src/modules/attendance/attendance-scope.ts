import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './attendance.repository.ts';
import type { StatsScope } from './stats-keys.ts';

/** A meeting the user may see, and the scope within it (0 = whole meeting, else a session id). */
export interface AttendanceScope extends StatsScope {
  meeting: VisibleMeeting;
  /** Where the sign-up figure comes from: a date-schedule session counts its own enrolments. */
  signupsFrom: 'meeting' | 'schedule';
}

/**
 * The meeting must be live and inside the user's organisation subtree, and the session one of its
 * own; anything else answers 404 (another organiser's meeting is not even confirmed to exist).
 */
export async function resolveScope(
  db: Db,
  user: AuthUser,
  meetingId: number,
  scheduleId: number | null | undefined,
): Promise<AttendanceScope> {
  // The core access rule: one prepared meeting query plus the scope check, as the scan path needs.
  const meeting = await visibleMeeting(db, user, meetingId);
  if (!scheduleId) return { meeting, meetingId, scopeId: 0, signupsFrom: 'meeting' };
  if (!(await repo.findScheduleOfMeeting(db, scheduleId, meetingId))) throw new AppError('NOT_FOUND');
  return {
    meeting,
    meetingId,
    scopeId: scheduleId,
    signupsFrom: meeting.meeting_type === 'date_schedule' ? 'schedule' : 'meeting',
  };
}
