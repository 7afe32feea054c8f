import { createHash } from 'node:crypto';
import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import type { Language } from '@meetflow/shared/languages';
import {
  IMPORT_ROWS_MAX,
  IMPORT_SAMPLE_CELL_CHARS,
  IMPORT_SAMPLE_ROWS,
  type GuestImport,
  type GuestImportField,
  type GuestImportPreview,
  type ImportEncoding,
  type ImportMapping,
} from '@meetflow/shared/schemas/imports';
import { AppError } from '../../lib/app-error.ts';
import { loadSpreadsheetReader } from '../../lib/spreadsheet.ts';
import type { SheetRow, TextEncoding } from '../../lib/spreadsheet-reader.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { mappingProblem, normalizeHeader, suggestMapping } from './guest-import-fields.ts';
import { guestImportTemplate } from './guest-import-template.ts';
import { GUEST_IMPORT_JOB, registerGuestImportJob } from './guest-import-job.ts';
import { breathe, dictionaryOf, previewRows } from './guest-import-judge.ts';
import { spreadsheetError } from './import-common.ts';
import * as repo from './imports.repository.ts';
import type { GuestImportsDeps, StartOptions, StoredOptions } from './guest-import-deps.ts';

export type { GuestImportsDeps, StoredOptions } from './guest-import-deps.ts';

/*
 * Guest import (issue 16): upload (the file read once, its rows kept) → mapping → preview → start,
 * which queues the job (guest-import-job.ts) that writes the rows in batches.
 */

/** A sample cell as the mapping shows it: long text cut, so that the answer stays small. */
export function sampleCell(cell: string): string {
  if (cell.length <= IMPORT_SAMPLE_CELL_CHARS) return cell;
  return `${Array.from(cell)
    .slice(0, IMPORT_SAMPLE_CELL_CHARS - 1)
    .join('')}…`; // whole characters
}

/** The header row (the first non-empty one), then the data rows, of the file's first sheet. */
async function* fileRows(
  bytes: Uint8Array,
  format: 'xlsx' | 'csv',
  encoding: TextEncoding | undefined,
): AsyncGenerator<SheetRow> {
  const { readSheets } = await loadSpreadsheetReader();
  let sheet: string | undefined;
  for await (const entry of readSheets(bytes, { format, encoding, maxRows: IMPORT_ROWS_MAX + 1 })) {
    sheet ??= entry.sheet;
    if (entry.sheet !== sheet) return; // the first sheet only: the template's lists live on another
    yield entry.row;
  }
}

export function createGuestImports(deps: GuestImportsDeps) {
  const { db, clock, systemLog, jobs } = deps;
  registerGuestImportJob(deps);

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
    // Each row goes to JSON as it is read: a row's many small strings do not all live at once.
    const rowsJson: string[] = [];
    const sample: string[][] = [];
    try {
      for await (const row of fileRows(bytes, format, encoding)) {
        if (!headers) {
          headers = row.cells.map((cell) => cell.trim());
          continue;
        }
        if (sample.length < IMPORT_SAMPLE_ROWS) sample.push(row.cells.map(sampleCell));
        rowsJson.push(JSON.stringify([row.number, row.cells]));
        await breathe(rowsJson.length);
      }
    } catch (error) {
      throw spreadsheetError(error);
    }
    if (!headers || rowsJson.length === 0) throw new AppError('IMPORT_EMPTY');
    return {
      headers: JSON.stringify(headers),
      sample: JSON.stringify(sample),
      rows_data: `[${rowsJson.join(',')}]`,
      total: rowsJson.length,
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
      if (meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      const reader = await loadSpreadsheetReader();
      const format = reader.sniffFormat(file.bytes);
      if (!format)
        throw new AppError(
          reader.isLegacyExcel(file.bytes) ? 'IMPORT_XLS_NOT_SUPPORTED' : 'FILE_TYPE_NOT_ALLOWED',
        );
      if (format === 'xlsx')
        await reader
          .checkZip(file.bytes, IMPORT_ROWS_MAX + 1)
          .catch((error: unknown) => Promise.reject(spreadsheetError(error)));
      const textEncoding =
        format === 'csv' ? (encoding === 'auto' ? reader.detectEncoding(file.bytes) : encoding) : undefined;
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
        created_by: user.auditName,
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
      const { detectEncoding } = await loadSpreadsheetReader();
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
      const { counts, issues, issuesTotal, seatsLeft } = await previewRows(
        db,
        meeting,
        info,
        rowsData,
        mapping,
        lang,
      );
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
            kind: GUEST_IMPORT_JOB,
            key: `${GUEST_IMPORT_JOB}:${id}`,
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
          username: user.auditName,
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
      return { meeting, file: await guestImportTemplate(await dictionaryOf(db, meeting), lang) };
    },
  };
}
export type GuestImports = ReturnType<typeof createGuestImports>;
