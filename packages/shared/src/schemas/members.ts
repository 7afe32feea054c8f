import { z } from 'zod';
import { importIssue } from './imports.ts';

/**
 * An organisation's member and licence list (issue 45): imported from a spreadsheet (licence
 * number, Chinese name, English name, member class, valid until), matched at sign-up by licence
 * number and name across Traditional and Simplified characters.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const organizationMembersParams = z.strictObject({ id });
export const organizationMemberParams = z.strictObject({ id, memberId: id });
export const memberImportParams = z.strictObject({ id, importId: id });

/** The columns of a member list, in the template's order. */
export const MEMBER_IMPORT_COLUMNS = [
  'licence_number',
  'name_zh',
  'name_en',
  'member_class',
  'valid_until',
] as const;
export type MemberImportColumn = (typeof MEMBER_IMPORT_COLUMNS)[number];

export const MEMBER_PAGE_SIZE_MAX = 200;

export const memberListQuery = z.strictObject({
  /** Part of a licence number or a name (either script). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MEMBER_PAGE_SIZE_MAX).default(50),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberRecord = z.object({
  id: z.number().int(),
  licence_number: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  member_class: z.string(),
  /** 'YYYY-MM-DD', the last valid local day; null: no end. */
  valid_until: z.string().nullable(),
  /** Past its last valid day: it no longer matches a sign-up. */
  expired: z.boolean(),
  updated_at: z.number().int(),
});
export type MemberRecord = z.infer<typeof memberRecord>;

export const memberList = z.object({
  items: z.array(memberRecord),
  total: z.number().int(),
  /** Every row of the organisation, whatever the search. */
  all: z.number().int(),
});
export type MemberList = z.infer<typeof memberList>;

/** An uploaded list, judged row by row; nothing is written until it is applied. */
export const memberImportPreview = z.object({
  id: z.number().int(),
  file_name: z.string(),
  total: z.number().int(),
  /** Valid rows with a licence number the list does not hold yet. */
  create: z.number().int(),
  /** Valid rows whose licence number is on the list: they replace its names, class and date. */
  update: z.number().int(),
  invalid: z.number().int(),
  /** The first IMPORT_PREVIEW_ISSUES_MAX problems in row order. */
  issues: z.array(importIssue),
  issues_total: z.number().int(),
});
export type MemberImportPreview = z.infer<typeof memberImportPreview>;

export const MEMBER_IMPORT_STATUSES = ['uploaded', 'running', 'done', 'failed'] as const;

/** An import's progress: rows written so far of the valid ones. */
export const memberImportProgress = z.object({
  id: z.number().int(),
  status: z.enum(MEMBER_IMPORT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type MemberImportProgress = z.infer<typeof memberImportProgress>;

export const memberClearResult = z.object({ deleted: z.number().int() });
