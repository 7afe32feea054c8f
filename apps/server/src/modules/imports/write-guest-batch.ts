import { fieldMessage } from '@meetflow/shared/field-messages';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { isAnswerTarget, type GuestImportField, type ImportTarget } from '@meetflow/shared/schemas/imports';
import type { liveMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import {
  deleteNewGuests,
  enrolledScheduleIds,
  guestFormValues,
  insertGuestsInPhoneOrder,
  openSeatLedger,
  parseAnswers,
  updateGuestAddingSessions,
  type FilledSeats,
  type GuestFormValues,
  type NewGuest,
  type SeatLedger,
} from '../guests/guest-rules.ts';
import { guestSignedUp, type WebhookEvent } from '../webhooks/webhooks.service.ts';
import { problemsText, seatRefusalText, type PlannedRow } from './guest-import-rows.ts';
import type { GuestImportsDeps, StoredOptions } from './guest-import.service.ts';
import * as repo from './imports.repository.ts';

/** The guest column an import field fills, where the names differ (sessions are enrolments, not a column). */
export const COLUMN_OF: Partial<Record<GuestImportField, string>> = {
  user_type: 'user_type_id',
  college_category: 'college_category_id',
};

/** The guest column a mapped column fills: the meeting's own fields all go to `answers`. */
export function columnOf(target: ImportTarget): string {
  return isAnswerTarget(target) ? 'answers' : (COLUMN_OF[target] ?? target);
}

/** Another runner took the import over after this one's lease passed: the batch is left to it. */
export class TakenOver extends Error {}

/** A judged row of the batch; `first` is the earlier row with the same phone, when it repeats one. */
export interface BatchRow {
  planned: PlannedRow;
  first: number | undefined;
}
export interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  filled: FilledSeats;
}
/** One batch of an import: the rows, and what the whole import shares. */
export interface Batch {
  info: repo.ImportInfo;
  meeting: NonNullable<Awaited<ReturnType<typeof liveMeeting>>>;
  options: StoredOptions;
  rows: readonly BatchRow[];
  lang: Language;
  /** The guest columns the file has. */
  mapped: ReadonlySet<string>;
  /** The meeting's own fields the file has columns for: an existing guest's other answers stay. */
  answerKeys: readonly string[];
}
type ValidRow = Extract<PlannedRow, { kind: 'valid' }>;
/** A guest of the meeting a row names, locked for the batch. */
type ExistingGuest = Awaited<ReturnType<typeof repo.liveGuestsByPhone>>[number];

/** An existing guest's answers with the file's: the fields the file has replaced, the others kept. */
function mergedAnswers(stored: string, keys: readonly string[], given: string): string {
  if (keys.length === 0) return stored;
  const answers = parseAnswers(stored);
  for (const key of keys) delete answers[key];
  return JSON.stringify({ ...answers, ...parseAnswers(given) });
}
type BatchDeps = Pick<GuestImportsDeps, 'db' | 'dbKind' | 'clock' | 'mail' | 'webhooks'>;

/** The form values of the columns the file has (area code and phone always: they name the guest). */
function mappedValues(values: GuestFormValues, mapped: ReadonlySet<string>): GuestFormValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([column]) => column === 'area_code' || column === 'phone' || mapped.has(column),
    ),
  ) as GuestFormValues;
}

/**
 * Writes one batch in one transaction — its guests, their seats, its failed rows and the import's
 * counts — so a crash leaves whole batches. Throws TakenOver when another runner has the import.
 */
export async function writeGuestBatch(deps: BatchDeps, batch: Batch): Promise<BatchOutcome> {
  const { info, meeting, options, rows, lang } = batch;
  const now = deps.clock();
  const outcome: BatchOutcome = {
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    filled: { meeting: false, sessions: [] },
  };
  const sessionName = new Map(
    (await repo.sessionsOf(deps.db, meeting.id)).map((s) => [
      s.id,
      nameIn(lang, s.name, s.name_cn, s.name_en),
    ]),
  );
  await deps.db.transaction().execute(async (trx) => {
    const candidates = rows.flatMap(({ planned, first }) =>
      planned.kind === 'valid' && first === undefined ? [planned] : [],
    );
    const locking = deps.dbKind === 'postgres';
    const { existing, newGuestId, newAnswers } = await lockAndInsertGuests(deps, trx, batch, candidates, now);
    const ledger = await openSeatLedger(trx, {
      locking,
      meetingId: meeting.id,
      scheduleIds: candidates.flatMap((planned) => planned.scheduleIds),
      overLimit: options.over_limit,
    });
    const failures: { import_id: number; row_number: number; cells: string; reason: string }[] = [];
    const fail = (row: SheetRow, reason: string) => {
      failures.push({ import_id: info.id, row_number: row.number, cells: JSON.stringify(row.cells), reason });
      outcome.failed += 1;
    };
    const created: { id: number; scheduleIds: readonly number[]; answers: string | undefined }[] = [];
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
      const guest = existing.get(planned.key);
      if (guest !== undefined) {
        if (options.on_existing === 'skip') {
          outcome.skipped += 1;
          continue;
        }
        const refusal = await updateExistingGuest(trx, batch, ledger, planned, guest, now, events);
        if (refusal) fail(planned.row, seatRefusalText(refusal, lang, sessionName));
        else outcome.updated += 1;
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
        fail(planned.row, seatRefusalText(refusal, lang, sessionName));
        continue;
      }
      created.push({ id: newId, scheduleIds: planned.scheduleIds, answers: newAnswers.get(planned.key) });
    }
    await deleteNewGuests(trx, refusedIds);
    events.push(
      ...created.map((guest) =>
        guestSignedUp(meeting.id, guest.id, 'import', guest.scheduleIds, {
          answers: parseAnswers(guest.answers),
        }),
      ),
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

/**
 * The guests the batch may update, locked first (PostgreSQL, in id order): guest → meeting →
 * sessions is the order a back-office edit or delete of a guest takes its locks in. Then the new
 * guests' rows, before any seat, as a batch of sign-ups writes them: a sign-up writes its row before
 * it locks the meeting's, so a batch holding that lock while it waited on a sign-up's row of the
 * same phone would deadlock with it. A phone taken meanwhile (the batch waits for the sign-up's
 * COMMIT) gets no row: an existing guest, left as it is.
 */
async function lockAndInsertGuests(
  deps: BatchDeps,
  trx: Db,
  batch: Batch,
  candidates: readonly ValidRow[],
  now: number,
) {
  const { meeting, options } = batch;
  const phones = [...new Set(candidates.map((planned) => planned.phone))];
  const existing = new Map<string, ExistingGuest>();
  for (const guest of await repo.liveGuestsByPhone(trx, meeting.id, phones, deps.dbKind === 'postgres')) {
    existing.set(`${guest.area_code}|${guest.phone}`, guest);
  }
  const mailColumns = options.send_confirmation ? (deps.mail?.confirmationColumns() ?? {}) : {};
  const newRows = candidates.filter((planned) => !existing.has(planned.key));
  const newGuests: NewGuest[] = newRows.map((planned) => ({
    values: {
      ...guestFormValues(planned.body, planned.phone),
      answers: planned.answers,
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
  // The answers as written, for the guests' webhook events: no read.
  const newAnswers = new Map(newRows.map((planned, i) => [planned.key, newGuests[i]!.values.answers]));
  return { existing, newGuestId, newAnswers };
}

/**
 * A row naming a guest already there: what the file has replaces what the guest had, and the
 * sessions it adds take seats. Answers the seat refusal, or null when the guest was updated.
 */
async function updateExistingGuest(
  trx: Db,
  batch: Batch,
  ledger: SeatLedger,
  planned: ValidRow,
  guest: ExistingGuest,
  now: number,
  events: WebhookEvent[],
) {
  const { meeting, mapped } = batch;
  const guestId = guest.id;
  const values = {
    ...guestFormValues(planned.body, planned.phone),
    answers: mergedAnswers(guest.answers, batch.answerKeys, planned.answers),
  };
  const enrolled = new Set(await enrolledScheduleIds(trx, guestId));
  const added = planned.scheduleIds.filter((id) => !enrolled.has(id));
  const refusal = ledger.takeSessions(added);
  if (refusal) return refusal;
  // Columns the file does not have stay as they were.
  const written: GuestFormValues & { answers?: string } = mappedValues(values, mapped);
  const updated = await updateGuestAddingSessions(
    trx,
    { id: guestId, meeting_id: meeting.id },
    written,
    added,
    now,
  );
  // Locked above, the guest cannot have been cancelled since: a false here is a bug, not a row.
  if (!updated) throw new Error(`guest ${guestId} vanished under its lock`);
  events.push({
    type: 'guest.updated',
    meetingId: meeting.id,
    guestId,
    data: {
      guest_id: guestId,
      changed: Object.keys(written),
      source: 'import',
      // The answers, when the row wrote them (a row that leaves them as they were says nothing of them).
      ...(written.answers === undefined ? {} : { answers: parseAnswers(written.answers) }),
    },
  });
  if (added.length > 0)
    events.push({
      type: 'enrolment.changed',
      meetingId: meeting.id,
      guestId,
      data: { guest_id: guestId, added_session_ids: added, removed_session_ids: [], source: 'import' },
    });
  return null;
}
