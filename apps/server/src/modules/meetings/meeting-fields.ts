import { type FieldMessageKey } from '@meetflow/shared/field-messages';
import { FILE_KIND_MIMES } from '@meetflow/shared/schemas/files';
import type { Meeting, MeetingInput } from '@meetflow/shared/schemas/meetings';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditFields, pickFields } from '../../lib/audit-fields.ts';
import { findFileMimes } from '../files/files.service.ts';
import type { MeetingRow, MeetingValues } from './meetings.repository.ts';

/** `checkinCount`: guests checked in to the whole meeting at least once. */
export function toMeeting(row: MeetingRow, checkinCount = 0): Meeting {
  return {
    id: row.id,
    public_id: row.public_id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    name: row.name,
    name_cn: row.name_cn,
    name_en: row.name_en,
    location: row.location,
    location_cn: row.location_cn,
    location_en: row.location_en,
    start_at: row.start_at,
    end_at: row.end_at,
    registration_limit: row.registration_limit,
    registration_deadline: row.registration_deadline,
    multi_language: row.multi_language === 1,
    signup_enabled: row.signup_enabled === 1,
    meeting_type: row.meeting_type,
    banner_file_id: row.banner_file_id,
    schedule_file_id: row.schedule_file_id,
    guide_file_id: row.guide_file_id,
    signup_count: row.registered_count,
    checkin_count: checkinCount,
    waitlist_enabled: row.waitlist_enabled === 1,
    waitlist_max: row.waitlist_max,
    waitlist_offer_hours: row.waitlist_offer_hours,
    waiting_count: row.waiting_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns the meeting form writes: what an audit entry compares, stored row against input. */
export const FORM_FIELDS = [
  'organization_id',
  'name',
  'name_cn',
  'name_en',
  'location',
  'location_cn',
  'location_en',
  'start_at',
  'end_at',
  'registration_limit',
  'registration_deadline',
  'multi_language',
  'signup_enabled',
  'meeting_type',
  'banner_file_id',
  'schedule_file_id',
  'guide_file_id',
  'waitlist_enabled',
  'waitlist_max',
  'waitlist_offer_hours',
] as const satisfies readonly (keyof MeetingValues & keyof MeetingRow)[];

/** The form's fields of a stored meeting, flags as 0/1 like the values written. */
export const storedFields = (row: MeetingRow) => auditFields(pickFields(row, FORM_FIELDS));

export function toValues(body: MeetingInput): MeetingValues {
  return {
    organization_id: body.organization_id,
    name: body.name,
    name_cn: body.name_cn,
    name_en: body.name_en,
    location: body.location,
    location_cn: body.location_cn,
    location_en: body.location_en,
    start_at: body.start_at,
    end_at: body.end_at,
    registration_limit: body.registration_limit,
    registration_deadline: body.registration_deadline,
    multi_language: body.multi_language ? 1 : 0,
    signup_enabled: body.signup_enabled ? 1 : 0,
    meeting_type: body.meeting_type,
    banner_file_id: body.banner_file_id,
    schedule_file_id: body.schedule_file_id,
    guide_file_id: body.guide_file_id,
    waitlist_enabled: body.waitlist_enabled ? 1 : 0,
    waitlist_max: body.waitlist_max,
    waitlist_offer_hours: body.waitlist_offer_hours,
  };
}

/** Each referenced file must exist and be of the right kind: an image banner, PDFs for the others. */
export async function assertFiles(db: Db, body: MeetingInput): Promise<void> {
  const refs = [
    {
      field: 'banner_file_id',
      id: body.banner_file_id,
      mimes: FILE_KIND_MIMES.banner,
      key: 'bannerFileInvalid',
    },
    {
      field: 'schedule_file_id',
      id: body.schedule_file_id,
      mimes: FILE_KIND_MIMES.pdf,
      key: 'pdfFileInvalid',
    },
    { field: 'guide_file_id', id: body.guide_file_id, mimes: FILE_KIND_MIMES.pdf, key: 'pdfFileInvalid' },
  ] as const;
  const mimes = await findFileMimes(
    db,
    refs.flatMap((r) => (r.id ? [r.id] : [])),
  );
  const fields: Record<string, FieldMessageKey> = {};
  for (const ref of refs) {
    if (!ref.id) continue;
    const mime = mimes.get(ref.id);
    if (!mime || !(ref.mimes as readonly string[]).includes(mime)) fields[ref.field] = ref.key;
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { data: { fields } });
}
