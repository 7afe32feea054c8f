/*
 * Shapes of the guest API, inferred from the shared zod schemas (one definition for both sides), in
 * one file so that the rest of the feature does not care where they come from.
 */
import type { AttendanceStatus, ScanType } from '../../lib/attendance-types.ts';

export type { AttendanceStatus, ScanType };

export { GUEST_SORT_FIELDS } from '@meetflow/shared/schemas/guests';
export type {
  AdminGuest,
  GuestDetail,
  GuestEnrolment,
  GuestListQuery,
  GuestPage,
  GuestScan,
  GuestSortField,
} from '@meetflow/shared/schemas/guests';
export type { GuestMessage, GuestMessages, MailStatus, MailType } from '@meetflow/shared/schemas/mail';
