import type { Db } from '../../db/database.ts';

export interface FailureCount {
  key: string;
  failures: number;
  last_failure_at: number;
}

export function findFailures(db: Db, keys: string[]): Promise<FailureCount[]> {
  return db
    .selectFrom('login_failures')
    .select(['key', 'failures', 'last_failure_at'])
    .where('key', 'in', keys)
    .execute();
}

/**
 * Counts one attempt as a failure if the count is still the one read (`seen`, or no row): of
 * concurrent attempts exactly one wins each step, so a burst cannot slip past the wait together.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  seen: FailureCount | undefined,
  next: { failures: number; now: number },
): Promise<boolean> {
  const row = seen
    ? await db
        .updateTable('login_failures')
        .set({ failures: next.failures, last_failure_at: next.now })
        .where('key', '=', key)
        .where('failures', '=', seen.failures)
        .where('last_failure_at', '=', seen.last_failure_at)
        .returning('key')
        .executeTakeFirst()
    : await db
        .insertInto('login_failures')
        .values({ key, failures: next.failures, last_failure_at: next.now })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
  return row !== undefined;
}

/** Takes back an attempt counted in advance that turned out to be the right password. */
export async function forgiveAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

export async function deleteStaleFailures(db: Db, before: number): Promise<void> {
  await db.deleteFrom('login_failures').where('last_failure_at', '<', before).execute();
}

/** The failure counts kept for one account name: its own and those of each address it was tried from. */
export async function findAccountFailureKeys(db: Db, name: string): Promise<string[]> {
  // Keys are `account:<name>` and `pair:<ip> <name>`; the pairs are matched exactly in code, as a
  // LIKE pattern would read the account's `_` as a wildcard.
  const rows = await db
    .selectFrom('login_failures')
    .select('key')
    .where((eb) => eb.or([eb('key', '=', `account:${name}`), eb('key', 'like', 'pair:%')]))
    .execute();
  return rows.map((r) => r.key).filter((key) => key === `account:${name}` || key.endsWith(` ${name}`));
}

export async function deleteFailures(db: Db, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db.deleteFrom('login_failures').where('key', 'in', keys).executeTakeFirst();
  return Number(result.numDeletedRows);
}
