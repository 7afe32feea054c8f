import type {
  ScheduleImportPreview,
  ScheduleImportResult,
  ScheduleImportSheet,
} from '@meetflow/shared/schemas/imports';

/* The schedule workbook import's rules without UI: its sheets in order. */

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
