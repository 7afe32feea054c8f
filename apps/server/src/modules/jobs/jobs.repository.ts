import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { insertRows } from '../../db/prepared-query.ts';
import { escapeLike } from '../../lib/like.ts';

type Executor = Kysely<Database>;
export type JobRow = Selectable<Database['jobs']>;

/** Adds a job unless one with the same idempotency key exists; answers the new job's id, if added. */
export async function insertJob(
  trx: Executor,
  job: Insertable<Database['jobs']>,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Adds many jobs in multi-row statements (a broadcast's fan-out: one per recipient); a row whose
 * idempotency key is already there is left out, as insertJob leaves it.
 */
export async function insertJobs(
  trx: Executor,
  jobs: readonly Insertable<Database['jobs']>[],
): Promise<void> {
  await insertRows(trx, 'jobs', jobs, [], ['idempotency_key']);
}

/**
 * Takes up to `limit` due jobs of the given kinds in one statement: queued ones whose time has come,
 * and running ones whose lease passed (their runner died). On PostgreSQL, SKIP LOCKED lets several
 * instances claim side by side without waiting for, or taking, each other's rows; on SQLite the
 * single writer serialises claims. `attempts` counts the claim, before the work starts.
 */
export async function claimDue(
  db: Executor,
  kind: DatabaseKind,
  opts: { kinds: readonly string[]; now: number; leaseUntil: number; limit: number },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0) return [];
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', opts.kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', opts.now)]),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', opts.now)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(opts.limit);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('jobs')
    .set({ status: 'running', lease_until: opts.leaseUntil, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.run_at - b.run_at || a.id - b.id);
}

/** Ends a claimed job; only the claim that still holds it (same attempt) may. */
export async function finishJob(
  db: Executor,
  job: Pick<JobRow, 'id' | 'attempts'>,
  outcome: { status: 'done' | 'failed'; error: string | null; now: number },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: outcome.status, last_error: outcome.error, finished_at: outcome.now, lease_until: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** Puts a claimed job back in the queue for a later attempt. */
export async function retryJob(
  db: Executor,
  job: Pick<JobRow, 'id' | 'attempts'>,
  opts: { runAt: number; error: string },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: opts.runAt, last_error: opts.error, lease_until: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** The jobs of one guest, newest first (a guest's delivery history). */
export async function listGuestJobs(
  db: Executor,
  guestId: number,
  kinds: readonly string[],
): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('guest_id', '=', guestId)
    .where('kind', 'in', kinds)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** How many of a key prefix's jobs are in each status, done ones with a note apart (a broadcast's progress). */
export async function countByStatus(
  db: Executor,
  meetingId: number,
  keyPrefix: string,
): Promise<{ status: string; noted: boolean; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      'status',
      eb.case().when('last_error', 'is', null).then(0).else(1).end().as('noted'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('meeting_id', '=', meetingId)
    .where('idempotency_key', 'like', `${keyPrefix}%`)
    .groupBy(['status', 'noted'])
    .execute();
  return rows.map((r) => ({ status: r.status, noted: Number(r.noted) === 1, count: Number(r.count) }));
}

export function findJob(db: Executor, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A meeting's jobs of one kind, newest first (e.g. its broadcasts). */
export function listMeetingJobs(
  db: Executor,
  meetingId: number,
  kind: string,
  limit = 50,
): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many mail jobs a guest has had whose idempotency key starts with one of `keyPrefixes`. */
export async function countGuestMails(
  db: Executor,
  guestId: number,
  keyPrefixes: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('guest_id', '=', guestId)
    .where('kind', '=', 'mail')
    .where((eb) => eb.or(keyPrefixes.map((prefix) => eb('idempotency_key', 'like', `${prefix}%`))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Claimed jobs a stopping runner gives back unfinished: due again at once, for any runner to take. */
export async function handBackJobs(
  db: Executor,
  jobs: readonly Pick<JobRow, 'id' | 'attempts'>[],
  now: number,
): Promise<void> {
  for (const job of jobs) {
    await db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: now, lease_until: null })
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('status', '=', 'running')
      .execute();
  }
}

/** Failed jobs, newest first, of one kind when named. */
export function listFailedJobs(db: Executor, opts: { kind?: string; limit: number }): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll().where('status', '=', 'failed');
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  return query.orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
}

/**
 * Puts failed jobs back in the queue with a fresh count of attempts (the last error stays until the
 * next attempt replaces it); answers the ids requeued. Only failed jobs move: a done or queued one
 * named by id is left as it is.
 */
export async function requeueFailedJobs(
  db: Executor,
  opts: { ids?: readonly number[]; kind?: string; now: number },
): Promise<number[]> {
  let query = db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: opts.now, attempts: 0, lease_until: null, finished_at: null })
    .where('status', '=', 'failed');
  if (opts.ids) query = query.where('id', 'in', opts.ids.length ? opts.ids : [-1]);
  if (opts.kind) query = query.where('kind', '=', opts.kind);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The queue as the operator's metrics see it, per kind and status: queued jobs already due (with the
 * earliest due time), running ones and failed ones. Jobs queued for later (reminders, back-offs) are
 * not a backlog and are left out. Every branch is a range of the (status, run_at) index: the done
 * rows, nearly all of the table, are never read.
 */
export function queueSummary(db: Executor, now: number) {
  return db
    .selectFrom('jobs')
    .select(['kind', 'status'])
    .select((eb) => [eb.fn.countAll<number>().as('jobs'), eb.fn.min<number>('run_at').as('oldest_run_at')])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb('status', '=', 'running'),
        eb('status', '=', 'failed'),
      ]),
    )
    .groupBy(['kind', 'status'])
    .execute();
}

/**
 * Deletes a meeting's jobs by idempotency key, whatever their state (an erasure: a payload or a
 * delivery error can name the person). Answers how many went.
 */
/** A meeting's jobs whose key starts with `prefix` (no LIKE wildcards in it: escaped here). */
export async function deleteJobsByKeyPrefix(
  trx: Executor,
  meetingId: number,
  prefix: string,
): Promise<number> {
  const result = await trx
    .deleteFrom('jobs')
    .where('meeting_id', '=', meetingId)
    .where(sql<boolean>`idempotency_key like ${`${escapeLike(prefix)}%`} escape '\\'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteJobsByKey(
  trx: Executor,
  meetingId: number,
  keys: readonly string[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await trx
    .deleteFrom('jobs')
    .where('meeting_id', '=', meetingId)
    .where('idempotency_key', 'in', keys)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
