import { z } from 'zod';
import { formField } from '../forms/form-definition.ts';
import { answersBody } from './forms.ts';
import { DAY_END_STATION, SCAN_DIRECTIONS, SCAN_TYPES, STATION_MAX } from './attendance.ts';

/*
 * The offline door (issue 17): the copy of a scope's guests a station keeps to judge scans without
 * the network, the upload of the scans it judged meanwhile, and the conflicts an upload can meet.
 * Times are integer milliseconds.
 */

const id = z.number().int().positive().max(2_147_483_647);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

/** How many queued scans one upload carries; a longer queue goes in several, in order. */
export const OFFLINE_SYNC_MAX = 500;

export const offlineDataQuery = z.strictObject({
  meeting_id: queryId,
  schedule_id: queryId.optional(),
  /** The `generated_at` of the copy the station holds: only guests changed since come back. */
  since: z.coerce.number().int().min(0).optional(),
  /** A self check-in kiosk asks for phone keys, given only where a phone number alone finds a guest. */
  phones: z
    .enum(['0', '1'])
    .optional()
    .transform((value) => value === '1'),
});
export type OfflineDataQuery = z.input<typeof offlineDataQuery>;

/**
 * One guest as a door needs them, and no more: no phone, e-mail or code. `key` is base64url (no
 * padding) of the first 16 bytes of SHA-256 of the guest code; the station hashes what it scans.
 */
export const offlineGuest = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  user_type_id: z.number().int().nullable(),
  cancelled: z.boolean(),
  /** Enrolled in the station's session (always true for the whole meeting or a general meeting). */
  enrolled: z.boolean(),
  inside: z.boolean(),
  last_in_at: z.number().int().nullable(),
  last_out_at: z.number().int().nullable(),
  /** base64url of the first 16 bytes of SHA-256 of `${phone_salt}:${E.164 phone}`; kiosk copies only. */
  phone_key: z.string().nullable().optional(),
  /**
   * The ask-at-door questions still to ask this guest, keys of the copy's `door_fields` (rebuilt with
   * forms/door-questions.ts `doorQuestionsOf`); absent when there are none.
   */
  door_keys: z.array(z.string()).optional(),
  /**
   * The guest's order is not paid yet (issue 44): the station refuses them as the server does;
   * absent when paid or free.
   */
  unpaid: z.literal(true).optional(),
  /**
   * The guest's sign-up awaits approval (issue 45): the station refuses them as the server does;
   * absent otherwise.
   */
  pending: z.literal(true).optional(),
});
export type OfflineGuest = z.infer<typeof offlineGuest>;

export const offlineData = z.object({
  /** The server's clock when the copy was read: the next refresh's `since`, and the station's clock offset. */
  generated_at: z.number().int(),
  /** The whole scope (the station replaces its copy) or only guests changed since `since`. */
  full: z.boolean(),
  /** The meeting's name in the request's language, and in each language for a kiosk's guests. */
  meeting: z.object({
    id: z.number().int(),
    name: z.string(),
    names: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
    meeting_type: z.string(),
  }),
  schedule: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The deployment's TIME_ZONE: attendance is per local day there. */
  time_zone: z.string(),
  repeat_window_ms: z.number().int(),
  /** Whether a phone number alone finds this meeting's guests (no code by e-mail asked for). */
  phone_lookup: z.boolean(),
  phone_salt: z.string().nullable(),
  /** Registration types with their names in the three languages. */
  user_types: z.array(
    z.object({ id: z.number().int(), name: z.string(), name_cn: z.string(), name_en: z.string() }),
  ),
  /** The meeting's ask-at-door fields (issue 42), once for every guest; empty without any. */
  door_fields: z.array(formField).default([]),
  guests: z.array(offlineGuest),
});
export type OfflineData = z.infer<typeof offlineData>;

/** A scan the station judged while offline, as it recorded it. */
export const offlineScan = z
  .strictObject({
    nonce: z.string().trim().min(8).max(64),
    /** The code scanned; a phone look-up at a kiosk names the guest by id instead. */
    guest_code: z.string().trim().min(1).max(512).optional(),
    guest_id: id.optional(),
    /** The name the station showed, kept with a conflict. */
    guest_name: z.string().max(255).default(''),
    /** What the station was set to, and what it decided. */
    direction: z.enum(SCAN_DIRECTIONS),
    type: z.enum(SCAN_TYPES),
    /** The scan's own time on the station's (server-corrected) clock. */
    at: z.number().int().min(0),
    /** Ask-at-door answers given with this scan (issue 42), merged into the guest's answers. */
    answers: answersBody.optional(),
    /**
     * The item carries answers only, given after its scan had been recorded (online, or uploaded
     * already): `direction`, `type` and `at` are that scan's, and nothing is judged or recorded again.
     */
    answers_only: z.boolean().default(false),
  })
  .refine((scan) => (scan.guest_code === undefined) !== (scan.guest_id === undefined), 'invalidFormat');
export type OfflineScan = z.output<typeof offlineScan>;

export const offlineSyncRequest = z.strictObject({
  meeting_id: id,
  schedule_id: id.nullable().default(null),
  station: z
    .string()
    .trim()
    .max(STATION_MAX)
    .refine((station) => station.toLowerCase() !== DAY_END_STATION, 'invalidOption')
    .default(''),
  scans: z.array(offlineScan).min(1).max(OFFLINE_SYNC_MAX),
});
export type OfflineSyncRequest = z.input<typeof offlineSyncRequest>;
export type OfflineSyncInput = z.output<typeof offlineSyncRequest>;

/**
 * Why an uploaded scan did not enter the scan log: the guest was already inside (or not inside) by
 * then, a later scan of the guest was recorded first, the guest was cancelled or left the session
 * meanwhile, the code is no guest of the meeting, the scan is older than OFFLINE_SCAN_MAX_AGE_MS
 * (no station is offline that long: a wrong clock, or a hand-made upload), or it is dated more
 * than OFFLINE_SCAN_MAX_AHEAD_MS after the server's clock (`clock_ahead`: its real time is unknown).
 */
export const OFFLINE_SCAN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How far a scan may be dated after the server's clock and still count (at the server's time):
 * stations correct their clock by the server's at every refresh, so only drift since then is
 * expected. Beyond this the station's clock is wrong and the scan's time cannot be trusted.
 */
export const OFFLINE_SCAN_MAX_AHEAD_MS = 5 * 60 * 1000;
export const CONFLICT_REASONS = [
  'already_inside',
  'not_inside',
  'later_scan',
  'guest_cancelled',
  'not_enrolled',
  'unknown_guest',
  'too_old',
  'clock_ahead',
  /** Ask-at-door answers that the meeting's form refuses now (changed since the station's copy). */
  'invalid_answers',
  /** The guest's order was not paid when the scan arrived (issue 44). */
  'unpaid',
  /** The guest's sign-up still awaited approval when the scan arrived (issue 45). */
  'pending',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export const offlineSyncAnswer = z.object({
  results: z.array(
    z.object({
      nonce: z.string(),
      outcome: z.enum(['recorded', 'conflict']),
      reason: z.enum(CONFLICT_REASONS).nullable(),
      /** The answers the item carried: merged, or kept as an `invalid_answers` conflict; absent without any. */
      answers: z.enum(['saved', 'conflict']).optional(),
    }),
  ),
  recorded: z.number().int(),
  conflicts: z.number().int(),
});
export type OfflineSyncAnswer = z.infer<typeof offlineSyncAnswer>;

export const conflictQuery = z.strictObject({
  meeting_id: queryId,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConflictQuery = z.output<typeof conflictQuery>;

export const scanConflict = z.object({
  id: z.number().int(),
  guest_id: z.number().int().nullable(),
  guest_name: z.string(),
  schedule_id: z.number().int().nullable(),
  type: z.enum(SCAN_TYPES),
  reason: z.enum(CONFLICT_REASONS),
  station: z.string(),
  operator_name: z.string().nullable(),
  scanned_at: z.number().int(),
  uploaded_at: z.number().int(),
});
export type ScanConflict = z.infer<typeof scanConflict>;

export const conflictPage = z.object({
  items: z.array(scanConflict),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ConflictPage = z.infer<typeof conflictPage>;
