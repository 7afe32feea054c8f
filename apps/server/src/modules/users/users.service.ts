import { type Language, LANGUAGES } from '@meetflow/shared/languages';
import { PERMISSIONS, type Permission } from '@meetflow/shared/permissions';
import { type UserInfo } from '@meetflow/shared/schemas/auth';
import {
  type AdminUser,
  type CreateUserBody,
  type ResetPasswordBody,
  type Role,
  type UpdateUserBody,
  type UserListQuery,
  type UserPage,
} from '@meetflow/shared/schemas/users';
import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/secure-random.ts';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { hashPassword } from '../../core/password.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createUser } from './create-user.ts';
import { updateUser } from './update-user.ts';
import { createUserRules, toAdminUser } from './user-rules.ts';
import * as users from './users.repository.ts';

/*
 * What the auth and profile modules need of user rows (sign-in, refresh, session checks, password
 * change): functions of this service, so that no other module reaches the users repository. Auth
 * depends on users, not the other way round: users gets session revocation injected (users.module.ts).
 */
export type UserRow = users.UserRow;

/** The user signing in with this account (with their role), if any. */
export function findUserByAccount(db: Db, account: string) {
  return users.findUserByAccount(db, account);
}

export function findUserById(db: Db, id: number) {
  return users.findUserById(db, id);
}

/** The user a session belongs to, read with the session in one prepared query. */
export function findUserOfSession(db: Db, sessionId: string) {
  return users.findUserOfSession(db, sessionId);
}

export function updatePasswordHash(db: Db, id: number, hash: string, now: number): Promise<void> {
  return users.updatePasswordHash(db, id, hash, now);
}

export function permissionsOf(row: Pick<users.UserRow, 'is_admin' | 'permissions'>): Permission[] {
  if (row.is_admin) return [...PERMISSIONS];
  const stored: unknown = JSON.parse(row.permissions);
  return Array.isArray(stored) ? PERMISSIONS.filter((p) => stored.includes(p)) : [];
}

export function toUserInfo(row: users.UserRow): UserInfo {
  const language = LANGUAGES.find((l) => l === row.language) ?? null;
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    email: row.email,
    language: language as Language | null,
    permissions: permissionsOf(row),
    organization_id: row.organization_id,
  };
}

/** Whether any back-office account exists: none on the first start, which creates the administrator. */
export async function hasUsers(db: Db): Promise<boolean> {
  return (await users.countUsers(db)) > 0;
}

/**
 * Creates the first administrator on an empty database. The password comes from ADMIN_PASSWORD
 * or is generated; a generated one is returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { account: string; password: string | undefined; now?: number },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const now = options.now ?? Date.now();
  if (await hasUsers(db)) return { created: false };
  const password = options.password ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const roleId = await users.findOrCreateAdminRole(trx, now);
    await users.insertUser(trx, {
      account: options.account,
      name: 'Administrator',
      password_hash: passwordHash,
      role_id: roleId,
      now,
    });
  });
  return options.password ? { created: true } : { created: true, generatedPassword: password };
}

// ---- user management: GET /api/roles, /api/users… (permission user:manage) ----

/** Ends a user's sessions (but one, when named) in the caller's transaction: auth's, injected. */
export type RevokeUserSessions = (trx: Db, userId: number, now: number, keep?: string) => Promise<unknown>;

export function createUsersService({
  db,
  systemLog,
  clock,
  revokeUserSessions,
}: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  revokeUserSessions: RevokeUserSessions;
}) {
  const deps = { db, systemLog, clock, revokeUserSessions };
  const rules = createUserRules(deps);
  const { log, visibleUser, checkPassword } = rules;

  return {
    async roles(): Promise<Role[]> {
      const rows = await users.listRoles(db);
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        is_admin: r.is_admin === 1,
        permissions: permissionsOf(r),
      }));
    },

    async list(user: AuthUser, query: UserListQuery): Promise<UserPage> {
      const organizationIds = await visibleOrganizationIds(db, user);
      const { rows, total } = await users.listManagedUsers(
        db,
        { organizationIds, keyword: query.keyword },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      );
      return { items: rows.map(toAdminUser), total, page: query.page, page_size: query.page_size };
    },

    create: (actor: Actor, body: CreateUserBody): Promise<AdminUser> =>
      createUser({ ...deps, rules }, actor, body),

    update: (actor: Actor, id: number, body: UpdateUserBody): Promise<AdminUser> =>
      updateUser({ ...deps, rules }, actor, id, body),

    async resetPassword(actor: Actor, id: number, body: ResetPasswordBody): Promise<void> {
      const target = await visibleUser(db, actor.user, id);
      checkPassword(target, body.password);
      const hash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        const now = clock();
        await users.updatePasswordHash(trx, id, hash, now);
        // Resetting one's own password keeps the session doing it, as changing it does.
        await revokeUserSessions(trx, id, now, id === actor.user.id ? actor.user.sessionId : undefined);
      });
      await log(actor, 'update', {
        key: 'user.password_reset',
        params: { account: target.account, id: target.id },
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
export type UsersDeps = Parameters<typeof createUsersService>[0];
