import { answerKeyOf, isAnswerTarget, type ImportMapping } from '@meetflow/shared/schemas/imports';
import { liveMeeting } from '../../core/meeting-access.ts';
import { JOB_MAX_ATTEMPTS, PermanentJobError, type JobRow } from '../jobs/jobs.service.ts';
import { judgeRows } from './guest-import-judge.ts';
import type { GuestImportsDeps, StoredOptions } from './guest-import-deps.ts';
import { holdYoungGeneration, importMemoryKeeper, returnImportMemory } from './import-memory.ts';
import * as repo from './imports.repository.ts';
import { TakenOver, columnOf, writeGuestBatch, type BatchRow } from './write-guest-batch.ts';

/*
 * The guest import job: the stored rows judged again and written batch after batch. Each batch is
 * one transaction — its guests, their seats, its failed rows and the import's counts — so a crash
 * leaves whole batches, and the job, taken again after its lease, resumes after them.
 */

/** Rows per transaction: large enough to be fast, small enough to hold the meeting's seat lock briefly. */
export const IMPORT_BATCH_ROWS = 500;
export const GUEST_IMPORT_JOB = 'guest-import';

/** Registers the job's handler with the runner. */
export function registerGuestImportJob(deps: GuestImportsDeps): void {
  const { db, clock, systemLog, jobs } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;

  async function importRows(job: JobRow, file: { rows: number }): Promise<void | { skipped: string }> {
    const { importId } = JSON.parse(job.payload) as { importId: number };
    let info = await repo.findImport(db, importId);
    if (!info || info.status === 'done' || info.status === 'failed')
      return { skipped: 'import already finished' };
    file.rows = info.total;
    const meeting = await liveMeeting(db, info.meeting_id);
    if (!meeting) {
      await repo.updateImportIf(db, importId, ['queued', 'running'], {
        status: 'failed',
        error: 'NOT_FOUND',
        finished_at: clock(),
      });
      throw new PermanentJobError('meeting gone');
    }
    await repo.updateImportIf(db, importId, 'queued', { status: 'running' });
    info = (await repo.findImport(db, importId))!;
    const options = JSON.parse(info.options ?? '{}') as StoredOptions;
    const lang = options.language;
    const mapping = JSON.parse(info.mapping) as ImportMapping;
    const mapped = new Set(mapping.flatMap((field) => (field ? [columnOf(field)] : [])));
    const answerKeys = mapping.flatMap((field) => (isAnswerTarget(field) ? [answerKeyOf(field)] : []));
    const done = info.processed;
    let batch: BatchRow[] = [];
    const keepMemory = importMemoryKeeper();
    const flush = async () => {
      const outcome = await writeGuestBatch(deps, {
        info: info!,
        meeting,
        options,
        rows: batch,
        lang,
        mapped,
        answerKeys,
      });
      info = (await repo.findImport(db, importId))!;
      const written = batch.length;
      batch = [];
      keepMemory(written);
      deps.onSignupsChanged?.(meeting.id);
      if (outcome.filled.meeting) await deps.notifications?.meetingFilled(meeting);
      for (const session of outcome.filled.sessions)
        await deps.notifications?.sessionFilled(meeting, session);
      if (outcome.created > 0 && options.send_confirmation) deps.mail?.kick();
    };
    await judgeRows(db, meeting, info, mapping, lang, async (planned, index, first) => {
      if (index < done) return; // written by an earlier run: whole batches
      batch.push({ planned, first });
      if (batch.length >= batchRows) await flush();
    });
    if (batch.length > 0) await flush();
    if (deps.dbKind === 'postgres' && info.created + info.updated > 0) await repo.refreshGuestStatistics(db);
    const finished = clock();
    await db.transaction().execute(async (trx) => {
      if (await repo.updateImportIf(trx, importId, 'running', { status: 'done', finished_at: finished }))
        await repo.deleteImportRows(trx, importId);
    });
    await systemLog.record({
      action: 'create',
      source: 'admin',
      username: info.created_by,
      ip: '',
      message: {
        key: 'import.guests_finished',
        params: {
          meeting_id: meeting.id,
          meeting_name: meeting.name,
          file_name: info.file_name,
          file_size: info.file_size,
          file_sha256: info.file_sha256,
          created: info.created,
          updated: info.updated,
          skipped: info.skipped,
          failed: info.failed,
        },
      },
    });
  }
  /** A job that will not be tried again leaves its import failed, not running for ever. */
  async function runImport(job: JobRow): Promise<void | { skipped: string }> {
    const file = { rows: 0 };
    const release = holdYoungGeneration();
    try {
      return await importRows(job, file);
    } catch (error) {
      if (error instanceof TakenOver) return { skipped: 'taken over by another runner' };
      if (error instanceof PermanentJobError || job.attempts >= JOB_MAX_ATTEMPTS) {
        const { importId } = JSON.parse(job.payload) as { importId: number };
        await repo.updateImportIf(db, importId, ['queued', 'running'], {
          status: 'failed',
          error: 'INTERNAL',
          finished_at: clock(),
        });
      }
      throw error;
    } finally {
      release();
      returnImportMemory(file.rows);
    }
  }
  jobs.handle(GUEST_IMPORT_JOB, runImport);
}
