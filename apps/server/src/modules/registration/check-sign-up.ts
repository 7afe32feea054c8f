import type { Language } from '@meetflow/shared/languages';
import type { SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { maskPhone } from '../guests/guest-format.ts';
import {
  assertAnswerFiles,
  assertMeetingType,
  checkAnswers,
  checkScheduleChoice,
  guestFormValues,
  parseFields,
  requirePhone,
} from '../guests/guest-rules.ts';
import { consentColumns } from '../privacy/consent.ts';
import type * as repo from './registration.repository.ts';

/** A sign-up body that passed every check a sign-up makes, ready to become a guest row. */
export interface CheckedSignUp {
  /** The guest row's form columns (no code, token or time yet). */
  values: Omit<Insertable<Database['guests']>, 'meeting_id' | 'guest_code' | 'token_hash' | 'created_at'>;
  /** The sessions chosen, ascending; [] for a general meeting. */
  scheduleIds: number[];
  /** The normalised phone (E.164 digits) and its masked form for the audit entry. */
  phone: string;
  maskedPhone: string;
}

/**
 * The checks of a public sign-up on one body, without writing anything: the form type, the phone
 * for its area code, the privacy consent, the sessions for the registration type, the meeting's own
 * fields and their files. The same functions as the single sign-up (sign-up.ts) calls, for callers
 * that write several sign-ups together (group bookings). The caller has checked the meeting's status.
 */
export async function checkSignUp(
  db: Db,
  meeting: repo.PublicMeetingRow,
  body: SignUpInput,
  language: Language,
  now: number,
): Promise<CheckedSignUp> {
  assertMeetingType(body, meeting.meeting_type);
  const phone = requirePhone(body.area_code, body.phone);
  const consent = consentColumns(meeting, body, now);
  const scheduleIds =
    body.meeting_type === 'date_schedule' ? (await checkScheduleChoice(db, meeting, body)).chosen : [];
  const fields = parseFields(meeting.form_fields ?? undefined);
  const answers = checkAnswers(
    fields,
    body.answers,
    { userTypeId: body.meeting_type === 'date_schedule' ? body.user_type_id : null },
    language,
  );
  await assertAnswerFiles(db, fields, answers, language);
  return {
    values: { ...guestFormValues(body, phone), answers, language, ...consent },
    scheduleIds,
    phone,
    maskedPhone: maskPhone(body.area_code, phone),
  };
}
