import { fieldMessage } from '@meetflow/shared/field-messages';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { GuestImportField, ImportMapping } from '@meetflow/shared/schemas/imports';
import { liveMeeting } from '../../core/meeting-access.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import {
  deleteNewGuests,
  enrolledScheduleIds,
  guestFormValues,
  insertGuestsInPhoneOrder,
  openSeatLedger,
  updateGuestAddingSessions,
  type FilledSeats,
  type GuestFormValues,
  type NewGuest,
} from '../guests/guest-rules.ts';
import { JOB_MAX_ATTEMPTS, PermanentJobError, type JobRow } from '../jobs/jobs.service.ts';
import { judgeRows } from './guest-import-judge.ts';
import { problemsText, type PlannedRow } from './guest-import-rows.ts';
import type { GuestImportsDeps, StoredOptions } from './guest-import-deps.ts';
import * as repo from './imports.repository.ts';
import { guestSignedUp, type WebhookEvent } from '../webhooks/webhooks.service.ts';

/*
 * The guest import job: the stored rows judged again and written batch after batch. Each batch is
 * one transaction — its guests, their seats, its failed rows and the import's counts — so a crash
 * leaves whole batches, and the job, taken again after its lease, resumes after them.
 */

/** Rows per transaction: large enough to be fast, small enough to hold the meeting's seat lock briefly. */
export const IMPORT_BATCH_ROWS = 500;
export const GUEST_IMPORT_JOB = 'guest-import';

/** The guest column an import field fills, where the names differ (sessions are enrolments, not a column). */
const COLUMN_OF: Partial<Record<GuestImportField, string>> = {
  user_type: 'user_type_id',
  college_category: 'college_category_id',
};

/** The form values of the columns the file has (area code and phone always: they name the guest). */
function mappedValues(values: GuestFormValues, mapped: ReadonlySet<string>): GuestFormValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([column]) => column === 'area_code' || column === 'phone' || mapped.has(column),
    ),
  ) as GuestFormValues;
}

/** Another runner took the import over after this one's lease passed: the batch is left to it. */
class TakenOver extends Error {}

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
    mapped: ReadonlySet<string>,
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
      const candidates = rows.flatMap(({ planned, first }) =>
        planned.kind === 'valid' && first === undefined ? [planned] : [],
      );
      const phones = [...new Set(candidates.map((planned) => planned.phone))];
      const locking = deps.dbKind === 'postgres';
      // The guests the batch may update, locked first (PostgreSQL, in id order): guest → meeting →
      // sessions is the order a back-office edit or delete of a guest takes its locks in.
      const existing = new Map<string, number>();
      for (const guest of await repo.liveGuestsByPhone(trx, meeting.id, phones, locking)) {
        existing.set(`${guest.area_code}|${guest.phone}`, guest.id);
      }
      // Then the new guests' rows, before any seat, as a batch of sign-ups writes them: a sign-up
      // writes its row before it locks the meeting's, so a batch holding that lock while it waited on
      // a sign-up's row of the same phone would deadlock with it. A phone taken meanwhile (the batch
      // waits for the sign-up's COMMIT) gets no row: an existing guest, left as it is.
      const mailColumns = options.send_confirmation ? (deps.mail?.confirmationColumns() ?? {}) : {};
      const newRows = candidates.filter((planned) => !existing.has(planned.key));
      const newGuests: NewGuest[] = newRows.map((planned) => ({
        values: {
          ...guestFormValues(planned.body, planned.phone),
          meeting_id: meeting.id,
          guest_code: newGuestCode(),
          token_hash: sha256(randomToken(32)),
          created_at: now,
          language: options.language,
          ...mailColumns,
        },
        scheduleIds: planned.scheduleIds,
      }));
      const newIds = await insertGuestsInPhoneOrder(trx, newGuests, now);
      const newGuestId = new Map(newRows.map((planned, i) => [planned.key, newIds[i]]));
      const ledger = await openSeatLedger(trx, {
        locking,
        meetingId: meeting.id,
        scheduleIds: candidates.flatMap((planned) => planned.scheduleIds),
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
      const created: { id: number; scheduleIds: readonly number[] }[] = [];
      const refusedIds: number[] = [];
      const events: WebhookEvent[] = [];
      for (const { planned, first } of rows) {
        if (planned.kind === 'invalid') {
          fail(planned.row, problemsText(planned.problems));
          continue;
        }
        if (first !== undefined) {
          // Failed, with the row it repeats: two people may have been given one phone by mistake.
          fail(planned.row, fieldMessage('duplicateInFile', lang, first));
          continue;
        }
        const refusalText = (refusal: NonNullable<ReturnType<typeof ledger.takeForNewGuest>>) =>
          refusal.full === 'meeting'
            ? fieldMessage('meetingFullRow', lang)
            : fieldMessage('sessionFullRow', lang, undefined, sessionName.get(refusal.scheduleId) ?? '');
        const guestId = existing.get(planned.key);
        if (guestId !== undefined) {
          if (options.on_existing === 'skip') {
            outcome.skipped += 1;
            continue;
          }
          const values = guestFormValues(planned.body, planned.phone);
          const enrolled = new Set(await enrolledScheduleIds(trx, guestId));
          const added = planned.scheduleIds.filter((id) => !enrolled.has(id));
          const refusal = ledger.takeSessions(added);
          if (refusal) {
            fail(planned.row, refusalText(refusal));
            continue;
          }
          // What the file has replaces what the guest had; columns the file does not have stay as they were.
          const updated = await updateGuestAddingSessions(
            trx,
            { id: guestId, meeting_id: meeting.id },
            mappedValues(values, mapped),
            added,
            now,
          );
          // Locked above, the guest cannot have been cancelled since: a false here is a bug, not a row.
          if (!updated) throw new Error(`guest ${guestId} vanished under its lock`);
          outcome.updated += 1;
          events.push({
            type: 'guest.updated',
            meetingId: meeting.id,
            guestId,
            data: { guest_id: guestId, changed: Object.keys(mappedValues(values, mapped)), source: 'import' },
          });
          if (added.length > 0)
            events.push({
              type: 'enrolment.changed',
              meetingId: meeting.id,
              guestId,
              data: {
                guest_id: guestId,
                added_session_ids: added,
                removed_session_ids: [],
                source: 'import',
              },
            });
          continue;
        }
        const newId = newGuestId.get(planned.key);
        if (newId === undefined) {
          outcome.skipped += 1; // a sign-up took the phone while the batch waited
          continue;
        }
        // The seats in file order, as ever; a row refused them is deleted again.
        const refusal = ledger.takeForNewGuest(planned.scheduleIds);
        if (refusal) {
          refusedIds.push(newId);
          fail(planned.row, refusalText(refusal));
          continue;
        }
        created.push({ id: newId, scheduleIds: planned.scheduleIds });
      }
      await deleteNewGuests(trx, refusedIds);
      events.push(
        ...created.map((guest) => guestSignedUp(meeting.id, guest.id, 'import', guest.scheduleIds)),
      );
      await deps.webhooks.emitAll(trx, events);
      outcome.created = created.length;
      outcome.filled = await ledger.commit();
      await repo.insertFailures(trx, failures);
      // Only from where this runner read it: if another runner took the import over after this one's
      // lease passed, the batch is its, and this one's rolls back.
      const moved = await repo.advanceImport(trx, info.id, info.processed, {
        processed: info.processed + rows.length,
        created: info.created + outcome.created,
        updated: info.updated + outcome.updated,
        skipped: info.skipped + outcome.skipped,
        failed: info.failed + outcome.failed,
      });
      if (!moved) throw new TakenOver();
    });
    return outcome;
  }

  async function importRows(job: JobRow): Promise<void | { skipped: string }> {
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
    const mapped = new Set(mapping.flatMap((field) => (field ? [COLUMN_OF[field] ?? field] : [])));
    const done = info.processed;
    let batch: BatchRow[] = [];
    const flush = async () => {
      const outcome = await writeBatch(info!, meeting, options, batch, lang, mapped);
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
    if (deps.dbKind === 'postgres' && info.created + info.updated > 0) await repo.refreshGuestStatistics(db);
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
  /** A job that will not be tried again leaves its import failed, not running for ever. */
  async function runImport(job: JobRow): Promise<void | { skipped: string }> {
    try {
      return await importRows(job);
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
    }
  }
  jobs.handle(GUEST_IMPORT_JOB, runImport);
}
