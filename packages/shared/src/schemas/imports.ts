import { z } from 'zod';
import { FIELD_KEY, FORM_FIELD_TYPES } from '../forms/form-definition.ts';

/*
 * Bulk import (issue 16): guests into a meeting from XLSX or CSV — upload, column mapping, a preview
 * that validates every row with the sign-up's rules, then an import job with progress — and a
 * date-schedule meeting's sessions, user types and college categories from one workbook.
 */

/** The most data rows one file may hold (issue 16 asked for 20,000; a 100,000-guest congress imports its list at once, issue 46). */
export const IMPORT_ROWS_MAX = 100_000;
/** The largest file accepted, in bytes. */
export const IMPORT_FILE_MAX_BYTES = 15 * 1024 * 1024;
/** The problems a preview lists row by row; the counts cover every row. */
export const IMPORT_PREVIEW_ISSUES_MAX = 500;
/** Sample rows shown beside each column while mapping. */
export const IMPORT_SAMPLE_ROWS = 5;
/** A sample cell longer than this is cut (with "…"): the mapping only needs to recognise the column. */
export const IMPORT_SAMPLE_CELL_CHARS = 100;
/**
 * The longest cell and row a file may hold, in characters (the longest form field takes 500). A file
 * past them is refused as it is read, so that one huge cell cannot make the server hold megabytes.
 */
export const IMPORT_CELL_MAX_CHARS = 1_000;
export const IMPORT_ROW_MAX_CHARS = 10_000;

/** Text encodings a CSV may be read in; 'auto' detects (UTF-8 with or without BOM, Big5, GB18030). */
export const IMPORT_ENCODINGS = ['auto', 'utf-8', 'big5', 'gb18030'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The guest fields a column can be mapped to, per meeting type. 'session' may be mapped to several columns. */
export const GENERAL_IMPORT_FIELDS = [
  'name',
  'gender',
  'local_guest',
  'area_code',
  'phone',
  'email',
  'institution',
  'job_title',
  'contact_name',
  'contact_number',
  'contact_phone',
] as const;
export const DATE_SCHEDULE_IMPORT_FIELDS = [
  'name_zh',
  'name_en',
  'area_code',
  'phone',
  'email',
  'organization',
  'user_type',
  'license_number',
  'other',
  'academy_member',
  'college_category',
  'session',
] as const;
export const GUEST_IMPORT_FIELDS = [
  ...new Set([...GENERAL_IMPORT_FIELDS, ...DATE_SCHEDULE_IMPORT_FIELDS]),
] as unknown as readonly [
  (typeof GENERAL_IMPORT_FIELDS)[number] | (typeof DATE_SCHEDULE_IMPORT_FIELDS)[number],
  ...((typeof GENERAL_IMPORT_FIELDS)[number] | (typeof DATE_SCHEDULE_IMPORT_FIELDS)[number])[],
];
export type GuestImportField = (typeof GUEST_IMPORT_FIELDS)[number];

/** 'reading': the file's rows are still being stored, nothing may use them yet; 'uploaded': read whole. */
export const IMPORT_STATUSES = ['reading', 'uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What happens to a row whose area code and phone belong to a guest already in the meeting. */
export const ON_EXISTING = ['skip', 'update'] as const;
export type OnExisting = (typeof ON_EXISTING)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const importIdParams = z.strictObject({ id });
export const meetingImportParams = z.strictObject({ id });

/** A column that fills one of the meeting's own fields (issue 42): `answers.<field key>`. */
export const ANSWER_TARGET_PREFIX = 'answers.';
export const answerTarget = z.templateLiteral([ANSWER_TARGET_PREFIX, z.string().regex(FIELD_KEY)]);
export type AnswerTarget = z.infer<typeof answerTarget>;
/** What a column may fill: a field of the sign-up form, or one of the meeting's own. */
export const importTarget = z.union([z.enum(GUEST_IMPORT_FIELDS), answerTarget]);
export type ImportTarget = z.infer<typeof importTarget>;

export function isAnswerTarget(target: ImportTarget | null | undefined): target is AnswerTarget {
  return typeof target === 'string' && target.startsWith(ANSWER_TARGET_PREFIX);
}
export const answerTargetOf = (key: string): AnswerTarget => `${ANSWER_TARGET_PREFIX}${key}`;
export const answerKeyOf = (target: AnswerTarget): string => target.slice(ANSWER_TARGET_PREFIX.length);

/** One entry per column of the file, in order: the field it fills, or null to leave it out. */
export const importMapping = z.array(importTarget.nullable()).max(200);
export type ImportMapping = z.infer<typeof importMapping>;

/** One of the meeting's own fields a column can fill: not retired, and not a file (files are not imported). */
export const importAnswerField = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.object({ 'zh-tw': z.string(), 'zh-cn': z.string(), en: z.string() }),
  required: z.boolean(),
});
export type ImportAnswerField = z.infer<typeof importAnswerField>;

export const importEncodingBody = z.strictObject({ encoding: z.enum(IMPORT_ENCODINGS) });
export type ImportEncodingBody = z.input<typeof importEncodingBody>;

export const importPreviewBody = z.strictObject({ mapping: importMapping });
export type ImportPreviewBody = z.input<typeof importPreviewBody>;

export const importStartBody = z.strictObject({
  mapping: importMapping,
  on_existing: z.enum(ON_EXISTING).default('skip'),
  /** Import invited guests even when the meeting or a session is full (recorded in the audit log). */
  over_limit: z.boolean().default(false),
  /** Queue each new guest's confirmation mail (when the meeting sends them and the guest has an e-mail). */
  send_confirmation: z.boolean().default(false),
});
export type ImportStartBody = z.input<typeof importStartBody>;

export const importProgress = z.object({
  /** Data rows in the file. */
  total: z.number().int(),
  /** Rows handled so far (whole batches). */
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgress>;

export const guestImport = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  file_size: z.number().int(),
  format: z.enum(['xlsx', 'csv']),
  /** The encoding a CSV is read in (detected or chosen); null for XLSX. */
  encoding: z.enum(['utf-8', 'big5', 'gb18030']).nullable(),
  /** The header row's cells. */
  headers: z.array(z.string()),
  /** The first data rows, as text, for the mapping step. */
  sample: z.array(z.array(z.string())),
  /** Suggested (recognised headers, or the meeting's remembered mapping) until the import starts. */
  mapping: importMapping,
  /** The meeting's own fields a column can fill (`answers.<key>` in the mapping), in the form's order. */
  answer_fields: z.array(importAnswerField),
  options: z
    .object({ on_existing: z.enum(ON_EXISTING), over_limit: z.boolean(), send_confirmation: z.boolean() })
    .nullable(),
  progress: importProgress,
  /** The same file (by content) already imported into this meeting. */
  previous: z.object({ id: z.number().int(), finished_at: z.number().int().nullable() }).nullable(),
  created_by: z.string(),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  /** Why a failed import stopped (in the request's language). */
  error: z.string().nullable(),
});
export type GuestImport = z.infer<typeof guestImport>;

export const guestImportList = z.object({ items: z.array(guestImport) });
export type GuestImportList = z.infer<typeof guestImportList>;

export const IMPORT_ISSUE_KINDS = ['invalid', 'duplicate_in_file', 'existing', 'over_capacity'] as const;
export type ImportIssueKind = (typeof IMPORT_ISSUE_KINDS)[number];

export const importIssue = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  kind: z.enum(IMPORT_ISSUE_KINDS),
  /** The column's header, when the problem is in one column. */
  column: z.string().nullable(),
  /** In the request's language. */
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const guestImportPreview = z.object({
  total: z.number().int(),
  /** Rows that would become new guests. */
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate_in_file: z.number().int(),
  /** Rows whose phone belongs to a guest already in the meeting (skipped or updated, as chosen). */
  existing: z.number().int(),
  /** Valid new rows beyond the meeting's or a session's remaining seats (imported only over the limit). */
  over_capacity: z.number().int(),
  /** Seats left in the meeting now; null when it has no limit. */
  meeting_remaining: z.number().int().nullable(),
  /** The first IMPORT_PREVIEW_ISSUES_MAX problems in row order. */
  issues: z.array(importIssue),
  issues_total: z.number().int(),
});
export type GuestImportPreview = z.infer<typeof guestImportPreview>;

/* Sessions, user types and college categories of a date-schedule meeting, from one workbook. */

export const SCHEDULE_IMPORT_SHEETS = ['sessions', 'user_types', 'college_categories'] as const;
export type ScheduleImportSheet = (typeof SCHEDULE_IMPORT_SHEETS)[number];

const sheetSummary = z.object({
  total: z.number().int(),
  /** Rows that add an entry. */
  create: z.number().int(),
  /** Rows that change an entry with the same name (sessions: same date and name). */
  update: z.number().int(),
  invalid: z.number().int(),
});

export const scheduleImportIssue = importIssue.omit({ kind: true }).extend({
  sheet: z.enum(SCHEDULE_IMPORT_SHEETS),
});
export type ScheduleImportIssue = z.infer<typeof scheduleImportIssue>;

export const scheduleImportPreview = z.object({
  id: z.number().int(),
  file_name: z.string(),
  sheets: z.object({
    sessions: sheetSummary,
    user_types: sheetSummary,
    college_categories: sheetSummary,
  }),
  issues: z.array(scheduleImportIssue),
  /** False while any row is invalid: the workbook is applied whole or not at all. */
  can_apply: z.boolean(),
});
export type ScheduleImportPreview = z.infer<typeof scheduleImportPreview>;

export const scheduleImportResult = z.object({
  sessions: sheetSummary.pick({ create: true, update: true }),
  user_types: sheetSummary.pick({ create: true, update: true }),
  college_categories: sheetSummary.pick({ create: true, update: true }),
});
export type ScheduleImportResult = z.infer<typeof scheduleImportResult>;
