import type {
  ScheduleImportPreview,
  ScheduleImportResult,
  ScheduleImportSheet,
} from '@meetflow/shared/schemas/imports';
import { ApiError } from '../../lib/http-errors.ts';

/* The schedule workbook import's rules without UI: its sheets in order and what a refusal says. */

/** The workbook's sheets in the order the template has them (types only from the shared contract). */
export const SCHEDULE_SHEETS: readonly ScheduleImportSheet[] = [
  'sessions',
  'user_types',
  'college_categories',
];

/** Each sheet's name as the dictionary page's tabs say it (dictionary.tabs). */
export const SHEET_LABELS: Record<ScheduleImportSheet, string> = {
  sessions: 'schedules',
  user_types: 'userTypes',
  college_categories: 'collegeCategories',
};

export interface SheetRow {
  sheet: ScheduleImportSheet;
  total: number;
  create: number;
  update: number;
  invalid: number;
}

/** One row per sheet for the preview's counts table. */
export function sheetRows(preview: ScheduleImportPreview): SheetRow[] {
  return SCHEDULE_SHEETS.map((sheet) => ({ sheet, ...preview.sheets[sheet] }));
}

/** One row per sheet of what was applied, and whether anything changed at all. */
export function resultRows(result: ScheduleImportResult) {
  const rows = SCHEDULE_SHEETS.map((sheet) => ({ sheet, ...result[sheet] }));
  return { rows, changed: rows.some((row) => row.create + row.update > 0) };
}

/** What a refused call says: the server's message, and the field messages that go with it. */
export function refusalText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const fields =
    error instanceof ApiError
      ? (error.data as { fields?: Record<string, unknown> } | null)?.fields
      : undefined;
  const parts = [error.message];
  for (const text of Object.values(fields ?? {})) {
    if (typeof text === 'string' && !parts.includes(text)) parts.push(text);
  }
  return parts.filter(Boolean).join(' ');
}
