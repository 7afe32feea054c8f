import { createHash } from 'node:crypto';
import { fieldMessage } from '@meetflow/shared/field-messages';
import type { Language } from '@meetflow/shared/languages';
import {
  IMPORT_PREVIEW_ISSUES_MAX,
  IMPORT_ROWS_MAX,
  type ScheduleImportPreview,
  type ScheduleImportResult,
} from '@meetflow/shared/schemas/imports';
import type { Db, DatabaseKind } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadSpreadsheetReader } from '../../lib/spreadsheet.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import { dateWithinMeeting } from '../dictionary/dictionary-context.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as imports from './imports.repository.ts';
import {
  planScheduleImport,
  sheetKindOf,
  type MeetingState,
  type SchedulePlan,
  type ScheduleWorkbook,
  type SessionRef,
  type SheetKind,
} from './schedule-import-rows.ts';
import { scheduleImportTemplate } from './schedule-import-template.ts';
import { spreadsheetError } from './import-common.ts';
import * as repo from './schedule-import.repository.ts';
import type { SeatEvents } from '../guests/seat-events.ts';

/*
 * The schedule workbook of a date-schedule meeting (issue 16): sessions, registration types and
 * college categories from one XLSX with a sheet per kind. Upload stores the file and answers a
 * preview; nothing is written until apply, which reads the file again, judges it again against the
 * meeting as it is then, and writes it whole in one transaction — or refuses it whole. The rules of
 * each sheet are in schedule-import-rows.ts.
 */

export interface ScheduleImportsDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  /** Limits the workbook raised hand their new seats to the sessions' waiting lists, in its transaction. */
  waitlist?: Pick<SeatEvents, 'seatsFreedIn'>;
}

/**
 * The workbook's sheets of a known kind (by name, in any language), each with its header row (the
 * first non-empty one) and data rows; a second sheet of a kind is noted, not read. Refuses what is
 * not an XLSX, what unpacks unsafely, more rows than allowed, and a workbook with no data row.
 */
async function readWorkbook(bytes: Uint8Array): Promise<ScheduleWorkbook> {
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

export function createScheduleImports({ db, dbKind, clock, systemLog, waitlist }: ScheduleImportsDeps) {
  /** A meeting the user may see (404 otherwise) whose guests choose sessions. */
  async function dateScheduleMeeting(user: AuthUser, meetingId: number): Promise<VisibleMeeting> {
    const meeting = await visibleMeeting(db, user, meetingId);
    if (meeting.meeting_type !== 'date_schedule') throw new AppError('IMPORT_WRONG_MEETING_TYPE');
    return meeting;
  }

  /** The meeting's entries as the workbook is judged against them (through `trx` when applying). */
  async function meetingState(trx: Db, meeting: VisibleMeeting) {
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

  const counts = (plan: SchedulePlan, kind: SheetKind) => ({
    create: plan.sheets[kind].create,
    update: plan.sheets[kind].update,
  });

  /** Writes a judged, valid plan: sessions first (registration types name new ones), after the existing entries. */
  async function write(trx: Db, state: Awaited<ReturnType<typeof meetingState>>, plan: SchedulePlan) {
    const now = clock();
    const { meeting } = state;
    const stamps = { created_at: now, updated_at: now };
    /** Sort values after the existing ones, one per new entry, in file order. */
    const after = (sorts: readonly number[]) => {
      let last = sorts.reduce((max, sort) => Math.max(max, sort), 0);
      return () => (last += 1);
    };

    const nextSessionSort = after(state.sessions.map((s) => s.sort));
    const sortOfRow = new Map<number, number>(); // workbook row → the new session's sort
    const newSessions = plan.sessions.flatMap((action) => {
      if (action.kind !== 'create') return [];
      const sort = nextSessionSort();
      sortOfRow.set(action.row, sort);
      return [{ ...action.values, meeting_id: meeting.id, sort, ...stamps }];
    });
    const sessionBySort = new Map(
      (await repo.insertSessions(trx, newSessions)).map((row) => [row.sort, row.id]),
    );
    for (const action of plan.sessions) {
      if (action.kind !== 'update') continue;
      const values = { ...action.values, updated_at: now };
      // A sign-up took a seat after the judging (SQLite; PostgreSQL holds the rows meanwhile).
      if (!(await repo.updateSessionWithinCount(trx, meeting.id, action.id, values)))
        throw new AppError('SIGNUP_LIMIT_BELOW_COUNT');
    }
    const sessionIdOf = (ref: SessionRef) =>
      'id' in ref ? ref.id : sessionBySort.get(sortOfRow.get(ref.row)!)!;

    const nextTypeSort = after(state.userTypes.map((t) => t.sort));
    const created = plan.userTypes.flatMap((action) =>
      action.kind === 'create' ? [{ action, sort: nextTypeSort() }] : [],
    );
    const typeBySort = new Map(
      (
        await repo.insertUserTypes(
          trx,
          created.map(({ action, sort }) => ({ ...action.names, meeting_id: meeting.id, sort, ...stamps })),
        )
      ).map((row) => [row.sort, row.id]),
    );
    const typeIdOf = new Map(created.map(({ action, sort }) => [action, typeBySort.get(sort)!]));
    for (const action of plan.userTypes) {
      if (action.kind === 'update')
        await repo.updateUserType(trx, meeting.id, action.id, { ...action.names, updated_at: now });
    }
    const typeIds = plan.userTypes.map((action) =>
      action.kind === 'update' ? action.id : typeIdOf.get(action)!,
    );
    await repo.replaceAllowedSessions(
      trx,
      typeIds,
      plan.userTypes.flatMap((action, i) =>
        [...new Set(action.sessions.map(sessionIdOf))].map((schedule_id) => ({
          user_type_id: typeIds[i]!,
          schedule_id,
        })),
      ),
    );

    const nextCategorySort = after(state.categories.map((c) => c.sort));
    await repo.insertCategories(
      trx,
      plan.categories.flatMap((action) =>
        action.kind === 'create'
          ? [
              {
                ...action.names,
                organization_id: meeting.organization_id,
                sort: nextCategorySort(),
                ...stamps,
              },
            ]
          : [],
      ),
    );
    for (const action of plan.categories) {
      if (action.kind === 'update')
        await repo.updateOwnCategory(trx, meeting.organization_id, action.id, {
          ...action.names,
          updated_at: now,
        });
    }
  }

  return {
    /** The meeting's workbook as it is now, in a language, ready to be edited and imported again. */
    async template(user: AuthUser, meetingId: number, lang: Language) {
      const meeting = await dateScheduleMeeting(user, meetingId);
      const state = await meetingState(db, meeting);
      const slotIds = [
        ...new Set(state.sessions.flatMap((s) => (s.meeting_time_id === null ? [] : [s.meeting_time_id]))),
      ];
      const sessionSlots = new Map((await repo.timeSlotsByIds(db, slotIds)).map((slot) => [slot.id, slot]));
      const file = await scheduleImportTemplate({ ...state, sessionSlots }, lang);
      return { meeting, file };
    },

    /** Stores the workbook and judges every row; nothing is written to the meeting yet. */
    async upload(
      user: AuthUser,
      meetingId: number,
      file: { name: string; bytes: Uint8Array },
      lang: Language,
    ): Promise<ScheduleImportPreview> {
      const meeting = await dateScheduleMeeting(user, meetingId);
      const workbook = await readWorkbook(file.bytes);
      const plan = planScheduleImport(workbook, await meetingState(db, meeting), lang);
      const fileName = file.name.slice(0, 255) || 'import.xlsx';
      const id = await imports.insertImport(db, {
        kind: 'schedule',
        meeting_id: meeting.id,
        file_name: fileName,
        file_size: file.bytes.byteLength,
        file_sha256: createHash('sha256').update(file.bytes).digest('hex'),
        file_data: file.bytes,
        format: 'xlsx',
        total: Object.values(plan.sheets).reduce((sum, sheet) => sum + sheet.total, 0),
        created_by: user.auditName,
        created_at: clock(),
      });
      return {
        id,
        file_name: fileName,
        sheets: plan.sheets,
        issues: plan.issues.slice(0, IMPORT_PREVIEW_ISSUES_MAX),
        can_apply: plan.issues.length === 0,
      };
    },

    /**
     * Reads the stored workbook again and writes it whole in one transaction, judged against the
     * meeting as it is now: any problem refuses it whole (VALIDATION_FAILED). An import is applied
     * once (IMPORT_ALREADY_STARTED after), and its file is dropped then.
     */
    async apply(user: AuthUser, importId: number, ip: string, lang: Language): Promise<ScheduleImportResult> {
      const info = await imports.findImport(db, importId);
      if (!info || info.kind !== 'schedule') throw new AppError('NOT_FOUND');
      const meeting = await dateScheduleMeeting(user, info.meeting_id);
      if (info.status !== 'uploaded') throw new AppError('IMPORT_ALREADY_STARTED');
      const bytes = await imports.findImportFile(db, importId);
      if (!bytes) throw new AppError('IMPORT_ALREADY_STARTED');
      const workbook = await readWorkbook(bytes);
      const plan = await db.transaction().execute(async (trx) => {
        // Claimed first: a second apply waits here (PostgreSQL's row lock) and then finds it taken.
        if (
          !(await imports.updateImportIf(trx, importId, 'uploaded', {
            status: 'running',
            started_at: clock(),
          }))
        )
          throw new AppError('IMPORT_ALREADY_STARTED');
        if (dbKind === 'postgres') await repo.lockSessionsOfMeeting(trx, meeting.id);
        const state = await meetingState(trx, meeting);
        const judged = planScheduleImport(workbook, state, lang);
        if (judged.issues.length > 0) {
          throw new AppError('VALIDATION_FAILED', {
            data: { fields: { file: fieldMessage('importRowsInvalid', lang, judged.issues.length) } },
          });
        }
        await write(trx, state, judged);
        await waitlist?.seatsFreedIn(trx, {
          meetingId: meeting.id,
          meeting: false,
          scheduleIds: state.sessions.map((s) => s.id),
        });
        const sheets = Object.values(judged.sheets);
        await imports.updateImportIf(trx, importId, 'running', {
          status: 'done',
          file_data: null,
          finished_at: clock(),
          processed: sheets.reduce((sum, s) => sum + s.total, 0),
          created: sheets.reduce((sum, s) => sum + s.create, 0),
          updated: sheets.reduce((sum, s) => sum + s.update, 0),
        });
        return judged;
      });
      const result: ScheduleImportResult = {
        sessions: counts(plan, 'sessions'),
        user_types: counts(plan, 'user_types'),
        college_categories: counts(plan, 'college_categories'),
      };
      await systemLog.record({
        action: 'create',
        source: 'admin',
        username: user.auditName,
        ip,
        message: {
          key: 'import.schedule_applied',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            file_name: info.file_name,
            file_size: info.file_size,
            file_sha256: info.file_sha256,
            sessions_created: result.sessions.create,
            sessions_updated: result.sessions.update,
            user_types_created: result.user_types.create,
            user_types_updated: result.user_types.update,
            categories_created: result.college_categories.create,
            categories_updated: result.college_categories.update,
          },
        },
      });
      return result;
    },
  };
}
export type ScheduleImports = ReturnType<typeof createScheduleImports>;
