import { createHash } from 'node:crypto';
import type { Language } from '@meetflow/shared/languages';
import type { GuestImport, ImportEncoding } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadSpreadsheetReader } from '../../lib/spreadsheet.ts';
import { holdYoungGeneration, importMemoryKeeper, returnImportMemory } from './import-memory.ts';
import type { GuestImportAccess } from './guest-import-access.ts';
import { formFieldsOf } from '../guests/guest-rules.ts';
import { suggestMapping } from './guest-import-fields.ts';
import type { GuestImportsDeps } from './guest-import.service.ts';
import { uploadFormat } from './import-common.ts';
import * as repo from './imports.repository.ts';

/** A file's header row, sample and count of data rows, as read. */
type Surveyed = Awaited<ReturnType<GuestImportAccess['survey']>>;

/** Uploading a guest file, and reading a CSV again in another encoding. */
export function createGuestImportUpload(
  deps: Pick<GuestImportsDeps, 'db' | 'clock'> & { access: GuestImportAccess },
) {
  const { db, clock } = deps;
  const { visibleImport, view, survey, remembered } = deps.access;

  /** The mapping a file's headers suggest, with what the meeting remembers and its own fields. */
  async function suggestedMapping(meeting: VisibleMeeting, headers: string): Promise<string> {
    return JSON.stringify(
      suggestMapping(
        meeting.meeting_type,
        JSON.parse(headers) as string[],
        await remembered(meeting.id),
        await formFieldsOf(db, meeting.id),
      ),
    );
  }

  /**
   * Stores the file's rows (`read` writes them) and only then makes the import 'uploaded' with its
   * headers: until then it is 'reading', which nothing offers, and a process that dies mid-read
   * leaves it so for the job runner's sweep (`half-read-imports.ts`). A read that fails drops it.
   */
  async function storeRows(meeting: VisibleMeeting, id: number, read: () => Promise<Surveyed>) {
    try {
      const surveyed = await read();
      const stored = await repo.updateImportIf(db, id, 'reading', {
        status: 'uploaded',
        ...surveyed,
        mapping: await suggestedMapping(meeting, surveyed.headers),
      });
      // Only the sweep moves a read on, and only one begun longer ago than any read takes.
      if (!stored) throw new Error(`import ${id} was swept while its file was read`);
    } catch (error) {
      await db.transaction().execute((trx) => repo.deleteImport(trx, id));
      throw error;
    }
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
      const format = await uploadFormat(file.bytes);
      const reader = await loadSpreadsheetReader();
      const textEncoding =
        format === 'csv' ? (encoding === 'auto' ? reader.detectEncoding(file.bytes) : encoding) : undefined;
      const now = clock();
      const id = await repo.insertImport(db, {
        kind: 'guests',
        status: 'reading',
        meeting_id: meeting.id,
        file_name: file.name.slice(0, 255) || 'import',
        file_size: file.bytes.byteLength,
        file_sha256: createHash('sha256').update(file.bytes).digest('hex'),
        file_data: file.bytes,
        format,
        encoding: textEncoding ?? null,
        created_by: user.auditName,
        created_at: now,
        read_at: now,
      });
      let rowsRead = 0;
      const release = holdYoungGeneration();
      const keepMemory = importMemoryKeeper();
      try {
        // The rows are written as they are read: the file is never held as rows in memory.
        await storeRows(meeting, id, () =>
          survey(file.bytes, format, textEncoding, (rows) => {
            rowsRead += rows.length;
            keepMemory(rows.length);
            return repo.insertImportRows(db, id, rows);
          }),
        );
      } finally {
        release();
        returnImportMemory(rowsRead);
      }
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
      // Read through once to refuse a bad file before the rows of the first reading go.
      await survey(bytes, 'csv', textEncoding, async () => {});
      // Read again, its rows half replaced, it must not be started meanwhile nor look ready after a crash.
      const reading = { status: 'reading', encoding: textEncoding, read_at: clock() } as const;
      if (!(await repo.updateImportIf(db, id, 'uploaded', reading)))
        throw new AppError('IMPORT_ALREADY_STARTED');
      await storeRows(meeting, id, async () => {
        await repo.deleteImportRows(db, id);
        return survey(bytes, 'csv', textEncoding, (rows) => repo.insertImportRows(db, id, rows));
      });
      return view((await repo.findImport(db, id))!, lang);
    },
  };
}
