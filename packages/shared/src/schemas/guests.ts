import { z } from 'zod';
import { CERTIFICATE_STATES } from '../certificate-states.ts';
import { ATTENDANCE_STATUSES, SCAN_TYPES } from './attendance.ts';
import { fileId } from './files.ts';
import { MEETING_TYPES } from './meetings.ts';
import { GENDERS } from './public.ts';

/*
 * The back-office guest list (issue 5, spec §2 and §3 Guest record): the paged list with filters,
 * one guest's detail with sessions and scans, and the export. Adding and editing a guest take the
 * public sign-up body (`signUpBody`): one set of rules for both doors.
 */

export const GUEST_SORT_FIELDS = ['created_at', 'name', 'last_in_at'] as const;
export type GuestSortField = (typeof GUEST_SORT_FIELDS)[number];
export const GUEST_PAGE_SIZE_MAX = 100;

/**
 * One item of the `answer` filter, `key:value` (both field keys, see forms/answer-filter.ts), and
 * the most items one filter holds. Here rather than beside the filter's rules: the back office's
 * first screen reads this schema, and need not load the form definitions with it.
 */
export const ANSWER_FILTER_ITEM = /^[a-z][a-z0-9_]{0,39}:[a-z][a-z0-9_]{0,39}$/;
export const ANSWER_FILTER_MAX = 100;

// Ids fit a 32-bit integer column on PostgreSQL.
const id = z.coerce.number().int().positive().max(2_147_483_647);
const time = z.coerce.number().int().min(0);

/** The filters of the list and of its export. */
const guestFilters = {
  sort_by: z.enum(GUEST_SORT_FIELDS).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  /** Names, phone, email, organisation / institution (contains), or a whole guest code. */
  keyword: z.string().trim().max(100).optional(),
  /** Registration type (date-schedule meetings). */
  user_type_id: id.optional(),
  /**
   * For the whole meeting, from the guest's attendance summary over all days: inside now
   * (checked_in), was inside and went out (left), never scanned in (not_checked_in).
   */
  status: z.enum(ATTENDANCE_STATUSES).optional(),
  /** Signed up at or after (ms). */
  signed_up_from: time.optional(),
  /** Signed up at or before (ms). */
  signed_up_to: time.optional(),
  /**
   * Answers to the meeting's own choice, multiple-choice and yes/no fields: `key:value` items,
   * repeated (`answer=diet:veg&answer=member:yes`) or comma-separated (`answer=diet:veg,diet:none`).
   * A guest matches when every key named has one of the values named for it (a multiple choice:
   * among its options; yes/no: `yes` or `no`). An unknown key or value is refused (400).
   */
  answer: z
    .union([z.string().max(4000), z.array(z.string().max(4000)).max(ANSWER_FILTER_MAX)])
    .transform((raw) =>
      (Array.isArray(raw) ? raw : [raw])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().regex(ANSWER_FILTER_ITEM, 'invalidFormat')).max(ANSWER_FILTER_MAX))
    .optional()
    .describe(
      'Own-field answers as key:value (choice, multiple choice, yes/no: yes|no), repeated or ' +
        'comma-separated: every key, any of its values. Unknown key or value: 400',
    ),
};

export const guestListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(GUEST_PAGE_SIZE_MAX).default(20),
  ...guestFilters,
});
export type GuestListQuery = z.input<typeof guestListQuery>;
export type GuestListFilter = z.output<typeof guestListQuery>;

/** The export takes the list's filters without paging: the file holds every matching guest. */
export const guestExportQuery = z.strictObject(guestFilters);
/** The list's filters, without paging: whom a broadcast goes to. */
export const guestFilterFields = guestFilters;
export type GuestExportQuery = z.input<typeof guestExportQuery>;

export const guestIdParams = z.strictObject({ id });
/** A file a guest answered with (a form's file field): the guest and the file's id (SHA-256, hex). */
export const guestAnswerFileParams = z.strictObject({ id, fileId });
export const meetingGuestsParams = z.strictObject({ id });

export const adminGuest = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  meeting_type: z.enum(MEETING_TYPES),
  guest_code: z.string(),
  /** The name to show: name (general) or the Chinese / English names (date schedule). */
  display_name: z.string(),
  area_code: z.string(),
  /** E.164, e.g. '+85366123456'. */
  phone: z.string(),
  email: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  local_guest: z.boolean().nullable(),
  institution: z.string(),
  job_title: z.string(),
  contact_name: z.string(),
  contact_number: z.string(),
  contact_phone: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  organization: z.string(),
  user_type_id: z.number().int().nullable(),
  /** In the request's language. */
  user_type_name: z.string().nullable(),
  license_number: z.string(),
  other: z.string(),
  academy_member: z.boolean(),
  college_category_id: z.number().int().nullable(),
  /** In the request's language. */
  college_category_name: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES),
  first_in_at: z.number().int().nullable(),
  last_in_at: z.number().int().nullable(),
  last_out_at: z.number().int().nullable(),
  created_at: z.number().int(),
  /** Their certificate of attendance under the meeting's rule (lists and exports; null elsewhere). */
  certificate: z.enum(CERTIFICATE_STATES).nullable(),
  /**
   * Their answers to the meeting's own fields as text in the request's language, by field key
   * (retired fields' too; fields not answered left out): the list's answer columns.
   */
  answer_texts: z.record(z.string(), z.string()),
  /** Registered at the door by staff (issue 45); seated past the meeting's limit. Lists only. */
  walk_in: z.boolean().optional(),
  over_capacity: z.boolean().optional(),
});
export type AdminGuest = z.infer<typeof adminGuest>;

/** Counting stops here: a list with more matching guests answers this total, capped ("10,000+"). */
export const GUEST_COUNT_CAP = 10_000;

export const guestPage = z.object({
  items: z.array(adminGuest),
  /** The matching guests over every page; with `total_capped`, a lower bound. */
  total: z.number().int(),
  /** More than `total` guests match: counting stopped there (a broad keyword), shown as "10,000+". */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type GuestPage = z.infer<typeof guestPage>;

/** A session the guest is enrolled in, with their attendance times for it. */
export const guestEnrolment = z.object({
  schedule_id: z.number().int(),
  /** In the request's language. */
  schedule_name: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  first_in_at: z.number().int().nullable(),
  last_in_at: z.number().int().nullable(),
  last_out_at: z.number().int().nullable(),
});
export type GuestEnrolment = z.infer<typeof guestEnrolment>;

/** One entry of the scan log. */
export const guestScan = z.object({
  id: z.number().int(),
  type: z.enum(SCAN_TYPES),
  /** null: a scan for the whole meeting. */
  schedule_name: z.string().nullable(),
  station: z.string(),
  created_at: z.number().int(),
});
export type GuestScan = z.infer<typeof guestScan>;

/** The most recent scans a detail shows. */
export const GUEST_DETAIL_SCANS_MAX = 500;

/** One answer to the meeting's own fields, as the guest's detail shows it. */
export const guestAnswer = z.object({
  key: z.string(),
  /** The field's label in the request's language. */
  label: z.string(),
  /** The field's type (FORM_FIELD_TYPES in forms/form-definition.ts). */
  type: z.string(),
  /** As stored (see form-engine.ts for each type's shape); null: not answered. */
  value: z.unknown(),
  /** In the request's language: option labels, Yes/No, the formatted phone, the file's name. */
  text: z.string(),
  /** The field was retired: new sign-ups no longer see it; the answer given is kept. */
  retired: z.boolean(),
});
export type GuestAnswer = z.infer<typeof guestAnswer>;

export const guestDetail = adminGuest.extend({
  /** The meeting's own fields that take an answer, in the form's order, retired ones last. */
  answers: z.array(guestAnswer),
  enrolments: z.array(guestEnrolment),
  /** Newest first, at most GUEST_DETAIL_SCANS_MAX. */
  scans: z.array(guestScan),
});
export type GuestDetail = z.infer<typeof guestDetail>;
