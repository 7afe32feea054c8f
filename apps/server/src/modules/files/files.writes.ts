import * as files from './files.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * The writes other modules make to the stored files (a purge deletes a meeting's own files no one
 * else uses): the statements stay with the files repository, the owner of the table. This file
 * imports only that repository (never a service), so using it pulls no module's services into the
 * caller's imports.
 */

/** Deletes these files; the caller has made sure nothing refers to them any more. */
export function deleteFiles(db: Db, ids: readonly string[]) {
  return files.deleteFiles(db, ids);
}
