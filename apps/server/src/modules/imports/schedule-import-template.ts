import { columnsAsRows, xlsxBuffer } from '../../lib/xlsx-template.ts';
import { listSource, type XlsxCell, type XlsxSheetData } from '../../lib/xlsx-writer.ts';
import type { Language, Localized } from '@meetflow/shared/languages';
import { IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import {
  COLUMNS,
  SHEET_NAMES,
  sessionReference,
  timeSlotLabel,
  type ExistingCategory,
  type ExistingSession,
  type ExistingUserType,
  type SheetKind,
  type TimeSlot,
} from './schedule-import-rows.ts';

/*
 * The schedule workbook of a date-schedule meeting in the reader's language: one sheet per kind
 * (sessions, registration types, college categories), headers in that language (required ones
 * marked *), filled with the meeting's entries as they are, so that it can be edited and imported
 * again. The time-slot column offers the slots the meeting's organisation may use, and the
 * registration types' column its sessions, from a hidden sheet (a list typed into the validation
 * itself is limited to 255 characters). Written by our own XLSX writer, as the guest template is.
 */

export interface ScheduleTemplateData {
  sessions: readonly (ExistingSession & { sort: number })[];
  userTypes: readonly ExistingUserType[];
  /** The categories the meeting's organisation may use. */
  categories: readonly ExistingCategory[];
  /** The time slots the meeting's organisation may use. */
  timeSlots: readonly TimeSlot[];
  /** The time slots the sessions have (one may no longer be usable). */
  sessionSlots: ReadonlyMap<number, TimeSlot>;
}

const LISTS: Localized = { 'zh-tw': '選項', 'zh-cn': '选项', en: 'Lists' };

type ColumnKey = (typeof COLUMNS)[SheetKind][number]['key'];

/** A sheet of one kind: its headers in the reader's language, required ones marked *. */
function kindSheet(kind: SheetKind, lang: Language, rows: XlsxCell[][]): XlsxSheetData {
  const headers = COLUMNS[kind].map((column) => column.label[lang]);
  return {
    name: SHEET_NAMES[kind][lang],
    header: COLUMNS[kind].map((column, i) => (column.required ? `${headers[i]} *` : headers[i]!)),
    widths: COLUMNS[kind].map((column, i) =>
      column.key === 'sessions' ? 60 : Math.max(14, headers[i]!.length * (lang === 'en' ? 1.2 : 2.2) + 4),
    ),
    rows,
  };
}

function columnOf(kind: SheetKind, key: ColumnKey): number {
  return COLUMNS[kind].findIndex((c) => c.key === key);
}

/** In the order visitors read them: by day, time slot, then the organiser's sort. */
function sessionsInOrder(data: ScheduleTemplateData): ScheduleTemplateData['sessions'] {
  const startOf = (id: number | null) => (id === null ? undefined : data.sessionSlots.get(id)?.start_time);
  return [...data.sessions].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (startOf(a.meeting_time_id) ?? '99:99').localeCompare(startOf(b.meeting_time_id) ?? '99:99') ||
      a.sort - b.sort ||
      a.id - b.id,
  );
}

export async function scheduleImportTemplate(data: ScheduleTemplateData, lang: Language): Promise<Buffer> {
  const slotLabel = (id: number | null) => {
    const slot = id === null ? undefined : data.sessionSlots.get(id);
    return slot ? timeSlotLabel(slot, lang) : null;
  };
  const sessions = sessionsInOrder(data);
  const references = new Map(sessions.map((s) => [s.id, sessionReference(s, sessions, lang)]));
  const order = new Map(sessions.map((s, i) => [s.id, i]));
  const sessionsSheet = kindSheet(
    'sessions',
    lang,
    sessions.map((s) => [s.date, slotLabel(s.meeting_time_id), s.name, s.name_cn, s.name_en, s.signup_limit]),
  );
  // Dates and names stay text: Excel would turn 2026-12-01 into its own date format.
  sessionsSheet.textColumns = [columnOf('sessions', 'date')];
  const typesSheet = kindSheet(
    'user_types',
    lang,
    data.userTypes.map((t) => {
      const allowed = [...t.scheduleIds].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      return [t.name, t.name_cn, t.name_en, allowed.flatMap((id) => references.get(id) ?? []).join('; ')];
    }),
  );
  const categoriesSheet = kindSheet(
    'college_categories',
    lang,
    data.categories.map((c) => [c.name, c.name_cn, c.name_en]),
  );

  // The hidden sheet's columns: the time slots (A), then the sessions (B).
  const slotColumn = columnOf('sessions', 'time_slot');
  const allowedColumn = columnOf('user_types', 'sessions');
  const lists = {
    name: LISTS[lang],
    header: [COLUMNS.sessions[slotColumn]!.label[lang], COLUMNS.user_types[allowedColumn]!.label[lang]],
    widths: [],
    rows: columnsAsRows([data.timeSlots.map((slot) => timeSlotLabel(slot, lang)), [...references.values()]]),
    hidden: true,
  };
  const lastRow = IMPORT_ROWS_MAX + 1;
  if (data.timeSlots.length > 0) {
    const source = listSource(LISTS[lang], 0, data.timeSlots.length);
    sessionsSheet.validations = [{ column: slotColumn, lastRow, source, strict: true }];
  }
  if (sessions.length > 0) {
    // Several sessions share one cell ("a; b"): the list helps, it does not forbid.
    const source = listSource(LISTS[lang], 1, sessions.length);
    typesSheet.validations = [{ column: allowedColumn, lastRow, source, strict: false }];
  }
  return xlsxBuffer([sessionsSheet, typesSheet, categoriesSheet, lists]);
}
