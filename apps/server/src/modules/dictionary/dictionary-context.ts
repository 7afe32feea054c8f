import { z } from 'zod';
import type { FieldMessageKey } from '@meetflow/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate } from '../../lib/local-time.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { assertOrganizationVisible } from '../organizations/organization-scope.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { findLiveMeeting, type LiveMeeting } from './schedules.repository.ts';

export interface DictionaryDeps {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
}

/** Who asks and from where: every mutation names both in the system log. */
export interface Actor {
  user: AuthUser;
  ip: string;
}

/** Path ids: positive and within PostgreSQL's integer range (a larger one would be a 500 there). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const meetingParams = z.object({ meetingId: z.coerce.number().int().positive().max(2_147_483_647) });

export function createAuditor(systemLog: SystemLog) {
  return (actor: Actor, action: 'create' | 'update' | 'delete', content: string) =>
    systemLog.record({ action, source: 'admin', content, username: actor.user.account, ip: actor.ip });
}
export type Auditor = ReturnType<typeof createAuditor>;

/**
 * The meeting if it exists, is not soft-deleted and lies in the user's organisation subtree;
 * 404 otherwise, so that another organiser's meetings are not even confirmed to exist.
 */
export async function visibleMeeting(db: Db, user: AuthUser, meetingId: number): Promise<LiveMeeting> {
  const meeting = await findLiveMeeting(db, meetingId);
  if (!meeting) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(db, user, meeting.organization_id);
  return meeting;
}

/** A 400 with a message on one field, in the shape forms show beside the field. */
export function fieldError(field: string, key: FieldMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', { data: { fields: { [field]: key } } });
}

/**
 * Whether a YYYY-MM-DD day lies within the meeting's local days (inclusive); strings compare in date
 * order. A meeting's dates are the days (in TIME_ZONE) its start and end fall on.
 */
export function dateWithinMeeting(date: string, meeting: { start_at: number; end_at: number }): boolean {
  return date >= localDate(meeting.start_at) && date <= localDate(meeting.end_at);
}
