import type { Db } from '../../db/database.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as repo from './member-records.repository.ts';

/** An upload never applied is dropped after a day. */
export const UPLOAD_KEPT_MS = 24 * 3_600_000;
/**
 * A running apply untouched this long is taken for crashed: it writes a batch of 500 rows in well
 * under a second, so ten minutes without one is nobody writing.
 */
export const RUNNING_STALE_MS = 10 * 60_000;

/**
 * Marks abandoned uploads failed and drops their staged rows (an upload left unapplied, an apply
 * that crashed and would otherwise stay 'running' for good). Run on every pass of the job runner
 * and before an upload's progress is read; audited when it found any.
 */
export async function abandonStaleImports(deps: { db: Db; clock: () => number; systemLog: SystemLog }) {
  const now = deps.clock();
  const count = await repo.abandonStaleImports(deps.db, {
    uploadedBefore: now - UPLOAD_KEPT_MS,
    runningBefore: now - RUNNING_STALE_MS,
    now,
  });
  if (count > 0)
    await deps.systemLog.record({
      action: 'update',
      source: 'system',
      message: { key: 'members.abandoned', params: { count } },
      username: null,
      ip: null,
    });
  return count;
}
