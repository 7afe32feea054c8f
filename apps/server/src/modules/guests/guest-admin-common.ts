import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import type { AdminGuest } from '@meetflow/shared/schemas/guests';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import type * as seats from './guest-seats.repository.ts';
import { toAdminGuest } from './guest-view.ts';
import { findGuestRow } from './guest-list.repository.ts';
import { formFieldsOf, parseAnswers } from './registration-form.ts';
import * as repo from './guests.repository.ts';

/** What the back office's guest use cases share: access, the guest's view, notices and the audit. */

export function phoneTaken(): AppError {
  return new AppError('GUEST_PHONE_TAKEN', { data: { fields: { phone: 'phoneTaken' } } });
}

/** A live guest of a live meeting inside the user's subtree; 404 otherwise. */
export async function visibleGuest(deps: Pick<GuestsDeps, 'db'>, user: AuthUser, guestId: number) {
  const guest = await repo.findGuestMeeting(deps.db, guestId);
  if (!guest) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(deps.db, user, guest.organization_id);
  return guest;
}

/** One guest as the back office shows them (read back after a change). */
export async function adminGuest(
  deps: Pick<GuestsDeps, 'db' | 'clock'>,
  meetingId: number,
  meetingType: 'general' | 'date_schedule',
  id: number,
  lang: Language,
  knownFields?: readonly FormField[],
): Promise<AdminGuest> {
  return (await readAdminGuest(deps, meetingId, meetingType, id, lang, knownFields)).guest;
}

/** `adminGuest`, with the stored answers and the meeting's own fields it was shown with. */
export async function readAdminGuest(
  deps: Pick<GuestsDeps, 'db' | 'clock'>,
  meetingId: number,
  meetingType: 'general' | 'date_schedule',
  id: number,
  lang: Language,
  knownFields?: readonly FormField[],
): Promise<{ guest: AdminGuest; answers: Answers; fields: readonly FormField[] }> {
  const [row, fields] = await Promise.all([
    findGuestRow(deps.db, meetingId, id),
    knownFields ?? formFieldsOf(deps.db, meetingId),
  ]);
  if (!row) throw new AppError('NOT_FOUND');
  const guest = toAdminGuest(row, meetingType, lang, startOfLocalDay(deps.clock()), fields);
  return { guest, answers: parseAnswers(row.answers), fields };
}

/** After the commit: a guest added here fills a meeting or session as a sign-up would. */
export async function announceFilled(
  deps: Pick<GuestsDeps, 'notifications'>,
  meeting: { id: number; name: string; name_cn: string; name_en: string },
  filled: seats.FilledSeats,
) {
  if (filled.meeting) await deps.notifications?.meetingFilled(meeting);
  for (const session of filled.sessions) await deps.notifications?.sessionFilled(meeting, session);
}

/** The back office's audit entry for a guest. */
export function createGuestLog(deps: Pick<GuestsDeps, 'systemLog'>) {
  return async function log(
    user: AuthUser,
    ip: string,
    action: 'create' | 'update' | 'delete' | 'export',
    message: LogMessage,
    changes?: FieldChange[],
  ) {
    await deps.systemLog.record({ action, source: 'admin', message, username: user.auditName, ip, changes });
  };
}
export type GuestLog = ReturnType<typeof createGuestLog>;
