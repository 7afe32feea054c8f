import type { Language } from '@meetflow/shared/languages';
import type { GuestImportPreview, ImportMapping } from '@meetflow/shared/schemas/imports';
import type { AuthUser } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GuestImportAccess } from './guest-import-access.ts';
import { normalizeHeader } from './guest-import-fields.ts';
import { previewRows } from './guest-import-judge.ts';
import { holdYoungGeneration, returnImportMemory } from './import-memory.ts';
import type { GuestImportsDeps } from './guest-import.service.ts';
import * as repo from './imports.repository.ts';

/** The preview of a guest import: every row judged, nothing written. */
export function createGuestImportPreview(
  deps: Pick<GuestImportsDeps, 'db' | 'clock'> & { access: GuestImportAccess },
) {
  const { db, clock } = deps;
  const { visibleImport, remembered, checkMapping } = deps.access;

  return {
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
      await checkMapping(meeting, headers, mapping);
      const release = holdYoungGeneration();
      const { counts, issues, issuesTotal, seatsLeft } = await previewRows(
        db,
        meeting,
        info,
        mapping,
        lang,
      ).finally(() => {
        release();
        returnImportMemory(info.total);
      });
      issues.sort((a, b) => a.row - b.row);
      await repo.updateImportIf(db, id, 'uploaded', { mapping: JSON.stringify(mapping) });
      const rememberedNow = await remembered(meeting.id);
      headers.forEach((header, i) => {
        if (normalizeHeader(header)) rememberedNow[normalizeHeader(header)] = mapping[i] ?? null;
      });
      await repo.saveMapping(db, meeting.id, JSON.stringify(rememberedNow), clock());
      return { ...counts, meeting_remaining: seatsLeft, issues, issues_total: issuesTotal };
    },
  };
}
