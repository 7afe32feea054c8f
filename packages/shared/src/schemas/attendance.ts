import { z } from 'zod';
import { formField } from '../forms/form-definition.ts';
import { isScheduleDate } from './dictionary.ts';
import { answersBody } from './forms.ts';

/*
 * Door check-in (spec §2 records, §3 guest record, §4 guest attendance): scans, today's statistics,
 * the records list and the meeting dashboard. Times are integer milliseconds.
 */

// Ids fit a 32-bit integer column on PostgreSQL.
const id = z.number().int().positive().max(2_147_483_647);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

export const SCAN_TYPES = ['in', 'out'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** Entry, exit, or automatic: entry for a guest outside, exit for one inside. */
export const SCAN_DIRECTIONS = ['in', 'out', 'auto'] as const;

export const SCAN_OUTCOMES = ['success', 'duplicate', 'refused'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/**
 * A guest's attendance status, all-time, for the whole meeting: `checked_in` inside now (entered
 * today: every day closes everyone out at its end), `left` entered at some time and out now,
 * `not_checked_in` never entered. The guest list and the records list use the same rule.
 */
export const ATTENDANCE_STATUSES = ['checked_in', 'not_checked_in', 'left'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** What a manual check-in or check-out by an organiser is recorded as, whatever the operator's language. */
export const MANUAL_STATION = 'manual';
/**
 * What the automatic exit that closes a guest's day is recorded as (no operator): attendance is per
 * local day, so a guest still inside when the day ends leaves at its last moment. No door station
 * may take this name.
 */
export const DAY_END_STATION = 'day-end';
export const STATION_MAX = 64;
export const RECORD_PAGE_SIZE_MAX = 100;

/** One scan from a door station (scanner gun or camera) or an organiser's manual entry. */
export const scanRequest = z.strictObject({
  meeting_id: id,
  /** null: the whole meeting; otherwise one of its sessions. */
  schedule_id: id.nullable().default(null),
  /** The QR content as scanned; anything that is not a guest code is refused, not rejected. */
  guest_code: z.string().trim().min(1).max(512),
  direction: z.enum(SCAN_DIRECTIONS),
  station: z
    .string()
    .trim()
    .max(STATION_MAX)
    .refine((station) => station.toLowerCase() !== DAY_END_STATION, 'invalidOption')
    .default(''),
  /** An organiser's desk entry: recorded with the station MANUAL_STATION; needs an explicit direction. */
  manual: z.boolean().default(false),
  /** The client's id for this scan: a retry with the same nonce records nothing twice. */
  nonce: z.string().trim().min(8).max(64),
});
export type ScanRequest = z.input<typeof scanRequest>;
export type ScanInput = z.output<typeof scanRequest>;

export const scanGuest = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Registration type (date-schedule meetings) in the request's language, or null. */
  user_type_name: z.string().nullable(),
});
export type ScanGuest = z.infer<typeof scanGuest>;

/**
 * A scanned guest whose order is not paid yet (paid registration, issue 44): refused at the door
 * with what is still due, which the desk can take (POST /api/payments/desk) before a new scan.
 */
export const scanUnpaid = z.object({
  order_id: z.number().int(),
  reference: z.string(),
  currency: z.string(),
  /** What is still due, in the currency's minor unit. */
  amount_due: z.number().int(),
});
export type ScanUnpaid = z.infer<typeof scanUnpaid>;

export const scanAnswer = z.object({
  result: z.enum(SCAN_OUTCOMES),
  /**
   * The direction recorded (or that would have been); for a repeat within the server's window after
   * the guest's last scan in the scope, at any station, that last scan's direction.
   */
  type: z.enum(SCAN_TYPES).nullable(),
  guest: scanGuest.nullable(),
  /** Why a scan was refused, in the request's language. */
  reason: z.string().nullable(),
  /** The catalogue code of the refusal, or null. */
  reason_code: z.number().int().nullable(),
  /** For a duplicate: when the guest was recorded the previous time (ms): the last scan for a repeat. */
  previous_at: z.number().int().nullable(),
  /** When the scan was recorded (for a retried nonce: the first time). */
  at: z.number().int(),
  /**
   * After a success: the ask-at-door questions the guest has not answered, resolved for them
   * (forms/door-questions.ts); empty otherwise.
   */
  door_fields: z.array(formField).default([]),
  /** Only on the refusal of a guest who has not paid (reason_code GUEST_UNPAID): the order, what is due. */
  unpaid: scanUnpaid.optional(),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;

/** Answers given at the door (issue 42): ask-at-door fields only, merged into the guest's answers. */
export const doorAnswersRequest = z.strictObject({
  meeting_id: id,
  schedule_id: id.nullable().default(null),
  guest_id: id,
  answers: answersBody,
});
export type DoorAnswersRequest = z.input<typeof doorAnswersRequest>;
export type DoorAnswersInput = z.output<typeof doorAnswersRequest>;

export const doorAnswersAnswer = z.object({
  guest_id: z.number().int(),
  /** The keys whose answers this request wrote (an answer equal to the stored one writes nothing). */
  saved: z.array(z.string()),
  /** The questions still unanswered after these answers. */
  door_fields: z.array(formField),
});
export type DoorAnswersAnswer = z.infer<typeof doorAnswersAnswer>;

/** A meeting, or one of its sessions. */
export const attendanceScopeQuery = z.strictObject({
  meeting_id: queryId,
  schedule_id: queryId.optional(),
});
export type AttendanceScopeQuery = z.output<typeof attendanceScopeQuery>;

/**
 * Today's figures (since local midnight of the server) for a meeting or a session. Attendance is
 * per local day: a guest still inside when a day ends is closed out then (DAY_END_STATION).
 */
export const attendanceStats = z.object({
  signed_up: z.number().int(),
  /** On the meeting's or session's waiting list now. */
  waiting: z.number().int(),
  checked_in_today: z.number().int(),
  /** Entered today and not gone out since. */
  inside: z.number().int(),
  /** Came in and went out again today, and not back inside. */
  left: z.number().int(),
});
export type AttendanceStats = z.infer<typeof attendanceStats>;

export const recordQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(RECORD_PAGE_SIZE_MAX).default(20),
  meeting_id: queryId,
  schedule_id: queryId.optional(),
  type: z.enum(SCAN_TYPES).optional(),
  /** Part of the station name, case-insensitive. */
  station: z.string().trim().max(STATION_MAX).optional(),
  /**
   * Records of guests whose status (ATTENDANCE_STATUSES, whole meeting, all-time) is this one, in
   * whichever scope the records are. Every guest with a record has entered somewhere, so
   * `not_checked_in` lists only session scans of guests who never entered the meeting as a whole.
   */
  status: z.enum(ATTENDANCE_STATUSES).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** Records of one local day, YYYY-MM-DD in the server's time zone (combines with from/to). */
  day: z.string().refine(isScheduleDate, 'invalidFormat').optional(),
});
/** The query as the client builds it (numbers, with page and size always set). */
export type RecordQuery = z.output<typeof recordQuery>;
/** The records export takes the page's filters without paging. */
export const recordExportQuery = recordQuery.omit({ page: true, page_size: true });
export type RecordExportQuery = z.output<typeof recordExportQuery>;

export const attendanceRecord = z.object({
  id: z.number().int(),
  guest_id: z.number().int(),
  guest_name: z.string(),
  guest_code: z.string(),
  meeting_id: z.number().int(),
  schedule_id: z.number().int().nullable(),
  schedule_name: z.string().nullable(),
  type: z.enum(SCAN_TYPES),
  /** The door station, MANUAL_STATION for an organiser's desk, DAY_END_STATION for a day's close-out. */
  station: z.string(),
  /** null for the automatic close-out at a day's end, which nobody scanned. */
  operator_name: z.string().nullable(),
  created_at: z.number().int(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

export const recordPage = z.object({
  items: z.array(attendanceRecord),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RecordPage = z.infer<typeof recordPage>;

// ── Dashboard ────────────────────────────────────────────────────────────────────────────────────

export const ARRIVAL_BUCKET_MS = 10 * 60 * 1000;

export const dashboardQuery = z.strictObject({
  /** The day of the arrival curve, YYYY-MM-DD in the server's time zone; today when absent. */
  day: z.string().refine(isScheduleDate, 'invalidFormat').optional(),
  /** Arrivals and live figures of one session rather than the whole meeting. */
  schedule_id: queryId.optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

export const meetingDashboard = z.object({
  meeting_id: z.number().int(),
  schedule_id: z.number().int().nullable(),
  /** The arrival curve's day, YYYY-MM-DD. */
  day: z.string(),
  /** Sign-ups per day from the first to the last day with one (gaps filled with 0). */
  signups: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Entries per 10 minutes of the day, from the first to the last busy slot (gaps filled with 0). */
  arrivals: z.array(z.object({ at: z.number().int(), count: z.number().int() })),
  stats: attendanceStats,
});
export type MeetingDashboard = z.infer<typeof meetingDashboard>;

/** The arrival curve alone: what an open dashboard refetches while guests arrive. */
export const dashboardArrivals = meetingDashboard.pick({
  meeting_id: true,
  schedule_id: true,
  day: true,
  arrivals: true,
});
export type DashboardArrivals = z.infer<typeof dashboardArrivals>;
