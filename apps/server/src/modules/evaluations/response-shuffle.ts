import type { DatabaseKind, Db } from '../../db/database.ts';
import { shuffleResponses } from './evaluation-answers.repository.ts';

/** How often each instance looks for responses to re-stamp and re-order. */
export const SHUFFLE_EVERY_MS = 5 * 60_000;

/**
 * On the job runner's pass, at most every SHUFFLE_EVERY_MS per instance (the first pass after a start
 * included): PostgreSQL's anonymous responses lose what ties them to their completion — the writing
 * transaction's stamp and the arrival order (decision 0091). Nothing to do: one cheap count.
 */
export function createResponseShuffle(deps: { db: Db; dbKind: DatabaseKind; clock: () => number }) {
  let last = -Infinity;
  return async function onPass(): Promise<void> {
    const now = deps.clock();
    if (now - last < SHUFFLE_EVERY_MS) return;
    last = now;
    await shuffleResponses(deps.db, deps.dbKind);
  };
}
