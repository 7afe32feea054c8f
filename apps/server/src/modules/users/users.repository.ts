import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import { containsPattern, lowerLike } from '../../lib/like.ts';
import type { Db } from '../../db/database.ts';

const userWithRole = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.account',
      'users.name',
      'users.email',
      'users.language',
      'users.password_hash',
      'users.enabled',
      'users.organization_id',
      'roles.is_admin',
      'roles.permissions',
    ]);

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByAccount>>>;

export function findUserByAccount(db: Db, account: string) {
  return userWithRole(db).where('users.account', '=', account).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return userWithRole(db).where('users.id', '=', id).executeTakeFirst();
}

const userOfSession = preparedQuery<{ sessionId: string }>()((db, p) =>
  userWithRole(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(['sessions.id as session_id', 'sessions.revoked_at as session_revoked_at'])
    .where('sessions.id', '=', p('sessionId')),
);
/** The user of a session, with the session's state: what every authenticated request reads, in one query. */
export function findUserOfSession(db: Db, sessionId: string) {
  return userOfSession.takeFirst(db, { sessionId });
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOrCreateAdminRole(db: Db, now: number): Promise<number> {
  const existing = await db.selectFrom('roles').select('id').where('is_admin', '=', 1).executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('roles')
    .values({ name: 'Administrator', code: 'administrator', is_admin: 1, permissions: '[]', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

export async function insertUser(
  db: Db,
  user: { account: string; name: string; password_hash: string; role_id: number; now: number },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      account: user.account,
      name: user.name,
      password_hash: user.password_hash,
      role_id: user.role_id,
      enabled: 1,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: Db, id: number, hash: string, now: number): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

// ---- user management (the /api/users and /api/roles routes) ----

export function listRoles(db: Db) {
  return db
    .selectFrom('roles')
    .select(['id', 'code', 'name', 'is_admin', 'permissions'])
    .orderBy('is_admin', 'desc')
    .orderBy('id')
    .execute();
}

export function findRole(db: Db, id: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'code', 'name', 'is_admin', 'permissions'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const managedUser = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.account',
      'users.name',
      'users.email',
      'users.enabled',
      'users.role_id',
      'roles.code as role_code',
      'roles.name as role_name',
      'roles.is_admin',
      'users.organization_id',
      'organizations.name as organization_name',
      'users.created_at',
      'users.updated_at',
    ]);

export type ManagedUserRow = NonNullable<Awaited<ReturnType<typeof findManagedUser>>>;

export function findManagedUser(db: Db, id: number) {
  return managedUser(db).where('users.id', '=', id).executeTakeFirst();
}

interface UserFilter {
  /** null: every user; otherwise users of these organisations only. */
  organizationIds: number[] | null;
  keyword?: string | undefined;
}

function filtered<Q extends ReturnType<typeof managedUser>>(query: Q, filter: UserFilter): Q {
  let q = query;
  if (filter.organizationIds !== null) {
    const ids = filter.organizationIds.length ? filter.organizationIds : [-1];
    q = q.where('users.organization_id', 'in', ids) as Q;
  }
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([lowerLike('users.account', pattern), lowerLike('users.name', pattern)])) as Q;
  }
  return q;
}

export async function listManagedUsers(
  db: Db,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ManagedUserRow[]; total: number }> {
  const rows = await filtered(managedUser(db), filter)
    .orderBy('users.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filtered(managedUser(db), filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Any user with this account, ignoring letter case ("Admin" and "admin" would confuse people). */
export async function accountExists(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function countEnabledAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.enabled', '=', 1)
    .where('roles.is_admin', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertManagedUser(
  db: Db,
  user: {
    account: string;
    name: string;
    email: string | null;
    password_hash: string;
    role_id: number;
    organization_id: number | null;
    enabled: number;
    now: number;
  },
): Promise<number> {
  const { now, ...values } = user;
  const row = await db
    .insertInto('users')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateManagedUser(
  db: Db,
  id: number,
  changes: Partial<{
    name: string;
    email: string | null;
    role_id: number;
    organization_id: number | null;
    enabled: number;
  }>,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A user's address (a test send goes to the organiser's own). */
export function findUserEmail(db: Db, id: number) {
  return db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
}

/** Whether any user belongs to the organisation. */
export async function organizationHasUsers(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's own name, address and language (the profile page). */
export async function updateProfile(
  db: Db,
  userId: number,
  values: { name: string; email: string | null; language: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
