import { createHash } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  IMPORT_PREVIEW_ISSUES_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_SAMPLE_ROWS,
  type GuestImport,
  type GuestImportField,
  type GuestImportPreview,
  type ImportEncoding,
  type ImportIssue,
  type ImportMapping,
} from '@meetflow/shared/schemas/imports';
import type { z } from 'zod';
import type { importStartBody } from '@meetflow/shared/schemas/imports';
import type { Db, DatabaseKind } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import {
  checkZip,
  detectEncoding,
  readSheets,
  sniffFormat,
  SpreadsheetError,
  type SheetRow,
  type TextEncoding,
} from '../../lib/spreadsheet-reader.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import { liveMeeting, visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import {
  guestFormValues,
  insertGuestBatch,
  openSeatLedger,
  updateGuestAddingSessions,
  enrolledScheduleIds,
  type NewGuest,
  type FilledSeats,
} from '../guests/guest-rules.ts';
import { PermanentJobError, type Jobs, type JobRow } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { mappingProblem, normalizeHeader, suggestMapping } from './guest-import-fields.ts';
import { problemsText, rowPlanner, type ImportDictionary, type PlannedRow } from './guest-import-rows.ts';
import { guestImportTemplate } from './guest-import-template.ts';
import * as repo from './imports.repository.ts';

/*
 * Guest import (issue 16): upload → mapping → preview → a job that writes the file in batches.
 * Each batch is one transaction: its guests, their seats, their failures and the import's counts
 * move together, so a crash leaves whole batches and the job, taken again, resumes after them.
 */

/** Rows per transaction: large enough to be fast, small enough to hold the meeting's seat lock briefly. */
export const IMPORT_BATCH_ROWS = 500;
const JOB_KIND = 'guest-import';

type StartOptions = z.output<typeof importStartBody>;
interface StoredOptions extends Omit<StartOptions, 'mapping'> {
  /** The language of the organiser who started it: the new guests' mail is written in it. */
  language: Language;
}

export interface GuestImportsDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  /** The guest row's columns that queue its confirmation, and the nudge that sends it. */
  mail?: { confirmationColumns(): { mail_pending: number }; kick(): void };
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  onSignupsChanged?: (meetingId: number) => void;
  /** Rows per batch (tests make it small to see batches). */
  batchRows?: number;
}

function spreadsheetError(error: unknown): unknown {
  if (!(error instanceof SpreadsheetError)) return error;
  switch (error.problem) {
    case 'type':
      return new AppError('FILE_TYPE_NOT_ALLOWED');
    case 'unsafe':
      return new AppError('IMPORT_FILE_UNSAFE');
    case 'too_many_rows':
      return new AppError('IMPORT_TOO_MANY_ROWS');
    case 'empty':
      return new AppError('IMPORT_EMPTY');
  }
}

/** The header row (the first non-empty one), then the data rows, of the file's first sheet. */
async function* fileRows(
  bytes: Uint8Array,
  format: 'xlsx' | 'csv',
  encoding: TextEncoding | undefined,
): AsyncGenerator<SheetRow> {
  let sheet: string | undefined;
  for await (const entry of readSheets(bytes, { format, encoding, maxRows: IMPORT_ROWS_MAX + 1 })) {
    sheet ??= entry.sheet;
    if (entry.sheet !== sheet) return; // the first sheet only: the template's lists live on another
    yield entry.row;
  }
}

/** Keeps the event loop turning while a long file is judged: door scans on this instance go on. */
async function breathe(count: number): Promise<void> {
  if (count % 1000 === 0) await turn();
}

export function createGuestImports(deps: GuestImportsDeps) {
  const { db, clock, systemLog, jobs } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;

  async function dictionaryOf(meeting: { id: number; meeting_type: string; organization_id: number }) {
    const [userTypes, sessions, allowed, owners] = await Promise.all([
      repo.userTypesOf(db, meeting.id),
      repo.sessionsOf(db, meeting.id),
      repo.allowedSessionsOf(db, meeting.id),
      ancestorIds(db, meeting.organization_id),
    ]);
    const allowedSessions = new Map<number, Set<number>>();
    for (const { user_type_id, schedule_id } of allowed) {
      allowedSessions.set(user_type_id, (allowedSessions.get(user_type_id) ?? new Set()).add(schedule_id));
    }
    return {
      meetingType: meeting.meeting_type as ImportDictionary['meetingType'],
      userTypes,
      collegeCategories: await repo.collegeCategoriesFor(db, owners),
      sessions,
      allowedSessions,
    } satisfies ImportDictionary;
  }

  /** An import of a meeting the user may see; 404 otherwise. */
  async function visibleImport(user: AuthUser, id: number) {
    const info = await repo.findImport(db, id);
    if (!info || info.kind !== 'guests') throw new AppError('NOT_FOUND');
    const meeting = await visibleMeeting(db, user, info.meeting_id);
    return { info, meeting };
  }

  async function view(info: repo.ImportInfo, lang: Language): Promise<GuestImport> {
    const previous = await repo.findSameFile(db, info.meeting_id, info.file_sha256, info.id);
    const options = info.options ? (JSON.parse(info.options) as StoredOptions) : null;
    return {
      id: info.id,
      meeting_id: info.meeting_id,
      status: info.status,
      file_name: info.file_name,
      file_size: info.file_size,
      format: info.format,
      encoding: (info.encoding as TextEncoding | null) ?? null,
      headers: JSON.parse(info.headers) as string[],
      sample: JSON.parse(info.sample) as string[][],
      mapping: JSON.parse(info.mapping) as ImportMapping,
      options: options && {
        on_existing: options.on_existing,
        over_limit: options.over_limit,
        send_confirmation: options.send_confirmation,
      },
      progress: {
        total: info.total,
        processed: info.processed,
        created: info.created,
        updated: info.updated,
        skipped: info.skipped,
        failed: info.failed,
      },
      // Only a finished or running import of the same file is worth a warning.
      previous: previous ? { id: previous.id, finished_at: previous.finished_at } : null,
      created_by: info.created_by,
      created_at: Number(info.created_at),
      started_at: info.started_at === null ? null : Number(info.started_at),
      finished_at: info.finished_at === null ? null : Number(info.finished_at),
      // The column holds an error name of the catalogue, read in the reader's language.
      error:
        info.error &&
        (Object.hasOwn(ERRORS, info.error) ? errorMessage(info.error as ErrorName, lang) : info.error),
    };
  }

  /**
   * Reads a file once, in an encoding: its header row, a sample, and every data row as the columns
   * to store (JSON [[row number, cells], …]) — the preview and the job read those, never the file
   * again. Refuses what cannot be a guest list.
   */
  async function survey(bytes: Uint8Array, format: 'xlsx' | 'csv', encoding: TextEncoding | undefined) {
    let headers: string[] | undefined;
    const rows: [number, string[]][] = [];
    try {
      for await (const row of fileRows(bytes, format, encoding)) {
        if (!headers) headers = row.cells.map((cell) => cell.trim());
        else rows.push([row.number, row.cells]);
        await breathe(rows.length);
      }
    } catch (error) {
      throw spreadsheetError(error);
    }
    if (!headers || rows.length === 0) throw new AppError('IMPORT_EMPTY');
    return {
      headers: JSON.stringify(headers),
      sample: JSON.stringify(rows.slice(0, IMPORT_SAMPLE_ROWS).map(([, cells]) => cells)),
      rows_data: JSON.stringify(rows),
      total: rows.length,
    };
  }

  async function remembered(meetingId: number): Promise<Record<string, GuestImportField | null>> {
    const stored = await repo.rememberedMapping(db, meetingId);
    return stored ? (JSON.parse(stored) as Record<string, GuestImportField | null>) : {};
  }

  function checkMapping(meeting: VisibleMeeting, headers: readonly string[], mapping: ImportMapping) {
    if (mapping.length !== headers.length) {
      throw new AppError('VALIDATION_FAILED', { data: { fields: { mapping: 'invalidOption' } } });
    }
    const problem = mappingProblem(meeting.meeting_type, mapping);
    if (problem) throw new AppError('IMPORT_MAPPING_INCOMPLETE', { data: problem });
  }

  /**
   * Judges every row as the job will: the form's rules, duplicates inside the file (the first row
   * of a phone wins), guests already in the meeting. `onRow` sees each judged row in file order;
   * `first` is the row that came first with the same phone, when this one repeats it.
   */
  async function judgeRows(
    meeting: VisibleMeeting,
    info: repo.ImportInfo,
    rowsData: string,
    mapping: ImportMapping,
    lang: Language,
    onRow: (planned: PlannedRow, index: number, first: number | undefined) => Promise<void> | void,
  ): Promise<void> {
    const headers = JSON.parse(info.headers) as string[];
    const plan = rowPlanner(await dictionaryOf(meeting), headers, mapping, lang);
    const firstRowOf = new Map<string, number>();
    const rows = JSON.parse(rowsData) as [number, string[]][];
    for (let index = 0; index < rows.length; index += 1) {
      const [number, cells] = rows[index]!;
      const planned = plan({ number, cells });
      let first: number | undefined;
      if (planned.kind === 'valid') {
        first = firstRowOf.get(planned.key);
        if (first === undefined) firstRowOf.set(planned.key, number);
      }
      await onRow(planned, index, first);
      await breathe(index + 1);
    }
  }

  /** Which of these keys (area code | E.164) belong to live guests of the meeting, with their ids. */
  async function existingGuests(meetingId: number, keys: Iterable<string>): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const phones = [...new Set([...keys].map((key) => key.slice(key.indexOf('|') + 1)))];
    for (let start = 0; start < phones.length; start += 1000) {
      for (const guest of await repo.liveGuestsByPhone(db, meetingId, phones.slice(start, start + 1000))) {
        found.set(`${guest.area_code}|${guest.phone}`, guest.id);
      }
    }
    return found;
  }

  /* The job: the file again, batch after batch. */

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
    await judgeRows(meeting, info, rowsData, mapping, lang, async (planned, index, first) => {
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
  jobs.handle(JOB_KIND, runImport);

  return {
    /** Stores the file and reads its header row; nothing is written to guests yet. */
    async upload(
      user: AuthUser,
      meetingId: number,
      file: { name: string; bytes: Uint8Array },
      encoding: ImportEncoding,
      lang: Language,
    ): Promise<GuestImport> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const format = sniffFormat(file.bytes);
      if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      if (format === 'xlsx')
        await checkZip(file.bytes, IMPORT_ROWS_MAX + 1).catch((error: unknown) =>
          Promise.reject(spreadsheetError(error)),
        );
      const textEncoding =
        format === 'csv' ? (encoding === 'auto' ? detectEncoding(file.bytes) : encoding) : undefined;
      const read = await survey(file.bytes, format, textEncoding);
      const id = await repo.insertImport(db, {
        kind: 'guests',
        meeting_id: meeting.id,
        file_name: file.name.slice(0, 255) || 'import',
        file_size: file.bytes.byteLength,
        file_sha256: createHash('sha256').update(file.bytes).digest('hex'),
        file_data: file.bytes,
        format,
        encoding: textEncoding ?? null,
        ...read,
        mapping: JSON.stringify(
          suggestMapping(
            meeting.meeting_type,
            JSON.parse(read.headers) as string[],
            await remembered(meeting.id),
          ),
        ),
        created_by: user.account,
        created_at: clock(),
      });
      return view((await repo.findImport(db, id))!, lang);
    },

    /** Reads a CSV again in another encoding (a short Big5 file can pass for GB18030). */
    async setEncoding(
      user: AuthUser,
      id: number,
      encoding: ImportEncoding,
      lang: Language,
    ): Promise<GuestImport> {
      const { info, meeting } = await visibleImport(user, id);
      if (info.status !== 'uploaded') throw new AppError('IMPORT_ALREADY_STARTED');
      if (info.format !== 'csv') return view(info, lang);
      const bytes = (await repo.findImportFile(db, id))!;
      const textEncoding = encoding === 'auto' ? detectEncoding(bytes) : encoding;
      const read = await survey(bytes, 'csv', textEncoding);
      await repo.updateImportIf(db, id, 'uploaded', {
        encoding: textEncoding,
        ...read,
        mapping: JSON.stringify(
          suggestMapping(
            meeting.meeting_type,
            JSON.parse(read.headers) as string[],
            await remembered(meeting.id),
          ),
        ),
      });
      return view((await repo.findImport(db, id))!, lang);
    },

    /** Every row judged, nothing written; the mapping is kept for the import and remembered for the meeting. */
    async preview(
      user: AuthUser,
      id: number,
      mapping: ImportMapping,
      lang: Language,
    ): Promise<GuestImportPreview> {
      const { info, meeting } = await visibleImport(user, id);
      if (info.status !== 'uploaded') throw new AppError('IMPORT_ALREADY_STARTED');
      const headers = JSON.parse(info.headers) as string[];
      checkMapping(meeting, headers, mapping);
      const rowsData = (await repo.findImportRows(db, id))!;
      const issues: ImportIssue[] = [];
      let issuesTotal = 0;
      const addIssue = (issue: ImportIssue) => {
        issuesTotal += 1;
        if (issues.length < IMPORT_PREVIEW_ISSUES_MAX) issues.push(issue);
      };
      const counts = { total: 0, valid: 0, invalid: 0, duplicate_in_file: 0, existing: 0, over_capacity: 0 };
      const fresh: { row: number; key: string; scheduleIds: number[] }[] = [];
      await judgeRows(meeting, info, rowsData, mapping, lang, (planned, _index, first) => {
        counts.total += 1;
        if (planned.kind === 'invalid') {
          counts.invalid += 1;
          for (const p of planned.problems)
            addIssue({ row: planned.row.number, kind: 'invalid', column: p.column, message: p.message });
        } else if (first !== undefined) {
          counts.duplicate_in_file += 1;
          addIssue({
            row: planned.row.number,
            kind: 'duplicate_in_file',
            column: null,
            message: fieldMessage('duplicateInFile', lang, first),
          });
        } else {
          fresh.push({ row: planned.row.number, key: planned.key, scheduleIds: planned.scheduleIds });
        }
      });
      // Against the meeting as it is now, in file order, as the job will hand out seats.
      const existing = await existingGuests(
        meeting.id,
        fresh.map((r) => r.key),
      );
      const dictionary = await repo.sessionsOf(db, meeting.id);
      const seats = await openSeatLedger(db, {
        locking: false,
        meetingId: meeting.id,
        scheduleIds: dictionary.map((s) => s.id),
        overLimit: false,
      });
      const sessionName = new Map(dictionary.map((s) => [s.id, nameIn(lang, s.name, s.name_cn, s.name_en)]));
      const seatsLeft = seats.meetingSeatsLeft();
      for (const row of fresh) {
        if (existing.has(row.key)) {
          counts.existing += 1;
          addIssue({
            row: row.row,
            kind: 'existing',
            column: null,
            message: fieldMessage('existingGuest', lang),
          });
          continue;
        }
        const refusal = seats.takeForNewGuest(row.scheduleIds);
        if (refusal) {
          counts.over_capacity += 1;
          addIssue({
            row: row.row,
            kind: 'over_capacity',
            column: null,
            message:
              refusal.full === 'meeting'
                ? fieldMessage('meetingFullRow', lang)
                : fieldMessage('sessionFullRow', lang, undefined, sessionName.get(refusal.scheduleId) ?? ''),
          });
        } else {
          counts.valid += 1;
        }
      }
      issues.sort((a, b) => a.row - b.row);
      await repo.updateImportIf(db, id, 'uploaded', { mapping: JSON.stringify(mapping) });
      const rememberedNow = await remembered(meeting.id);
      headers.forEach((header, i) => {
        if (normalizeHeader(header)) rememberedNow[normalizeHeader(header)] = mapping[i] ?? null;
      });
      await repo.saveMapping(db, meeting.id, JSON.stringify(rememberedNow), clock());
      return { ...counts, meeting_remaining: seatsLeft, issues, issues_total: issuesTotal };
    },

    /** Queues the import job; starting an import that has already started answers it as it is. */
    async start(
      user: AuthUser,
      id: number,
      body: StartOptions,
      ip: string,
      lang: Language,
    ): Promise<GuestImport> {
      const { info, meeting } = await visibleImport(user, id);
      if (info.status !== 'uploaded') return view(info, lang);
      checkMapping(meeting, JSON.parse(info.headers) as string[], body.mapping);
      const options: StoredOptions = {
        on_existing: body.on_existing,
        over_limit: body.over_limit,
        send_confirmation: body.send_confirmation,
        language: lang,
      };
      const started = await db.transaction().execute(async (trx) => {
        const moved = await repo.updateImportIf(trx, id, 'uploaded', {
          status: 'queued',
          // The rows are all the job needs: the file itself goes.
          file_data: null,
          mapping: JSON.stringify(body.mapping),
          options: JSON.stringify(options),
          started_at: clock(),
        });
        if (moved)
          await jobs.enqueue(trx, {
            kind: JOB_KIND,
            key: `${JOB_KIND}:${id}`,
            payload: { importId: id },
            meetingId: meeting.id,
          });
        return moved;
      });
      if (started) {
        jobs.kick();
        await systemLog.record({
          action: 'create',
          source: 'admin',
          username: user.account,
          ip,
          message: {
            key: 'import.guests_started',
            params: {
              meeting_id: meeting.id,
              meeting_name: meeting.name,
              file_name: info.file_name,
              file_size: info.file_size,
              file_sha256: info.file_sha256,
              total: info.total,
              over_limit: body.over_limit ? [{ key: 'import.over_limit' }] : [],
            },
          },
        });
      }
      return view((await repo.findImport(db, id))!, lang);
    },

    async get(user: AuthUser, id: number, lang: Language): Promise<GuestImport> {
      return view((await visibleImport(user, id)).info, lang);
    },

    /** The meeting's recent imports, newest first: the guest list offers to follow a running one. */
    async list(user: AuthUser, meetingId: number, lang: Language): Promise<GuestImport[]> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const rows = await repo.listImports(db, meeting.id, 'guests', 10);
      return Promise.all(rows.map((row) => view(row, lang)));
    },

    /** Drops an import that has not started, with its file. */
    async discard(user: AuthUser, id: number): Promise<void> {
      const { info } = await visibleImport(user, id);
      if (info.status !== 'uploaded') throw new AppError('IMPORT_ALREADY_STARTED');
      await db.transaction().execute((trx) => repo.deleteImport(trx, id));
    },

    /** The file's headers and the rows not written, with why, read in row order batch by batch. */
    async failedRows(user: AuthUser, id: number) {
      const { info, meeting } = await visibleImport(user, id);
      const headers = JSON.parse(info.headers) as string[];
      async function* rows() {
        let last: number | undefined;
        for (;;) {
          const batch = await repo.failuresAfter(db, id, last, 1000);
          if (batch.length === 0) return;
          for (const row of batch) yield { cells: JSON.parse(row.cells) as string[], reason: row.reason };
          last = batch.at(-1)!.row_number;
        }
      }
      return { info, meeting, headers, rows: rows() };
    },

    /** The meeting's file template in a language, with its registration types, categories and sessions. */
    async template(user: AuthUser, meetingId: number, lang: Language) {
      const meeting = await visibleMeeting(db, user, meetingId);
      return { meeting, file: await guestImportTemplate(await dictionaryOf(meeting), lang) };
    },
  };
}
export type GuestImports = ReturnType<typeof createGuestImports>;
