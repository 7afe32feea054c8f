import { z } from 'zod';
import type { FieldMessageKey } from '../field-messages.ts';
import { waitlistSettingsFields } from './waitlist.ts';

/*
 * The data dictionary (spec §3, §5): meeting times, sessions ("schedules") and user types of a
 * meeting, the guest–schedule map, college categories and generic dictionary entries.
 * Multi-language text uses the spec's suffixes: '' zh-tw, _cn zh-cn, _en en.
 */

/**
 * A field's own "required" message for a missing or null value; other failures (too long, wrong
 * type) keep their generic message. A schema-level message would otherwise replace them all.
 */
function requiredAs(key: FieldMessageKey) {
  return { error: (issue: { input?: unknown }) => (issue.input == null ? key : undefined) };
}

const requiredText = (key: FieldMessageKey, max = 200) =>
  z.string(requiredAs(key)).trim().min(1, key).max(max);
const optionalText = (max = 200) => z.string().trim().max(max).default('');
const sort = z.number().int().min(0).max(1_000_000).optional();
// Ids fit a 32-bit integer column on PostgreSQL.
const id = z.number().int().positive().max(2_147_483_647);
/**
 * Who owns a time slot or college category: null = global (every organisation reads it, only an
 * administrator changes it), else that organisation's subtree. Omitted: a new entry belongs to the
 * author's organisation (global for an administrator), an edited one keeps its owner.
 */
const owner = id.nullable().optional();

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const SCHEDULE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const DICTIONARY_TYPE_PATTERN = /^[a-z0-9_]{1,64}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isScheduleDate(value: string): boolean {
  if (!SCHEDULE_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// ── Meeting times ────────────────────────────────────────────────────────────────────────────────

export const meetingTimeBody = z
  .strictObject({
    start_time: z
      .string(requiredAs('startTimeRequired'))
      .min(1, 'startTimeRequired')
      .regex(TIME_OF_DAY_PATTERN, 'timeFormat'),
    end_time: z
      .string(requiredAs('endTimeRequired'))
      .min(1, 'endTimeRequired')
      .regex(TIME_OF_DAY_PATTERN, 'timeFormat'),
    remark: optionalText(),
    remark_cn: optionalText(),
    remark_en: optionalText(),
    organization_id: owner,
  })
  // HH:mm strings compare in time order.
  .refine((v) => v.start_time < v.end_time, { path: ['end_time'], message: 'endTimeBeforeStart' });
export type MeetingTimeBody = z.input<typeof meetingTimeBody>;

export const meetingTime = z.object({
  id: z.number().int(),
  organization_id: z.number().int().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  remark: z.string(),
  remark_cn: z.string(),
  remark_en: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type MeetingTime = z.infer<typeof meetingTime>;

// ── Sessions ("schedules") ───────────────────────────────────────────────────────────────────────

export const scheduleBody = z.strictObject({
  name: requiredText('scheduleNameRequired'),
  name_cn: requiredText('scheduleNameRequired'),
  name_en: requiredText('scheduleNameRequired'),
  /** 0 = unlimited. */
  signup_limit: z.number(requiredAs('signupLimitRequired')).int().min(0).max(1_000_000),
  /** YYYY-MM-DD, within the meeting's dates. */
  date: z
    .string(requiredAs('scheduleDateRequired'))
    .min(1, 'scheduleDateRequired')
    .refine(isScheduleDate, 'invalidFormat'),
  meeting_time_id: id.nullable().optional(),
  sort,
  ...waitlistSettingsFields,
});
export type ScheduleBody = z.input<typeof scheduleBody>;

export const schedule = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
  signup_limit: z.number().int(),
  signup_count: z.number().int(),
  waitlist_enabled: z.boolean(),
  waitlist_max: z.number().int(),
  /** Guests on the session's waiting list now (not yet offered a seat). */
  waiting_count: z.number().int(),
  date: z.string(),
  meeting_time_id: z.number().int().nullable(),
  meeting_time: meetingTime.nullable(),
  sort: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Schedule = z.infer<typeof schedule>;

// ── User types (registration types) ──────────────────────────────────────────────────────────────

const scheduleIds = z.array(id, requiredAs('scheduleRequired')).min(1, 'scheduleRequired').max(500);

export const userTypeBody = z.strictObject({
  name: requiredText('userTypeNameRequired'),
  name_cn: requiredText('userTypeNameRequired'),
  name_en: requiredText('userTypeNameRequired'),
  /** The sessions this type may enrol in: at least one, all of the same meeting. */
  schedule_ids: scheduleIds,
  sort,
});
export type UserTypeBody = z.input<typeof userTypeBody>;

export const userType = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
  schedule_ids: z.array(z.number().int()),
  sort: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type UserType = z.infer<typeof userType>;

// ── The guest–schedule map of a meeting ──────────────────────────────────────────────────────────

export const scheduleMap = z.object({ schedules: z.array(schedule), user_types: z.array(userType) });
export type ScheduleMap = z.infer<typeof scheduleMap>;

/** Replaces the session sets of the listed user types; types not listed keep theirs. */
export const scheduleMapBody = z.strictObject({
  user_types: z.array(z.strictObject({ id, schedule_ids: scheduleIds })).max(500),
});
export type ScheduleMapBody = z.infer<typeof scheduleMapBody>;

// ── College categories ───────────────────────────────────────────────────────────────────────────

export const collegeCategoryBody = z.strictObject({
  name: requiredText('categoryNameRequired'),
  name_cn: requiredText('categoryNameRequired'),
  name_en: requiredText('categoryNameRequired'),
  sort,
  organization_id: owner,
});
export type CollegeCategoryBody = z.input<typeof collegeCategoryBody>;

export const collegeCategory = z.object({
  id: z.number().int(),
  organization_id: z.number().int().nullable(),
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CollegeCategory = z.infer<typeof collegeCategory>;

// ── Generic dictionary entries ───────────────────────────────────────────────────────────────────

export const dictionaryEntryBody = z.strictObject({
  type: z
    .string(requiredAs('dictionaryTypeRequired'))
    .min(1, 'dictionaryTypeRequired')
    .regex(DICTIONARY_TYPE_PATTERN, 'dictionaryTypeFormat'),
  label: requiredText('dictionaryLabelRequired'),
  value: requiredText('dictionaryValueRequired'),
  sort,
});
export type DictionaryEntryBody = z.input<typeof dictionaryEntryBody>;

export const dictionaryEntryQuery = z.object({
  type: z.string().regex(DICTIONARY_TYPE_PATTERN, 'dictionaryTypeFormat').optional(),
});

export const dictionaryEntry = z.object({
  id: z.number().int(),
  type: z.string(),
  label: z.string(),
  value: z.string(),
  sort: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;
