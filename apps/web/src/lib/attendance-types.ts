/*
 * Shapes of the attendance API, inferred from the shared zod schemas (one definition for both sides).
 * Kept as one module so that the pages (attendance, guests, sessions) do not care where they come from.
 */
export type {
  AttendanceRecord,
  AttendanceStats,
  AttendanceStatus,
  MeetingDashboard,
  RecordPage,
  RecordQuery,
  ScanAnswer,
  ScanGuest,
  ScanOutcome,
  ScanRequest,
  ScanType,
} from '@meetflow/shared/schemas/attendance';

import type { AttendanceStatus } from '@meetflow/shared/schemas/attendance';

/** The tag colour of an attendance status (guest list, guest detail, a session's enrolled guests). */
export function statusColor(status: AttendanceStatus): string {
  return status === 'checked_in' ? 'green' : status === 'left' ? 'blue' : 'default';
}
