import type { Language } from '@meetflow/shared/languages';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGuestImportAccess } from './guest-import-access.ts';
import { registerGuestImportJob } from './guest-import-job.ts';
import { dictionaryOf } from './guest-import-judge.ts';
import { guestImportTemplate } from './guest-import-template.ts';
import * as repo from './imports.repository.ts';
import { createGuestImportPreview } from './preview-guest-import.ts';
import { createGuestImportStart } from './start-guest-import.ts';
import { createGuestImportUpload } from './upload-guest-import.ts';
import type { GuestImportsDeps } from './guest-import-deps.ts';

export type { GuestImportsDeps, StartOptions, StoredOptions } from './guest-import-deps.ts';

/*
 * Guest import (issue 16): upload (the file read once, its rows kept) → mapping → preview → start,
 * which queues the job (guest-import-job.ts) that writes the rows in batches.
 */

export { sampleCell } from './guest-import-access.ts';

export function createGuestImports(deps: GuestImportsDeps) {
  const { db } = deps;
  registerGuestImportJob(deps);
  const access = createGuestImportAccess(deps);
  const { visibleImport, view } = access;
  const withAccess = { ...deps, access };

  return {
    ...createGuestImportUpload(withAccess),
    ...createGuestImportPreview(withAccess),
    ...createGuestImportStart(withAccess),

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
