import { fieldMessage } from '@meetflow/shared/field-messages';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { ImportMapping } from '@meetflow/shared/schemas/imports';
import { liveMeeting } from '../../core/meeting-access.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import {
  enrolledScheduleIds,
  guestFormValues,
  insertGuestBatch,
  openSeatLedger,
  updateGuestAddingSessions,
  type FilledSeats,
  type NewGuest,
} from '../guests/guest-rules.ts';
import { PermanentJobError, type JobRow } from '../jobs/jobs.service.ts';
import { judgeRows } from './guest-import-judge.ts';
import { problemsText, type PlannedRow } from './guest-import-rows.ts';
import type { GuestImportsDeps, StoredOptions } from './guest-import.service.ts';
import * as repo from './imports.repository.ts';

/*
 * The guest import job: the stored rows judged again and written batch after batch. Each batch is
 * one transaction — its guests, their seats, its failed rows and the import's counts — so a crash
 * leaves whole batches, and the job, taken again after its lease, resumes after them.
 */

/** Rows per transaction: large enough to be fast, small enough to hold the meeting's seat lock briefly. */
export const IMPORT_BATCH_ROWS = 500;
export const GUEST_IMPORT_JOB = 'guest-import';

/** A judged row of the batch; `first` is the earlier row with the same phone, when it repeats one. */
interface BatchRow {
  planned: PlannedRow;
  first: number | undefined;
}
interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  filled: FilledSeats;
}

/** Registers the job's handler with the runner. */
export function registerGuestImportJob(deps: GuestImportsDeps): void {
  const { db, clock, systemLog, jobs } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;

  async function writeBatch(
    info: repo.ImportInfo,
    meeting: NonNullable<Awaited<ReturnType<typeof liveMeeting>>>,
    options: StoredOptions,
    rows: readonly BatchRow[],
    lang: Language,
  ): Promise<BatchOutcome> {
    const now = clock();
    const outcome: BatchOutcome = {
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      filled: { meeting: false, sessions: [] },
    };
    const sessionName = new Map(
      (await repo.sessionsOf(db, meeting.id)).map((s) => [s.id, nameIn(lang, s.name, s.name_cn, s.name_en)]),
    );
    await db.transaction().execute(async (trx) => {
      const candidates = rows.filter((r) => r.planned.kind === 'valid' && r.first === undefined);
      const keys = candidates.map((r) => (r.planned as Extract<PlannedRow, { kind: 'valid' }>).key);
      const phones = [...new Set(keys.map((k) => k.slice(k.indexOf('|') + 1)))];
      const existing = new Map<string, number>();
      for (const guest of await repo.liveGuestsByPhone(trx, meeting.id, phones)) {
        existing.set(`${guest.area_code}|${guest.phone}`, guest.id);
      }
      const ledger = await openSeatLedger(trx, {
        locking: deps.dbKind === 'postgres',
        meetingId: meeting.id,
        scheduleIds: candidates.flatMap(
          (r) => (r.planned as Extract<PlannedRow, { kind: 'valid' }>).scheduleIds,
        ),
        overLimit: options.over_limit,
      });
      const failures: { import_id: number; row_number: number; cells: string; reason: string }[] = [];
      const fail = (row: SheetRow, reason: string) => {
        failures.push({
          import_id: info.id,
          row_number: row.number,
          cells: JSON.stringify(row.cells),
          reason,
        });
        outcome.failed += 1;
      };
      const newGuests: NewGuest[] = [];
      const mailColumns = options.send_confirmation ? (deps.mail?.confirmationColumns() ?? {}) : {};
      for (const { planned, first } of rows) {
        if (planned.kind === 'invalid') {
          fail(planned.row, problemsText(planned.problems));
          continue;
        }
        if (first !== undefined) {
          // Not written, and listed in the failed rows: two people may have been given one phone by mistake.
          failures.push({
            import_id: info.id,
            row_number: planned.row.number,
            cells: JSON.stringify(planned.row.cells),
            reason: fieldMessage('duplicateInFile', lang, first),
          });
          outcome.skipped += 1;
          continue;
        }
        const refusalText = (refusal: NonNullable<ReturnType<typeof ledger.takeForNewGuest>>) =>
          refusal.full === 'meeting'
            ? fieldMessage('meetingFullRow', lang)
            : fieldMessage('sessionFullRow', lang, undefined, sessionName.get(refusal.scheduleId) ?? '');
        const guestId = existing.get(planned.key);
        const values = guestFormValues(planned.body, planned.phone);
        if (guestId !== undefined) {
          if (options.on_existing === 'skip') {
            outcome.skipped += 1;
            continue;
          }
          const enrolled = new Set(await enrolledScheduleIds(trx, guestId));
          const added = planned.scheduleIds.filter((id) => !enrolled.has(id));
          const refusal = ledger.takeSessions(added);
          if (refusal) {
            fail(planned.row, refusalText(refusal));
            continue;
          }
          await updateGuestAddingSessions(trx, { id: guestId, meeting_id: meeting.id }, values, added, now);
          outcome.updated += 1;
          continue;
        }
        const refusal = ledger.takeForNewGuest(planned.scheduleIds);
        if (refusal) {
          fail(planned.row, refusalText(refusal));
          continue;
        }
        newGuests.push({
          values: {
            ...values,
            meeting_id: meeting.id,
            guest_code: newGuestCode(),
            token_hash: sha256(randomToken(32)),
            created_at: now,
            language: options.language,
            ...mailColumns,
          },
          scheduleIds: planned.scheduleIds,
        });
      }
      await insertGuestBatch(trx, newGuests, now);
      outcome.created = newGuests.length;
      outcome.filled = await ledger.commit();
      await repo.insertFailures(trx, failures);
      const moved = await repo.updateImportIf(trx, info.id, 'running', {
        processed: info.processed + rows.length,
        created: info.created + outcome.created,
        updated: info.updated + outcome.updated,
        skipped: info.skipped + outcome.skipped,
        failed: info.failed + outcome.failed,
      });
      // Another runner took the import over (this one's lease ran out): leave the batch to it.
      if (!moved) throw new PermanentJobError('import no longer running here');
    });
    return outcome;
  }

  async function runImport(job: JobRow): Promise<void | { skipped: string }> {
    const { importId } = JSON.parse(job.payload) as { importId: number };
    let info = await repo.findImport(db, importId);
    if (!info || info.status === 'done' || info.status === 'failed')
      return { skipped: 'import already finished' };
    const meeting = await liveMeeting(db, info.meeting_id);
    const rowsData = await repo.findImportRows(db, importId);
    if (!meeting || !rowsData) {
      await repo.updateImportIf(db, importId, ['queued', 'running'], {
        status: 'failed',
        error: 'NOT_FOUND',
        finished_at: clock(),
      });
      throw new PermanentJobError('meeting or file gone');
    }
    await repo.updateImportIf(db, importId, 'queued', { status: 'running' });
    info = (await repo.findImport(db, importId))!;
    const options = JSON.parse(info.options ?? '{}') as StoredOptions;
    const lang = options.language;
    const mapping = JSON.parse(info.mapping) as ImportMapping;
    const done = info.processed;
    let batch: BatchRow[] = [];
    const flush = async () => {
      const outcome = await writeBatch(info!, meeting, options, batch, lang);
      info = (await repo.findImport(db, importId))!;
      batch = [];
      deps.onSignupsChanged?.(meeting.id);
      if (outcome.filled.meeting) await deps.notifications?.meetingFilled(meeting);
      for (const session of outcome.filled.sessions)
        await deps.notifications?.sessionFilled(meeting, session);
      if (outcome.created > 0 && options.send_confirmation) deps.mail?.kick();
    };
    await judgeRows(db, meeting, info, rowsData, mapping, lang, async (planned, index, first) => {
      if (index < done) return; // written by an earlier run: whole batches
      batch.push({ planned, first });
      if (batch.length >= batchRows) await flush();
    });
    if (batch.length > 0) await flush();
    const finished = clock();
    await repo.updateImportIf(db, importId, 'running', {
      status: 'done',
      finished_at: finished,
      rows_data: null,
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
  jobs.handle(GUEST_IMPORT_JOB, runImport);
}
