import { z } from 'zod';
import { isScheduleDate } from './dictionary.ts';
import { FILE_ID } from './files.ts';
import { waitlistOfferHours, waitlistSettingsFields } from './waitlist.ts';

export const MEETING_TYPES = ['general', 'date_schedule'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export const MEETING_SORT_FIELDS = ['start_at', 'created_at', 'name'] as const;
export const MEETING_PAGE_SIZE_MAX = 100;

type RequiredKey =
  | 'organizationRequired'
  | 'meetingNameRequired'
  | 'meetingNameCnRequired'
  | 'meetingNameEnRequired'
  | 'meetingTimeRequired'
  | 'meetingTypeRequired'
  | 'bannerRequired';

/** The spec's "please select/enter…" message when a field is missing; other problems keep their own message. */
const whenMissing = (key: RequiredKey) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? key : undefined;

/** A required name: the same catalogue key for "missing" and "empty", so every language says "please enter…". */
const requiredName = (key: 'meetingNameRequired' | 'meetingNameCnRequired' | 'meetingNameEnRequired') =>
  z
    .string({ error: whenMissing(key) })
    .trim()
    .min(1, key)
    .max(200);
const optionalText = z.string().trim().max(200).default('');
const time = z
  .number({ error: whenMissing('meetingTimeRequired') })
  .int()
  .min(0);

/**
 * The add/edit form of a meeting (spec §3 Meeting, §5): PUT sends the whole object again. Flags are
 * booleans here and 0/1 in the database.
 */
export const meetingBody = z
  .strictObject({
    organization_id: z
      .number({ error: whenMissing('organizationRequired') })
      .int()
      .positive(),
    name: requiredName('meetingNameRequired'),
    name_cn: requiredName('meetingNameCnRequired'),
    name_en: requiredName('meetingNameEnRequired'),
    location: optionalText,
    location_cn: optionalText,
    location_en: optionalText,
    start_at: time,
    end_at: time,
    /** 0 = unlimited. */
    registration_limit: z.number().int().min(0).max(10_000_000).default(0),
    registration_deadline: z.number().int().min(0).nullable().default(null),
    multi_language: z.boolean().default(true),
    signup_enabled: z.boolean().default(true),
    meeting_type: z.enum(MEETING_TYPES, { error: whenMissing('meetingTypeRequired') }),
    banner_file_id: z
      .string({ error: whenMissing('bannerRequired') })
      .min(1, 'bannerRequired')
      .regex(FILE_ID, 'bannerFileInvalid'),
    schedule_file_id: z.string().regex(FILE_ID, 'pdfFileInvalid').nullable().default(null),
    guide_file_id: z.string().regex(FILE_ID, 'pdfFileInvalid').nullable().default(null),
    ...waitlistSettingsFields,
    waitlist_offer_hours: waitlistOfferHours,
  })
  .superRefine((value, ctx) => {
    if (value.end_at <= value.start_at) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'meetingTimeOrder' });
    }
    if (value.registration_deadline !== null && value.registration_deadline > value.end_at) {
      ctx.addIssue({
        code: 'custom',
        path: ['registration_deadline'],
        message: 'registrationDeadlineAfterEnd',
      });
    }
  });
export type MeetingBody = z.input<typeof meetingBody>;
export type MeetingInput = z.output<typeof meetingBody>;

export const meetingListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MEETING_PAGE_SIZE_MAX).default(10),
  sort_by: z.enum(MEETING_SORT_FIELDS).default('start_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  /** Includes the organisation's whole subtree. */
  organization_id: z.coerce.number().int().positive().optional(),
  /**
   * Meetings held on any day of this range, YYYY-MM-DD in the server's time zone, both days included:
   * a meeting matches when its [start, end] overlaps the range (one that began earlier and still runs too).
   */
  date_from: z.string().refine(isScheduleDate, 'invalidFormat').optional(),
  date_to: z.string().refine(isScheduleDate, 'invalidFormat').optional(),
  /** Matched against the names in every language. */
  keyword: z.string().trim().max(100).optional(),
});
export type MeetingListQuery = z.input<typeof meetingListQuery>;

export const meetingIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const meeting = z.object({
  id: z.number().int(),
  /** Unguessable id of the public pages (sign-up, check-in…). */
  public_id: z.string(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
  location: z.string(),
  location_cn: z.string(),
  location_en: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  registration_limit: z.number().int(),
  registration_deadline: z.number().int().nullable(),
  multi_language: z.boolean(),
  signup_enabled: z.boolean(),
  meeting_type: z.enum(MEETING_TYPES),
  banner_file_id: z.string().nullable(),
  schedule_file_id: z.string().nullable(),
  guide_file_id: z.string().nullable(),
  /** Guests signed up (the meeting's capacity counter). */
  signup_count: z.number().int(),
  /** Guests checked in. */
  checkin_count: z.number().int(),
  waitlist_enabled: z.boolean(),
  waitlist_max: z.number().int(),
  waitlist_offer_hours: z.number().int(),
  /** Visitors on the meeting's waiting list now (waiting for a seat, not yet offered one). */
  waiting_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Meeting = z.infer<typeof meeting>;

export const meetingPage = z.object({
  items: z.array(meeting),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MeetingPage = z.infer<typeof meetingPage>;
