import type ExcelJS from 'exceljs';
import { addListValidation, newWorkbook } from '../../lib/xlsx-template.ts';
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
 * itself is limited to 255 characters). Written with exceljs, as the guest template is.
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

export async function scheduleImportTemplate(data: ScheduleTemplateData, lang: Language): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheetOf = (kind: SheetKind) => {
    const sheet = workbook.addWorksheet(SHEET_NAMES[kind][lang], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS[kind].map((column) => {
      const header = column.label[lang];
      return {
        header: column.required ? `${header} *` : header,
        width: column.key === 'sessions' ? 60 : Math.max(14, header.length * (lang === 'en' ? 1.2 : 2.2) + 4),
      };
    });
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  const columnOf = (kind: SheetKind, key: (typeof COLUMNS)[SheetKind][number]['key']) =>
    COLUMNS[kind].findIndex((c) => c.key === key) + 1;

  const sessionsSheet = sheetOf('sessions');
  const typesSheet = sheetOf('user_types');
  const categoriesSheet = sheetOf('college_categories');
  const lists = workbook.addWorksheet(LISTS[lang], { state: 'hidden' });

  const slotLabel = (id: number | null) => {
    const slot = id === null ? undefined : data.sessionSlots.get(id);
    return slot ? timeSlotLabel(slot, lang) : null;
  };
  const startOf = (id: number | null) => (id === null ? undefined : data.sessionSlots.get(id)?.start_time);
  // In the order visitors read them: by day, time slot, then the organiser's sort.
  const sessions = [...data.sessions].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (startOf(a.meeting_time_id) ?? '99:99').localeCompare(startOf(b.meeting_time_id) ?? '99:99') ||
      a.sort - b.sort ||
      a.id - b.id,
  );
  // Dates and names stay text: Excel would turn 2026-12-01 into its own date format.
  sessionsSheet.getColumn(columnOf('sessions', 'date')).numFmt = '@';
  for (const s of sessions) {
    sessionsSheet.addRow([
      s.date,
      slotLabel(s.meeting_time_id),
      s.name,
      s.name_cn,
      s.name_en,
      s.signup_limit,
    ]);
  }

  const references = new Map(sessions.map((s) => [s.id, sessionReference(s, sessions, lang)]));
  const order = new Map(sessions.map((s, i) => [s.id, i]));
  for (const t of data.userTypes) {
    const allowed = [...t.scheduleIds].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    typesSheet.addRow([
      t.name,
      t.name_cn,
      t.name_en,
      allowed.flatMap((id) => references.get(id) ?? []).join('; '),
    ]);
  }
  for (const c of data.categories) categoriesSheet.addRow([c.name, c.name_cn, c.name_en]);

  /** A column of the hidden sheet as a list a validation can point to. */
  const listRange = (index: number, header: string, values: readonly string[]) => {
    const column = lists.getColumn(index);
    column.values = [header, ...values];
    return `'${LISTS[lang]}'!$${column.letter}$2:$${column.letter}$${values.length + 1}`;
  };
  const validate = (sheet: ExcelJS.Worksheet, column: number, formula: string, strict: boolean) =>
    addListValidation(sheet, column, IMPORT_ROWS_MAX + 1, formula, strict);
  const slotColumn = columnOf('sessions', 'time_slot');
  if (data.timeSlots.length > 0) {
    const labels = data.timeSlots.map((slot) => timeSlotLabel(slot, lang));
    validate(
      sessionsSheet,
      slotColumn,
      listRange(1, COLUMNS.sessions[slotColumn - 1]!.label[lang], labels),
      true,
    );
  }
  const allowedColumn = columnOf('user_types', 'sessions');
  if (sessions.length > 0) {
    // Several sessions share one cell ("a; b"): the list helps, it does not forbid.
    validate(
      typesSheet,
      allowedColumn,
      listRange(2, COLUMNS.user_types[allowedColumn - 1]!.label[lang], [...references.values()]),
      false,
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
