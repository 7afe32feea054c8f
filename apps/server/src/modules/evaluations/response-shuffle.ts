import type { DatabaseKind, Db } from '../../db/database.ts';
import { localDate } from '../../lib/local-time.ts';
import { shuffleResponses } from './evaluation-answers.repository.ts';

/**
 * Once a local day per instance, on the job runner's pass: PostgreSQL's table of anonymous
 * responses is rewritten in its random key's order, so that the heap no longer keeps the order the
 * answers came in (decision 0091). The first pass after a start runs it too.
 */
export function createResponseShuffle(deps: { db: Db; dbKind: DatabaseKind; clock: () => number }) {
  let lastDay: string | undefined;
  return async function onPass(): Promise<void> {
    const today = localDate(deps.clock());
    if (today === lastDay) return;
    lastDay = today;
    await shuffleResponses(deps.db, deps.dbKind);
  };
}
