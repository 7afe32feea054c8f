import { normalizePhone } from '@meetflow/shared/phone';
import { type SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { fieldError } from '../../lib/app-error.ts';
import { ownerCovers } from '../../core/organization-scope.ts';
import * as repo from './guest-seats.repository.ts';

/*
 * The sign-up form's rules (part of the guest core's write API, exported through guest-rules.ts):
 * the phone, the form's kind, the sessions chosen, and the columns the form writes.
 */

type DateScheduleInput = Extract<SignUpInput, { meeting_type: 'date_schedule' }>;

/** The columns of the sign-up form, as stored. */
export type GuestFormValues = Omit<
  Insertable<Database['guests']>,
  'meeting_id' | 'guest_code' | 'token_hash' | 'created_at'
>;

/** The phone in E.164 for the area code, or a 400 on the phone field. */
export function requirePhone(areaCode: string, phone: string): string {
  const e164 = normalizePhone(areaCode, phone);
  if (!e164) throw fieldError('phone', 'phoneInvalid');
  return e164;
}

/** The body must be the meeting's form (general or date schedule). */
export function assertMeetingType(body: SignUpInput, meetingType: string): void {
  if (body.meeting_type !== meetingType) throw fieldError('meeting_type', 'invalidOption');
}

/**
 * Checks the date-schedule choices against the meeting; answers the chosen sessions in ascending
 * order and every session the registration type allows. `allowedOf` reads a user type's sessions
 * (the visitor face shares one read among the sign-ups that arrive together).
 */
export async function checkScheduleChoice(
  db: Db,
  meeting: { id: number; organization_id: number },
  body: DateScheduleInput,
  allowedOf: (userTypeId: number) => Promise<number[] | undefined> = (userTypeId) =>
    repo.userTypeScheduleIds(db, meeting.id, userTypeId),
): Promise<{ chosen: number[]; allowed: number[] }> {
  const allowed = await allowedOf(body.user_type_id);
  if (!allowed) throw fieldError('user_type_id', 'userTypeNotInMeeting');
  if (body.college_category_id !== null) {
    // Global, or owned by the meeting's organisation or one above it: never another tenant's.
    const category = await repo.findCollegeCategory(db, body.college_category_id);
    if (!category || !(await ownerCovers(db, category.organization_id, meeting.organization_id)))
      throw fieldError('college_category_id', 'collegeCategoryNotInMeeting');
  }
  const allowedSet = new Set(allowed);
  const chosen = [...new Set(body.schedule_ids)].sort((a, b) => a - b);
  if (chosen.some((id) => !allowedSet.has(id))) throw fieldError('schedule_ids', 'scheduleNotForUserType');
  return { chosen, allowed };
}

/** What the form writes to the guest row; `phone` is the normalised E.164 form. */
export function guestFormValues(body: SignUpInput, phone: string): GuestFormValues {
  const common = { area_code: body.area_code, phone, email: body.email };
  return body.meeting_type === 'general'
    ? {
        ...common,
        name: body.name,
        gender: body.gender,
        local_guest: body.local_guest ? 1 : 0,
        institution: body.institution,
        job_title: body.job_title,
        contact_name: body.contact_name,
        contact_number: body.contact_number,
        contact_phone: body.contact_phone,
      }
    : {
        ...common,
        name_zh: body.name_zh,
        name_en: body.name_en,
        organization: body.organization,
        user_type_id: body.user_type_id,
        license_number: body.license_number,
        other: body.other,
        academy_member: body.academy_member ? 1 : 0,
        college_category_id: body.college_category_id,
      };
}
