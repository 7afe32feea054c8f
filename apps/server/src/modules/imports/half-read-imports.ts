import type { Db } from '../../db/database.ts';
import * as repo from './imports.repository.ts';

/**
 * A read begun this long ago that has not finished is one whose process died: the upload and the
 * preview of 100,000 rows took 50.9 s together on a loaded machine (bench/README.md).
 */
export const READING_STALE_MS = 60 * 60_000;

/**
 * Drops the guest imports whose file was being read when their process died (left 'reading', with
 * part of their rows): nothing may use them, and nothing else would ever remove them. Run on every
 * pass of the job runner; answers how many it dropped.
 */
export async function dropHalfReadImports(deps: { db: Db; clock: () => number }): Promise<number> {
  const ids = await repo.readsBegunBefore(deps.db, deps.clock() - READING_STALE_MS);
  let dropped = 0;
  for (const id of ids) {
    await deps.db.transaction().execute(async (trx) => {
      // Claimed first, so that a read finishing just now keeps its import.
      if (!(await repo.updateImportIf(trx, id, 'reading', { status: 'failed' }))) return;
      await repo.deleteImport(trx, id);
      dropped += 1;
    });
  }
  return dropped;
}
