import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/secure-random.ts';

/**
 * Returns the named secret, creating it on first use. Stored in the database so every instance
 * sharing the database signs and verifies with the same key.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomToken(48) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
