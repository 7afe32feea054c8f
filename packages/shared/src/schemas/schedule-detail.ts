import { z } from 'zod';
import { schedule } from './dictionary.ts';
import { ATTENDANCE_STATUSES } from './attendance.ts';

/*
 * Schedule detail (issue 5, spec §2): per session of a meeting, sign-ups against the limit and
 * attendance counts, the enrolled guests of one session page by page, and the export.
 */

export const ENROLLED_GUESTS_PAGE_SIZE_MAX = 100;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const scheduleDetailParams = z.strictObject({ id });
export const enrolledGuestsParams = z.strictObject({ id });

export const enrolledGuestsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(ENROLLED_GUESTS_PAGE_SIZE_MAX).default(20),
});
export type EnrolledGuestsQuery = z.input<typeof enrolledGuestsQuery>;

/** One session with its figures: signup_count / signup_limit, guests ever checked in, guests inside now. */
export const sessionSummary = schedule.extend({
  checked_in: z.number().int(),
  inside: z.number().int(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const scheduleDetail = z.array(sessionSummary);
export type ScheduleDetail = z.infer<typeof scheduleDetail>;

/** A guest enrolled in a session, with their attendance for that session. No contact data. */
export const enrolledGuest = z.object({
  guest_id: z.number().int(),
  display_name: z.string(),
  /** In the request's language. */
  user_type_name: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES),
  enrolled_at: z.number().int(),
  first_in_at: z.number().int().nullable(),
  last_in_at: z.number().int().nullable(),
  last_out_at: z.number().int().nullable(),
});
export type EnrolledGuest = z.infer<typeof enrolledGuest>;

export const enrolledGuestPage = z.object({
  items: z.array(enrolledGuest),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type EnrolledGuestPage = z.infer<typeof enrolledGuestPage>;
