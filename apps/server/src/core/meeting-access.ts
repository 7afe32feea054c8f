import { AppError } from '../lib/app-error.ts';
import { findLiveMeeting } from './access.repository.ts';
import type { AuthUser } from './auth-user.ts';
import { assertOrganizationVisible } from './organization-scope.ts';
import type { Db } from '../db/database.ts';

/**
 * A live meeting without the access check, for work already authorised (the live feed recomputes
 * figures of a scope a user was allowed to watch). Undefined once soft-deleted.
 */
export function liveMeeting(db: Db, meetingId: number): Promise<VisibleMeeting | undefined> {
  return findLiveMeeting(db, meetingId);
}

export type VisibleMeeting = NonNullable<Awaited<ReturnType<typeof findLiveMeeting>>>;

/**
 * The one access rule for a meeting: it exists, is not soft-deleted and lies in the user's
 * organisation subtree; 404 otherwise, so that another organiser's meetings are not even confirmed
 * to exist. Every module that acts on a meeting starts here.
 */
export async function visibleMeeting(
  db: Db,
  user: Pick<AuthUser, 'organizationId'>,
  meetingId: number,
): Promise<VisibleMeeting> {
  const meeting = await findLiveMeeting(db, meetingId);
  if (!meeting) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(db, user, meeting.organization_id);
  return meeting;
}
