import type { Kysely } from 'kysely';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './jobs.repository.ts';

export type { JobRow } from './jobs.repository.ts';

/** A failure that another attempt cannot fix (a refused address, a deleted guest): no retry. */
export class PermanentJobError extends Error {}

export interface JobSpec {
  kind: string;
  /** Idempotency: enqueueing the same key again adds nothing. */
  key: string;
  payload?: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAt?: number;
  meetingId?: number | null;
  guestId?: number | null;
}

/** A handler may answer why it did nothing (a deleted guest, a mail type switched off): kept as the job's note. */
/** A kick waits this long, so that the jobs of a burst of commits are claimed together. */
const KICK_DELAY_MS = 50;

export type JobHandler = (job: repo.JobRow) => Promise<void | { skipped: string }>;

export interface JobsOptions {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How long a claim holds a job before another runner may take it (the runner is presumed dead). */
  leaseMs?: number;
  pollMs?: number;
  batch?: number;
  maxAttempts?: number;
}

/** A job's row as enqueued: due now unless told otherwise. */
function jobRow(spec: JobSpec, now: number) {
  return {
    kind: spec.kind,
    idempotency_key: spec.key,
    payload: JSON.stringify(spec.payload ?? {}),
    run_at: spec.runAt ?? now,
    meeting_id: spec.meetingId ?? null,
    guest_id: spec.guestId ?? null,
    created_at: now,
  };
}

/** Attempts before a job is given up as failed (unless the runner is told otherwise). */
export const JOB_MAX_ATTEMPTS = 8;

/** Attempt n waits 30 s · 2^(n−1), at most an hour: 30 s, 1, 2, 4 … 60 min; eight attempts span about 2 h. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * The one durable job mechanism (DESIGN.md): a feature enqueues work in the transaction of the change
 * that causes it, and registers a handler for its kind; the runner claims due jobs (jobs.repository
 * claimDue), runs each claimed batch side by side, and records done, retry with back-off, or failed. A runner only
 * claims the kinds it has handlers for: work whose handler is missing (mail without a mail server)
 * waits in the table.
 */
export function createJobs(options: JobsOptions) {
  const { db, dbKind, clock, log } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 10;
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const handlers = new Map<string, JobHandler>();
  const tickers: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (Infinity: none pending); a later request leaves it as it is. */
  let nextRunAt = Infinity;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Set by stop(): a pass in progress claims no further batch. */
  let halted = false;
  /** The claimed jobs whose handlers are running now (what a stop may have to hand back). */
  const inHand = new Set<repo.JobRow>();

  async function runOne(job: repo.JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    inHand.add(job);
    try {
      await runClaimed(job, handler);
    } finally {
      inHand.delete(job);
    }
  }

  async function runClaimed(job: repo.JobRow, handler: JobHandler): Promise<void> {
    try {
      const outcome = await handler(job);
      await repo.finishJob(db, job, { status: 'done', error: outcome?.skipped ?? null, now: clock() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError || job.attempts >= maxAttempts) {
        log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        await repo.finishJob(db, job, { status: 'failed', error: message.slice(0, 500), now: clock() });
      } else {
        await repo.retryJob(db, job, {
          runAt: clock() + backoffMs(job.attempts),
          error: message.slice(0, 500),
        });
      }
    }
  }

  /** Claims and runs due jobs until none is left; answers how many ran. */
  async function drain(): Promise<number> {
    let total = 0;
    // A failing look for due work (a webhook batch the database refused) must not hold up the jobs.
    for (const tick of tickers) {
      try {
        await tick();
      } catch (err) {
        log.error({ err }, 'job runner pass: a periodic check failed');
      }
    }
    for (;;) {
      if (halted) return total;
      const now = clock();
      const jobs = await repo.claimDue(db, dbKind, {
        kinds: [...handlers.keys()],
        now,
        leaseUntil: now + leaseMs,
        limit: batch,
      });
      if (jobs.length === 0) return total;
      // A claimed batch runs side by side: most of a job's time is waiting (SMTP, disk), not CPU.
      await Promise.all(jobs.map(runOne));
      total += jobs.length;
    }
  }

  function runDue(): Promise<number> {
    // One drain at a time per instance; a second caller waits for the running one, then runs its own.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(drain);
    const tracked: Promise<number> = next.finally(() => {
      if (running === tracked) running = undefined;
    });
    // The caller handles a failed pass (a lost database connection, say) through `next`; this copy
    // is only for the next caller to wait on, and must not become an unhandled rejection that ends
    // the process.
    tracked.catch(() => undefined);
    running = tracked;
    return next;
  }

  function schedule(delay: number) {
    if (stopped) return;
    const at = Date.now() + delay;
    // Many kicks in a burst of sign-ups share one pass.
    if (at >= nextRunAt) return;
    clearTimeout(timer);
    nextRunAt = at;
    timer = setTimeout(() => {
      nextRunAt = Infinity;
      runDue()
        .catch((err: unknown) => log.error({ err }, 'job runner pass failed'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    /** Adds a job within the caller's transaction; answers its id, or undefined when the key was already there. */
    enqueue(trx: Kysely<Database>, spec: JobSpec): Promise<number | undefined> {
      return repo.insertJob(trx, jobRow(spec, clock()));
    },
    /** Adds many jobs within the caller's transaction, a few statements for all; keys already there are skipped. */
    enqueueMany(trx: Kysely<Database>, specs: readonly JobSpec[]): Promise<void> {
      const now = clock();
      return repo.insertJobs(
        trx,
        specs.map((spec) => jobRow(spec, now)),
      );
    },
    /** Registers the handler of a kind; the runner claims only kinds it can handle. */
    handle(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },
    /** Work that looks for due things on every pass (e.g. reminders whose time has come). */
    onPass(tick: () => Promise<void>): void {
      tickers.push(tick);
    },
    runDue,
    /** Wakes the runner soon, after a commit that queued work. */
    kick(): void {
      schedule(KICK_DELAY_MS);
    },
    start(): void {
      stopped = false;
      halted = false;
      schedule(0);
    },
    /** Whether the runner polls (started and not stopped): a worker's health reports it. */
    isRunning: (): boolean => !stopped,
    /**
     * Stops polling and claiming, and waits for the jobs in hand. With `handBackAfterMs`, jobs still
     * running by then are given back to the queue, due at once, so that another runner takes them
     * without waiting out their lease (this process is about to exit; a late finish of its own
     * is ignored, as the new claim counts another attempt).
     */
    async stop(options: { handBackAfterMs?: number } = {}): Promise<void> {
      stopped = true;
      halted = true;
      clearTimeout(timer);
      nextRunAt = Infinity;
      const finished = running?.catch(() => undefined);
      if (options.handBackAfterMs === undefined) return void (await finished);
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timeout = setTimeout(() => resolve('late'), options.handBackAfterMs);
      });
      const outcome = await Promise.race([finished, late]);
      clearTimeout(timeout);
      if (outcome === 'late' && inHand.size > 0) {
        log.warn({ jobIds: [...inHand].map((job) => job.id) }, 'jobs handed back unfinished at shutdown');
        await repo.handBackJobs(db, [...inHand], clock());
      }
    },
    /** Failed jobs, newest first (the command line's jobs:failed). */
    listFailed: (opts: { kind?: string; limit?: number } = {}) =>
      repo.listFailedJobs(db, { kind: opts.kind, limit: opts.limit ?? 100 }),
    /** Requeues failed jobs (by id, or every one, of a kind when named); answers the ids requeued. */
    retryFailed: (opts: { ids?: readonly number[]; kind?: string }) =>
      repo.requeueFailedJobs(db, { ...opts, now: clock() }),
    listGuestJobs: (guestId: number, kinds: readonly string[]) => repo.listGuestJobs(db, guestId, kinds),
    countByStatus: (meetingId: number, keyPrefix: string) => repo.countByStatus(db, meetingId, keyPrefix),
    findJob: (id: number) => repo.findJob(db, id),
    listMeetingJobs: (meetingId: number, kind: string) => repo.listMeetingJobs(db, meetingId, kind),
  };
}
export type Jobs = ReturnType<typeof createJobs>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner: main.js starts it; tests run due jobs with runDue(). */
    jobs: Jobs;
  }
}
