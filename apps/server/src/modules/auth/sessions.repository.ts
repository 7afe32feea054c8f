import type { Db } from '../../db/database.ts';

export async function insertSession(
  db: Db,
  session: { id: string; user_id: number; created_at: number; expires_at: number; ip: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, revoked_at: null })
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  tokenHash: string,
  sessionId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: tokenHash, session_id: sessionId, created_at: now, used_at: null })
    .execute();
}

/**
 * Marks a refresh token used, atomically: of two concurrent refreshes with the same token only
 * one gets the session back.
 */
export async function consumeRefreshToken(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('session_id')
    .executeTakeFirst();
  return row?.session_id;
}

export async function findRefreshTokenSession(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.session_id;
}

export function findSession(db: Db, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeSession(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: number,
  exceptSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Drops sessions that ended long enough ago that no token of theirs can matter. */
export async function deleteExpiredSessions(db: Db, before: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}
