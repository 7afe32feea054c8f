import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import type { AdminGuest } from './guests-types.ts';

/** A field of the guest record shown as a list column: its i18n label under guests.fields. */
export interface GuestField {
  key: keyof AdminGuest;
  label: string;
  /** Wide text columns get more room; the rest stay compact. */
  wide?: boolean;
}

const CONTACT: GuestField[] = [
  { key: 'phone', label: 'phone' },
  { key: 'email', label: 'email', wide: true },
];

/**
 * The columns follow what the meeting's sign-up form collects (spec §3): the general form's
 * personal and institution fields, or the date-schedule form's names, type and licence.
 */
export const GUEST_FIELDS: Record<MeetingType, GuestField[]> = {
  general: [
    { key: 'name', label: 'name' },
    { key: 'gender', label: 'gender' },
    { key: 'local_guest', label: 'localGuest' },
    ...CONTACT,
    { key: 'institution', label: 'institution', wide: true },
    { key: 'job_title', label: 'jobTitle' },
    { key: 'contact_name', label: 'contactName' },
    { key: 'contact_number', label: 'contactNumber' },
    { key: 'contact_phone', label: 'contactPhone' },
  ],
  date_schedule: [
    { key: 'name_zh', label: 'nameZh' },
    { key: 'name_en', label: 'nameEn' },
    { key: 'user_type_name', label: 'userType' },
    ...CONTACT,
    { key: 'organization', label: 'organization', wide: true },
    { key: 'license_number', label: 'licenseNumber' },
    { key: 'academy_member', label: 'academyMember' },
    { key: 'college_category_name', label: 'collegeCategory' },
  ],
};
