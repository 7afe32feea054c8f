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
      const id = await repo.insertImport(db, {
        kind: 'guests',
        meeting_id: meeting.id,
        file_name: file.name.slice(0, 255) || 'import',
        file_size: file.bytes.byteLength,
        file_sha256: createHash('sha256').update(file.bytes).digest('hex'),
        file_data: file.bytes,
        format,
        encoding: textEncoding ?? null,
        created_by: user.auditName,
        created_at: clock(),
      });
      let rowsRead = 0;
      const release = holdYoungGeneration();
      const keepMemory = importMemoryKeeper();
      try {
        // The rows are written as they are read: the file is never held as rows in memory.
        const read = await survey(file.bytes, format, textEncoding, (rows) => {
          rowsRead += rows.length;
          keepMemory(rows.length);
          return repo.insertImportRows(db, id, rows);
        });
        await repo.updateImportIf(db, id, 'uploaded', {
          ...read,
          mapping: await suggestedMapping(meeting, read.headers),
        });
      } catch (error) {
        await db.transaction().execute((trx) => repo.deleteImport(trx, id));
        throw error;
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
      await repo.deleteImportRows(db, id);
      const read = await survey(bytes, 'csv', textEncoding, (rows) => repo.insertImportRows(db, id, rows));
      await repo.updateImportIf(db, id, 'uploaded', {
        encoding: textEncoding,
        ...read,
        mapping: await suggestedMapping(meeting, read.headers),
      });
      return view((await repo.findImport(db, id))!, lang);
    },
  };
}
