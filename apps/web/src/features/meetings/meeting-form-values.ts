import type { Dayjs } from 'dayjs';
import type { Meeting, MeetingBody, MeetingType } from '@meetflow/shared/schemas/meetings';
import { fieldErrors } from '../../lib/field-errors.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { offerFields, offerHoursOf, type OfferMode } from './meeting-waitlist.ts';

export interface MeetingFormValues {
  organization_id?: number;
  name: string;
  name_cn: string;
  name_en: string;
  location: string;
  location_cn: string;
  location_en: string;
  time?: [Dayjs, Dayjs];
  registration_limit: number;
  registration_deadline?: Dayjs | null;
  multi_language: boolean;
  signup_enabled: boolean;
  meeting_type?: MeetingType;
  banner_file_id?: string | null;
  schedule_file_id?: string | null;
  guide_file_id?: string | null;
  waitlist_enabled: boolean;
  waitlist_max: number;
  waitlist_offer: OfferMode;
  /** Kept while 'automatic' is chosen, so switching back to offers shows the hours again. */
  waitlist_offer_hours: number;
}

const FORM_FIELDS = [
  'organization_id',
  'name',
  'name_cn',
  'name_en',
  'location',
  'location_cn',
  'location_en',
  'time',
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
] as const;

export function initialValues(meeting: Meeting | null): MeetingFormValues {
  if (!meeting) {
    return {
      name: '',
      name_cn: '',
      name_en: '',
      location: '',
      location_cn: '',
      location_en: '',
      registration_limit: 0,
      registration_deadline: null,
      multi_language: true,
      signup_enabled: true,
      meeting_type: 'general',
      banner_file_id: null,
      schedule_file_id: null,
      guide_file_id: null,
      waitlist_enabled: false,
      waitlist_max: 0,
      ...offerFields(0),
    };
  }
  return {
    organization_id: meeting.organization_id,
    name: meeting.name,
    name_cn: meeting.name_cn,
    name_en: meeting.name_en,
    location: meeting.location,
    location_cn: meeting.location_cn,
    location_en: meeting.location_en,
    time: [dayjs(meeting.start_at), dayjs(meeting.end_at)],
    registration_limit: meeting.registration_limit,
    registration_deadline:
      meeting.registration_deadline === null ? null : dayjs(meeting.registration_deadline),
    multi_language: meeting.multi_language,
    signup_enabled: meeting.signup_enabled,
    meeting_type: meeting.meeting_type,
    banner_file_id: meeting.banner_file_id,
    schedule_file_id: meeting.schedule_file_id,
    guide_file_id: meeting.guide_file_id,
    waitlist_enabled: meeting.waitlist_enabled,
    waitlist_max: meeting.waitlist_max,
    ...offerFields(meeting.waitlist_offer_hours),
  };
}

export function toBody(values: MeetingFormValues): MeetingBody {
  return {
    organization_id: values.organization_id as number,
    name: values.name,
    name_cn: values.name_cn,
    name_en: values.name_en,
    location: values.location ?? '',
    location_cn: values.location_cn ?? '',
    location_en: values.location_en ?? '',
    start_at: values.time?.[0]?.valueOf() as number,
    end_at: values.time?.[1]?.valueOf() as number,
    registration_limit: values.registration_limit ?? 0,
    registration_deadline: values.registration_deadline ? values.registration_deadline.valueOf() : null,
    multi_language: values.multi_language,
    signup_enabled: values.signup_enabled,
    meeting_type: values.meeting_type as MeetingType,
    banner_file_id: values.banner_file_id ?? '',
    schedule_file_id: values.schedule_file_id ?? null,
    guide_file_id: values.guide_file_id ?? null,
    waitlist_enabled: values.waitlist_enabled,
    waitlist_max: values.waitlist_max ?? 0,
    waitlist_offer_hours: offerHoursOf(values.waitlist_offer, values.waitlist_offer_hours),
  };
}

/** The server's field names, mapped onto the form's (the time range is one control). */
export function serverFieldErrors(data: unknown) {
  const fields = (data as { fields?: Record<string, string> } | null)?.fields;
  if (!fields) return [];
  const merged: Record<string, string> = { ...fields };
  const time = fields.start_at ?? fields.end_at;
  if (time) merged.time = time;
  return fieldErrors({ fields: merged }, FORM_FIELDS);
}
