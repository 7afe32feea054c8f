import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as jobs from './jobs.repository.ts';

/*
 * The writes other modules make to the job queue (an erasure reaching the messages it queued): the
 * statements stay with their owner. Imports only the jobs repository and db/, never a service.
 */

/** In the erasure's transaction: a meeting's jobs with these idempotency keys go, sent or not. */
export function forgetJobs(trx: Kysely<Database>, meetingId: number, keys: readonly string[]) {
  return jobs.deleteJobsByKey(trx, meetingId, keys);
}

/**
 * In the erasure's transaction: a meeting's jobs whose idempotency key starts with `prefix` go, sent
 * or not (messages keyed once per window). The prefix is ours, never typed by anyone.
 */
export function forgetJobsByPrefix(trx: Kysely<Database>, meetingId: number, prefix: string) {
  return jobs.deleteJobsByKeyPrefix(trx, meetingId, prefix);
}
