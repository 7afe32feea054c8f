import type { Language } from '@meetflow/shared/languages';
import type { AdminGuest } from '@meetflow/shared/schemas/guests';
import type { SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import { guestSignedUp } from '../webhooks/webhooks.service.ts';
import { adminGuest, announceFilled, phoneTaken, type GuestLog } from './guest-admin-common.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import { backOfficeFields } from './guest-answers.ts';
import { maskPhone } from './guest-format.ts';
import {
  assertMeetingType,
  checkAnswers,
  checkScheduleChoice,
  formFieldsOf,
  guestFormValues,
  insertGuestTakingSeats,
  parseAnswers,
  requirePhone,
} from './guest-rules.ts';
import type * as seats from './guest-seats.repository.ts';

/**
 * A guest added by an organiser: the sign-up's rules and seat counting (the meeting's capacity
 * and each session's), without the sign-up window, which is for visitors, and with the answers to
 * the meeting's own fields checked as a sign-up's (those asked at the door may wait for the door).
 * The guest gets no token here; code retrieval on the check-in page issues one.
 */
export async function addGuest(
  deps: GuestsDeps,
  log: GuestLog,
  user: AuthUser,
  meetingId: number,
  body: SignUpInput,
  ip: string,
  lang: Language,
): Promise<AdminGuest> {
  const { db } = deps;
  const meeting = await visibleMeeting(db, user, meetingId);
  // Its guests' data was erased: new personal data would outlive the purge.
  if (meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
  assertMeetingType(body, meeting.meeting_type);
  const phone = requirePhone(body.area_code, body.phone);
  const scheduleIds =
    body.meeting_type === 'date_schedule' ? (await checkScheduleChoice(db, meeting, body)).chosen : [];
  const fields = await formFieldsOf(db, meeting.id);
  const answers = checkAnswers(
    backOfficeFields(fields),
    body.answers,
    { userTypeId: body.meeting_type === 'date_schedule' ? body.user_type_id : null },
    lang,
  );
  const now = deps.clock();
  const filled: seats.FilledSeats = { meeting: false, sessions: [] };
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const values: Insertable<Database['guests']> = {
        ...guestFormValues(body, phone),
        answers,
        meeting_id: meeting.id,
        guest_code: newGuestCode(),
        token_hash: sha256(randomToken(32)),
        created_at: now,
      };
      const inserted = await insertGuestTakingSeats(trx, values, scheduleIds, now, filled);
      await deps.webhooks.emit(
        trx,
        guestSignedUp(meeting.id, inserted.id, 'back_office', scheduleIds, {
          answers: parseAnswers(values.answers),
        }),
      );
      return inserted.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
  deps.onSignupsChanged?.(meeting.id);
  await announceFilled(deps, meeting, filled);
  await log(user, ip, 'create', {
    key: 'guest.added',
    params: {
      id,
      meeting_id: meeting.id,
      meeting_name: meeting.name,
      phone: maskPhone(body.area_code, phone),
    },
  });
  return adminGuest(deps, meeting.id, meeting.meeting_type, id, lang, fields);
}
