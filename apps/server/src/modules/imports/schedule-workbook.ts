import { IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadSpreadsheetReader } from '../../lib/spreadsheet.ts';
import { dateWithinMeeting } from '../dictionary/dictionary-context.ts';
import { spreadsheetError } from './import-common.ts';
import * as imports from './imports.repository.ts';
import { sheetKindOf, type MeetingState, type ScheduleWorkbook } from './schedule-import-rows.ts';
import * as repo from './schedule-import.repository.ts';

/**
 * The workbook's sheets of a known kind (by name, in any language), each with its header row (the
 * first non-empty one) and data rows; a second sheet of a kind is noted, not read. Refuses what is
 * not an XLSX, what unpacks unsafely, more rows than allowed, and a workbook with no data row.
 */
export async function readWorkbook(bytes: Uint8Array): Promise<ScheduleWorkbook> {
  const { checkZip, isLegacyExcel, readSheets, sniffFormat } = await loadSpreadsheetReader();
  if (isLegacyExcel(bytes)) throw new AppError('IMPORT_XLS_NOT_SUPPORTED_XLSX_ONLY');
  if (sniffFormat(bytes) !== 'xlsx') throw new AppError('FILE_TYPE_NOT_ALLOWED');
  const workbook: ScheduleWorkbook = { sheets: {}, repeated: [] };
  const seen = new Set<string>();
  try {
    await checkZip(bytes, IMPORT_ROWS_MAX + 1);
    for await (const { sheet, row } of readSheets(bytes, {
      format: 'xlsx',
      maxRows: IMPORT_ROWS_MAX + 1,
      sheets: (name) => sheetKindOf(name) !== undefined,
    })) {
      const kind = sheetKindOf(sheet)!;
      const table = workbook.sheets[kind];
      if (!seen.has(sheet)) {
        seen.add(sheet);
        if (table) workbook.repeated.push({ kind, name: sheet });
        else workbook.sheets[kind] = { name: sheet, header: row, rows: [] };
        continue;
      }
      if (table?.name === sheet) table.rows.push(row);
    }
  } catch (error) {
    throw spreadsheetError(error);
  }
  const rows = Object.values(workbook.sheets).reduce((sum, table) => sum + table.rows.length, 0);
  if (rows === 0) throw new AppError('IMPORT_EMPTY');
  return workbook;
}

/** A meeting the user may see (404 otherwise) whose guests choose sessions. */
export async function dateScheduleMeeting(
  db: Db,
  user: AuthUser,
  meetingId: number,
): Promise<VisibleMeeting> {
  const meeting = await visibleMeeting(db, user, meetingId);
  if (meeting.meeting_type !== 'date_schedule') throw new AppError('IMPORT_WRONG_MEETING_TYPE');
  return meeting;
}

/** The meeting's entries as the workbook is judged against them (through `trx` when applying). */
export async function meetingState(trx: Db, meeting: VisibleMeeting) {
  const owners = await ancestorIds(trx, meeting.organization_id);
  // One after another: inside a transaction they share its one connection.
  const sessions = await repo.sessionsOfMeeting(trx, meeting.id);
  const userTypes = await repo.userTypesOfMeeting(trx, meeting.id);
  const allowed = await imports.allowedSessionsOf(trx, meeting.id);
  const categories = await repo.categoriesFor(trx, owners);
  const timeSlots = await repo.timeSlotsFor(trx, owners);
  const allowedOf = new Map<number, number[]>();
  for (const { user_type_id, schedule_id } of allowed)
    allowedOf.set(user_type_id, [...(allowedOf.get(user_type_id) ?? []), schedule_id]);
  return {
    meeting,
    dateWithinMeeting: (date: string) => dateWithinMeeting(date, meeting),
    sessions,
    userTypes: userTypes.map((t) => ({ ...t, scheduleIds: allowedOf.get(t.id) ?? [] })),
    categories,
    timeSlots,
  } satisfies MeetingState;
}
export type JudgedMeetingState = Awaited<ReturnType<typeof meetingState>>;
