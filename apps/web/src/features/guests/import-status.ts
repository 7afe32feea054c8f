import type { GuestImport, GuestImportList, ImportStatus } from '@meetflow/shared/schemas/imports';

/*
 * What the guest list needs to know of the meeting's imports (issue 16): whether one is running, and
 * when one has just finished. Types only from the shared contract, so the list's chunk takes no zod.
 */

/** While an import is queued or running the drawer asks for its progress this often. */
export const IMPORT_FOLLOW_MS = 1_000;
/** …and the guest list's banner this often. */
export const IMPORT_LIST_FOLLOW_MS = 3_000;

/** Queued or running: the server is working on it (or about to). */
export function importActive(entry: { status: ImportStatus }): boolean {
  return entry.status === 'queued' || entry.status === 'running';
}

/** The newest import the server is still working on (the list is newest first). */
export function runningImport(list: GuestImportList | undefined): GuestImport | undefined {
  return list?.items.find(importActive);
}

/** Whether an import that was active in `previous` is no longer active in `next`: its guests are in. */
export function importsFinished(previous: GuestImportList | undefined, next: GuestImportList): boolean {
  if (!previous) return false;
  const stillActive = new Set(next.items.filter(importActive).map((entry) => entry.id));
  return previous.items.some((entry) => importActive(entry) && !stillActive.has(entry.id));
}
