import type { Db } from '../../db/database.ts';
import { privateFilesBefore } from '../files/files.reads.ts';
import { deleteFiles } from '../files/files.writes.ts';
import { DAY_MS, unreferencedFiles } from './privacy.repository.ts';

/** A visitor has this long between the upload and the sign-up that names the file. */
export const ORPHAN_UPLOAD_AGE_MS = DAY_MS;
/** Candidates checked per statement: the reference check is one OR of LIKEs over the answers. */
const PAGE = 100;

/**
 * Visitors' uploads (private files) that never became part of a sign-up: older than a day and named
 * by no guest's answer, waiting place, meeting or certificate template (`unreferencedFiles`, the
 * purge's own check) are deleted. Each page is checked and deleted in one transaction. Answers how
 * many were deleted. Called once a day by the retention pass: the referenced ones are read again
 * each day, a page of ids at a time.
 */
export async function sweepOrphanUploads(db: Db, now: number): Promise<number> {
  let deleted = 0;
  let after: string | undefined;
  for (;;) {
    const page = await privateFilesBefore(db, now - ORPHAN_UPLOAD_AGE_MS, PAGE, after);
    if (page.length === 0) return deleted;
    after = page.at(-1);
    deleted += await db.transaction().execute(async (trx) => {
      const unused = await unreferencedFiles(trx, page);
      if (unused.length > 0) await deleteFiles(trx, unused);
      return unused.length;
    });
    if (page.length < PAGE) return deleted;
  }
}
