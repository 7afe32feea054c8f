/*
 * Shapes of the attendance API as this client reads them. Kept in one file so that the rest of the
 * feature does not care where they come from.
 */

export type ScanType = 'in' | 'out';
export type ScanOutcome = 'success' | 'duplicate' | 'refused';

export interface ScanGuest {
  id: number;
  name: string;
  /** Registration type (date-schedule meetings) in the request's language, or null. */
  user_type_name: string | null;
}

export interface ScanAnswer {
  result: ScanOutcome;
  /** The direction recorded (or that would have been). */
  type: ScanType | null;
  guest: ScanGuest | null;
  /** Why a scan was refused, in the request's language. */
  reason: string | null;
  /** For a duplicate: when the guest was recorded the previous time (ms). */
  previous_at: number | null;
  at: number;
}

export interface ScanRequest {
  meeting_id: number;
  schedule_id: number | null;
  guest_code: string;
  direction: 'in' | 'out' | 'auto';
  station: string;
  nonce: string;
}

export interface AttendanceStats {
  signed_up: number;
  checked_in_today: number;
  inside: number;
  left: number;
}

export type AttendanceStatus = 'checked_in' | 'not_checked_in' | 'left';

export interface AttendanceRecord {
  id: number;
  guest_id: number;
  guest_name: string;
  guest_code: string;
  meeting_id: number;
  schedule_id: number | null;
  schedule_name: string | null;
  type: ScanType;
  station: string;
  operator_name: string | null;
  created_at: number;
}

export interface RecordQuery {
  page: number;
  page_size: number;
  meeting_id: number;
  schedule_id?: number;
  type?: ScanType;
  station?: string;
  status?: AttendanceStatus;
  from?: number;
  to?: number;
}

export interface RecordPage {
  items: AttendanceRecord[];
  total: number;
  page: number;
  page_size: number;
}
