import type { FormField } from '@meetflow/shared/forms/form-definition';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { type AdminGuest } from '@meetflow/shared/schemas/guests';
import { type MeetingType } from '@meetflow/shared/schemas/meetings';
import { attendanceStatus } from '../../core/attendance-status.ts';
import { answerTexts } from './guest-answers.ts';
import { guestDisplayName } from './guest-format.ts';
import type { GuestListRow } from './guest-list.repository.ts';
import { parseAnswers } from './registration-form.ts';

const GENDERS = new Set(['male', 'female']);

/**
 * `today`: the start of the local day, which the attendance status depends on; `fields`: the
 * meeting's own fields (the answers' texts, in `lang`).
 */
export function toAdminGuest(
  row: GuestListRow,
  meetingType: MeetingType,
  lang: Language,
  today: number,
  fields: readonly FormField[],
): AdminGuest {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    meeting_type: meetingType,
    guest_code: row.guest_code,
    display_name: guestDisplayName(row),
    area_code: row.area_code,
    phone: row.phone,
    email: row.email,
    name: row.name,
    gender: row.gender !== null && GENDERS.has(row.gender) ? (row.gender as 'male' | 'female') : null,
    local_guest: row.local_guest === null ? null : row.local_guest === 1,
    institution: row.institution,
    job_title: row.job_title,
    contact_name: row.contact_name,
    contact_number: row.contact_number,
    contact_phone: row.contact_phone,
    name_zh: row.name_zh,
    name_en: row.name_en,
    organization: row.organization,
    user_type_id: row.user_type_id,
    user_type_name: nameIn(lang, row.ut_name, row.ut_name_cn, row.ut_name_en),
    license_number: row.license_number,
    other: row.other,
    academy_member: row.academy_member === 1,
    college_category_id: row.college_category_id,
    college_category_name: nameIn(lang, row.cc_name, row.cc_name_cn, row.cc_name_en),
    status: attendanceStatus(row, today),
    first_in_at: row.first_in_at,
    last_in_at: row.last_in_at,
    last_out_at: row.last_out_at,
    created_at: Number(row.created_at),
    certificate: null,
    answer_texts: fields.length === 0 ? {} : answerTexts(fields, parseAnswers(row.answers), lang),
    ...('walk_in' in row ? { walk_in: row.walk_in === 1, over_capacity: row.over_capacity === 1 } : {}),
  };
}
