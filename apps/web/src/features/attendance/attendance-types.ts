/*
 * Shapes of the attendance API, inferred from the shared zod schemas (one definition for both sides).
 * Kept as one module so that the rest of the feature does not care where they come from.
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
