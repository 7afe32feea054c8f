import type { Db } from '../../db/database.ts';

/*
 * The public transcript page's one-time codes (hashed, attempts counted) and the short-lived access
 * token a right code gives (hashed too). Rows past both their expiries are purged (cme.writes.ts).
 */

export async function insertCode(
  db: Db,
  values: { email: string; code_hash: string; created_at: number; expires_at: number },
): Promise<number> {
  const row = await db
    .insertInto('cme_access_codes')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The hash is of the code derived from the row's id (cme-access.ts), so it is written after the insert. */
export async function setCodeHash(db: Db, id: number, codeHash: string): Promise<void> {
  await db.updateTable('cme_access_codes').set({ code_hash: codeHash }).where('id', '=', id).execute();
}

/** The code row by id (the mail job reads the address from it). */
export function findCode(db: Db, id: number) {
  return db
    .selectFrom('cme_access_codes')
    .select(['id', 'email', 'code_hash', 'created_at', 'expires_at', 'used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The address's newest code still open (unused, unexpired, attempts left). */
export function openCodeOf(db: Db, email: string, now: number, maxAttempts: number) {
  return db
    .selectFrom('cme_access_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Takes one try of an open code, in one conditional update: concurrent tries cannot read the same
 * count and all pass. False when the code is spent, expired or out of tries (nothing to compare).
 */
export async function claimAttempt(db: Db, id: number, now: number, maxAttempts: number): Promise<boolean> {
  const done = await db
    .updateTable('cme_access_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Spends the code once: false when another request used it first. */
export async function useCode(
  db: Db,
  id: number,
  token: { token_hash: string; token_expires_at: number },
  now: number,
): Promise<boolean> {
  const done = await db
    .updateTable('cme_access_codes')
    .set({ used_at: now, ...token })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The address an unexpired token was given for. */
export async function emailOfToken(db: Db, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('cme_access_codes')
    .select('email')
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

/** Codes and tokens past their expiries (and their addresses with them). */
export async function deleteExpired(db: Db, now: number): Promise<number> {
  const done = await db
    .deleteFrom('cme_access_codes')
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('token_expires_at', 'is', null), eb('token_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
