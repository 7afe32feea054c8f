/*
 * Shapes of the guest API as this client reads them, in one file so that the rest of the feature
 * does not care where they come from.
 */
import type { MeetingType } from '@meetflow/shared';
import type { AttendanceStatus, ScanType } from '../attendance/attendance-types.ts';

export type { AttendanceStatus };

export const GUEST_SORT_FIELDS = ['created_at', 'name', 'last_in_at'] as const;
export type GuestSortField = (typeof GUEST_SORT_FIELDS)[number];

export interface AdminGuest {
  id: number;
  meeting_id: number;
  meeting_type: MeetingType;
  guest_code: string;
  /** The name to show: name (general) or the Chinese / English names (date schedule). */
  display_name: string;
  area_code: string;
  phone: string;
  email: string;
  name: string;
  gender: 'male' | 'female' | null;
  local_guest: boolean | null;
  institution: string;
  job_title: string;
  contact_name: string;
  contact_number: string;
  contact_phone: string;
  name_zh: string;
  name_en: string;
  organization: string;
  user_type_id: number | null;
  user_type_name: string | null;
  license_number: string;
  other: string;
  academy_member: boolean;
  college_category_id: number | null;
  college_category_name: string | null;
  status: AttendanceStatus;
  first_in_at: number | null;
  last_in_at: number | null;
  last_out_at: number | null;
  created_at: number;
}

export interface GuestPage {
  items: AdminGuest[];
  total: number;
  page: number;
  page_size: number;
}

export interface GuestListQuery {
  page: number;
  page_size: number;
  sort_by: GuestSortField;
  sort_order: 'asc' | 'desc';
  keyword?: string;
  user_type_id?: number;
  status?: AttendanceStatus;
  signed_up_from?: number;
  signed_up_to?: number;
}

export interface GuestEnrolment {
  schedule_id: number;
  schedule_name: string;
  date: string;
  first_in_at: number | null;
  last_in_at: number | null;
  last_out_at: number | null;
}

export interface GuestScan {
  id: number;
  type: ScanType;
  schedule_name: string | null;
  station: string;
  created_at: number;
}

export interface GuestDetail extends AdminGuest {
  enrolments: GuestEnrolment[];
  scans: GuestScan[];
}
