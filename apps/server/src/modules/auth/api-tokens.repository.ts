import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

const listed = (db: Db) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.hint',
      'api_tokens.permissions',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'api_tokens.revoked_at',
      'users.id as owner_id',
      'users.account as owner_account',
      'users.name as owner_name',
      'users.organization_id as owner_organization_id',
      'users.enabled as owner_enabled',
    ]);
export type ApiTokenRow = NonNullable<Awaited<ReturnType<typeof findToken>>>;

export function findToken(db: Db, id: number) {
  return listed(db).where('api_tokens.id', '=', id).executeTakeFirst();
}

/** Tokens of users in these organisations (null: every user), newest first. */
export function listTokens(db: Db, organizationIds: number[] | null) {
  let q = listed(db);
  if (organizationIds !== null) q = q.where('users.organization_id', 'in', organizationIds);
  return q.orderBy('api_tokens.id', 'desc').execute();
}

export function findByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'name', 'permissions', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertToken(
  db: Db,
  row: Database['api_tokens'] extends infer T ? Omit<T, 'id'> : never,
) {
  const { id } = await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Revokes a token still standing; answers whether this call did. */
export async function revokeToken(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a use, unless one was recorded within the last `everyMs` (a busy program writes once a minute). */
export async function touchToken(
  db: Db,
  id: number,
  now: number,
  ip: string,
  everyMs: number,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now, last_used_ip: ip })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - everyMs)]))
    .execute();
}
