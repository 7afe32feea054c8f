import { createHash } from 'node:crypto';
import type { Language } from '@meetflow/shared/languages';
import {
  IMPORT_PREVIEW_ISSUES_MAX,
  type ScheduleImportPreview,
  type ScheduleImportResult,
} from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { SeatEvents } from '../guests/seat-events.ts';
import { applyScheduleImport } from './apply-schedule-import.ts';
import * as imports from './imports.repository.ts';
import { planScheduleImport } from './plan-schedule-import.ts';
import { scheduleImportTemplate } from './schedule-import-template.ts';
import * as repo from './schedule-import.repository.ts';
import { dateScheduleMeeting, meetingState, readWorkbook } from './schedule-workbook.ts';

/*
 * The schedule workbook of a date-schedule meeting (issue 16): sessions, registration types and
 * college categories from one XLSX with a sheet per kind. Upload stores the file and answers a
 * preview; nothing is written until apply, which reads the file again, judges it again against the
 * meeting as it is then, and writes it whole in one transaction — or refuses it whole. The rules of
 * each sheet are in plan-schedule-import.ts.
 */

export interface ScheduleImportsDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  /** Limits the workbook raised hand their new seats to the sessions' waiting lists, in its transaction. */
  waitlist?: Pick<SeatEvents, 'seatsFreedIn'>;
}

export function createScheduleImports(deps: ScheduleImportsDeps) {
  const { db, clock } = deps;
  return {
    /** The meeting's workbook as it is now, in a language, ready to be edited and imported again. */
    async template(user: AuthUser, meetingId: number, lang: Language) {
      const meeting = await dateScheduleMeeting(db, user, meetingId);
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
      const meeting = await dateScheduleMeeting(db, user, meetingId);
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
     * meeting as it is now (apply-schedule-import.ts).
     */
    apply: (user: AuthUser, importId: number, ip: string, lang: Language): Promise<ScheduleImportResult> =>
      applyScheduleImport(deps, user, importId, ip, lang),
  };
}
export type ScheduleImports = ReturnType<typeof createScheduleImports>;
