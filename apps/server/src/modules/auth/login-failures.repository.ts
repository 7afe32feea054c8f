import type { Db } from '../../db/database.ts';

export function findFailures(db: Db, keys: string[]) {
  return db
    .selectFrom('login_failures')
    .select(['key', 'failures', 'last_failure_at'])
    .where('key', 'in', keys)
    .execute();
}

/** Counts one failure atomically; a count idle since `forgetBefore` starts again at one. */
export async function recordFailure(db: Db, key: string, now: number, forgetBefore: number): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ key, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failures.last_failure_at', '<', forgetBefore)
          .then(1)
          .else(eb('login_failures.failures', '+', 1))
          .end(),
        last_failure_at: now,
      })),
    )
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

export async function deleteStaleFailures(db: Db, before: number): Promise<void> {
  await db.deleteFrom('login_failures').where('last_failure_at', '<', before).execute();
}
