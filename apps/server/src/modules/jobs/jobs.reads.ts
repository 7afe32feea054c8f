import type { Kysely } from 'kysely';
import * as jobs from './jobs.repository.ts';
import type { Database } from '../../db/schema.ts';

/*
 * The job queue as other modules read it (mail): they ask here rather than query the jobs table
 * themselves. This file imports only the jobs repository (never a service), so asking it pulls no
 * module's services into the caller's imports.
 */

/** How many mail jobs a guest has had whose idempotency key starts with one of `keyPrefixes`. */
export function countGuestMails(db: Kysely<Database>, guestId: number, keyPrefixes: readonly string[]) {
  return jobs.countGuestMails(db, guestId, keyPrefixes);
}

/** Per kind and status: due queued, running and failed jobs, and the earliest due time (metrics). */
export function queueSummary(db: Kysely<Database>, now: number) {
  return jobs.queueSummary(db, now);
}
