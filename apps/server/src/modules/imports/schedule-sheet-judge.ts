import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Language } from '@meetflow/shared/languages';
import type { ScheduleImportIssue } from '@meetflow/shared/schemas/imports';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import {
  COLUMNS,
  NAME_MAX,
  normalizeHeader,
  type ColumnKey,
  type Names,
  type SchedulePlan,
  type ScheduleWorkbook,
  type SheetCounts,
  type SheetKind,
} from './schedule-import-rows.ts';

export interface RowReader {
  row: SheetRow;
  /** A cell by column, trimmed; '' when empty or the column is absent. */
  cell(key: ColumnKey): string;
  has(key: ColumnKey): boolean;
  problem(key: ColumnKey | null, message: string): void;
  readonly problems: number;
}

/**
 * What judging a workbook needs throughout: the plan being filled, its problems (their columns named
 * in `lang`), each sheet's rows with their cells found by header, the names of a row, and the check
 * for two rows naming one entry.
 */
export function createSheetJudge(workbook: ScheduleWorkbook, lang: Language) {
  const issues: ScheduleImportIssue[] = [];
  const counts = (): SheetCounts => ({ total: 0, create: 0, update: 0, invalid: 0 });
  const plan: SchedulePlan = {
    sheets: { sessions: counts(), user_types: counts(), college_categories: counts() },
    issues,
    sessions: [],
    userTypes: [],
    categories: [],
  };
  const message = (key: FieldMessageKey, bound?: number, text?: string) =>
    fieldMessage(key, lang, bound, text);

  /** Reads a sheet's header, then hands each row to `judge`; a missing required column fails every row. */
  function eachRow(kind: SheetKind, judge: (reader: RowReader) => void) {
    const table = workbook.sheets[kind];
    if (!table) return;
    const summary = plan.sheets[kind];
    summary.total = table.rows.length;
    const specs = COLUMNS[kind];
    const label = (key: ColumnKey | null) =>
      key === null ? null : (specs.find((c) => c.key === key)?.label[lang] ?? null);
    const index = new Map<ColumnKey, number>();
    table.header.cells.forEach((text, i) => {
      const wanted = normalizeHeader(text);
      const spec = specs.find((c) => Object.values(c.label).some((l) => normalizeHeader(l) === wanted));
      if (spec && !index.has(spec.key)) index.set(spec.key, i);
    });
    const missing = specs.filter((c) => c.required && !index.has(c.key));
    if (missing.length > 0) {
      for (const spec of missing)
        issues.push({
          sheet: kind,
          row: table.header.number,
          column: spec.label[lang],
          message: message('importColumnMissing', undefined, spec.label[lang]),
        });
      summary.invalid = table.rows.length;
      return;
    }
    for (const row of table.rows) {
      let problems = 0;
      const reader: RowReader = {
        row,
        cell: (key) => {
          const i = index.get(key);
          return i === undefined ? '' : (row.cells[i] ?? '').trim();
        },
        has: (key) => index.has(key),
        problem: (key, text) => {
          problems += 1;
          issues.push({ sheet: kind, row: row.number, column: label(key), message: text });
        },
        get problems() {
          return problems;
        },
      };
      judge(reader);
      if (problems > 0) summary.invalid += 1;
    }
  }

  /** The three names of a row, each required and at most NAME_MAX characters. */
  function readNames(r: RowReader, required: FieldMessageKey): Names {
    const names = { name: r.cell('name'), name_cn: r.cell('name_cn'), name_en: r.cell('name_en') };
    for (const key of ['name', 'name_cn', 'name_en'] as const) {
      if (names[key] === '') r.problem(key, message(required));
      else if (names[key].length > NAME_MAX) r.problem(key, message('tooLong', NAME_MAX));
    }
    return names;
  }

  /** Rows of a sheet naming the same entry: by a shared key (name, or date and name), or by the entry matched. */
  function duplicates() {
    const byKey = new Map<string, number>();
    const byId = new Map<number, number>();
    return {
      check(r: RowReader, keys: readonly string[], id: number | undefined) {
        const earlier = [
          ...keys.map((k) => byKey.get(k)),
          id === undefined ? undefined : byId.get(id),
        ].filter((row) => row !== undefined);
        if (earlier.length > 0) r.problem(null, message('importDuplicateRow', Math.min(...earlier)));
        for (const key of keys) if (!byKey.has(key)) byKey.set(key, r.row.number);
        if (id !== undefined && !byId.has(id)) byId.set(id, r.row.number);
      },
    };
  }

  return { plan, issues, message, eachRow, readNames, duplicates };
}
export type SheetJudge = ReturnType<typeof createSheetJudge>;
