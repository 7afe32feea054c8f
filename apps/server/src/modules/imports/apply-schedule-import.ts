import { fieldMessage } from '@meetflow/shared/field-messages';
import type { Language } from '@meetflow/shared/languages';
import type { ScheduleImportResult } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import * as imports from './imports.repository.ts';
import { planScheduleImport } from './plan-schedule-import.ts';
import type { SchedulePlan, SheetKind } from './schedule-import-rows.ts';
import type { ScheduleImportsDeps } from './schedule-import.service.ts';
import * as repo from './schedule-import.repository.ts';
import { dateScheduleMeeting, meetingState, readWorkbook } from './schedule-workbook.ts';
import { writeSchedulePlan } from './write-schedule-plan.ts';

const counts = (plan: SchedulePlan, kind: SheetKind) => ({
  create: plan.sheets[kind].create,
  update: plan.sheets[kind].update,
});

/**
 * Reads the stored workbook again and writes it whole in one transaction, judged against the
 * meeting as it is now: any problem refuses it whole (VALIDATION_FAILED). An import is applied
 * once (IMPORT_ALREADY_STARTED after), and its file is dropped then.
 */
export async function applyScheduleImport(
  deps: ScheduleImportsDeps,
  user: AuthUser,
  importId: number,
  ip: string,
  lang: Language,
): Promise<ScheduleImportResult> {
  const { db, dbKind, clock, systemLog, waitlist } = deps;
  const info = await imports.findImport(db, importId);
  if (!info || info.kind !== 'schedule') throw new AppError('NOT_FOUND');
  const meeting = await dateScheduleMeeting(db, user, info.meeting_id);
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
    await writeSchedulePlan(trx, state, judged, clock());
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
}
