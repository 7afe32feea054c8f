import * as files from './files.repository.ts';
import type { Db } from '../../db/database.ts';

/*
 * Uploaded files as other modules read them (certificates): they ask here rather than query the files
 * table themselves. This file imports only the files repository (never a service), so asking it pulls
 * no module's services into the caller's imports.
 */

/** A stored file with its bytes, or undefined. */
export function storedFile(db: Db, id: string) {
  return files.findFile(db, id);
}

/** A stored file's mime type, or undefined when there is no such file. */
export async function storedFileMime(db: Db, id: string): Promise<string | undefined> {
  return (await files.findFileMimes(db, [id])).get(id);
}

/** The mime type of each stored file among `ids` (a sign-up checks the files its answers name). */
export function storedFileMimes(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return files.findFileMimes(db, [...new Set(ids)]);
}

/**
 * A page of the private files (visitors' uploads) stored before `before`, in id order after `after`:
 * the candidates of the daily sweep of uploads no sign-up named (privacy's retention pass).
 */
export function privateFilesBefore(db: Db, before: number, limit: number, after?: string) {
  return files.findPrivateFilesBefore(db, before, limit, after);
}
