import { type Language, LANGUAGES } from '@meetflow/shared/languages';
import { PERMISSIONS, type Permission } from '@meetflow/shared/permissions';
import { type UserInfo } from '@meetflow/shared/schemas/auth';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
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
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditFields, pickFields } from '../../lib/audit-fields.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { passwordWeakness } from '../../core/password-strength.ts';
import { hashPassword } from '../../core/password.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import { findOrganization } from '../organizations/organizations.service.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
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

function toAdminUser(row: users.ManagedUserRow): AdminUser {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    email: row.email,
    enabled: row.enabled === 1,
    role_id: row.role_id,
    role_code: row.role_code,
    role_name: row.role_name,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * What an audit entry compares of a back-office account: never its password hash (the rows read
 * here carry none), and its e-mail address is personal (masked by userChanges).
 */
const AUDITED_USER_FIELDS = [
  'account',
  'name',
  'email',
  'enabled',
  'role_id',
  'role_name',
  'organization_id',
  'organization_name',
] as const satisfies readonly (keyof users.ManagedUserRow)[];

/** The fields that differ between two states of an account (null: created), e-mail masked. */
function userChanges(before: users.ManagedUserRow | null, after: users.ManagedUserRow | null): FieldChange[] {
  const fields = (row: users.ManagedUserRow | null) =>
    row && auditFields(pickFields(row, AUDITED_USER_FIELDS));
  return fieldChanges(fields(before), fields(after), {
    personal: ['email'],
    ignore: ['password', 'password_hash'],
  });
}

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
  const log = (actor: Actor, action: 'create' | 'update', message: LogMessage, changes?: FieldChange[]) =>
    systemLog.record({
      action,
      source: 'admin',
      message,
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });

  async function roleOrFail(trx: Db, roleId: number) {
    const role = await users.findRole(trx, roleId);
    if (!role) throw fieldError('role_id', 'invalidOption');
    return role;
  }

  /**
   * An administrator role may go without an organisation (sees everything); every other role needs
   * one, and a scoped manager may only hand out organisations of their own subtree.
   */
  async function checkOrganization(trx: Db, user: AuthUser, isAdminRole: boolean, orgId: number | null) {
    if (orgId === null) {
      if (!isAdminRole || !isAdministrator(user)) throw fieldError('organization_id', 'organizationRequired');
      return;
    }
    const visible = await visibleOrganizationIds(trx, user);
    const exists = await findOrganization(trx, orgId);
    if (!exists || (visible !== null && !visible.includes(orgId)))
      throw fieldError('organization_id', 'invalidOption');
  }

  /** A user the manager may see; anything else is 404, whether it exists or not. */
  async function visibleUser(trx: Db, user: AuthUser, id: number) {
    const row = await users.findManagedUser(trx, id);
    const visible = await visibleOrganizationIds(trx, user);
    if (
      !row ||
      (visible !== null && (row.organization_id === null || !visible.includes(row.organization_id)))
    )
      throw new AppError('NOT_FOUND');
    return row;
  }

  function checkPassword(user: { account: string; name: string }, password: string) {
    const problem = passwordWeakness(password, user);
    if (problem) throw fieldError('password', problem);
  }

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

    async create(actor: Actor, body: CreateUserBody): Promise<AdminUser> {
      checkPassword(body, body.password);
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction().execute(async (trx) => {
        const role = await roleOrFail(trx, body.role_id);
        await checkOrganization(trx, actor.user, role.is_admin === 1, body.organization_id ?? null);
        if (await users.accountExists(trx, body.account)) throw new AppError('ACCOUNT_TAKEN');
        const id = await users.insertManagedUser(trx, {
          account: body.account,
          name: body.name,
          email: body.email ?? null,
          password_hash: passwordHash,
          role_id: role.id,
          organization_id: body.organization_id ?? null,
          enabled: body.enabled === false ? 0 : 1,
          now: clock(),
        });
        const row = await users.findManagedUser(trx, id);
        if (!row) throw new AppError('INTERNAL');
        return row;
      });
      const organization: LogMessage = created.organization_name
        ? {
            key: 'user.organization',
            params: { name: created.organization_name, id: created.organization_id ?? '-' },
          }
        : { key: 'user.no_organization' };
      await log(
        actor,
        'create',
        {
          key: 'user.created',
          params: {
            account: created.account,
            id: created.id,
            role: created.role_name,
            organization: [organization],
            state: [{ key: created.enabled ? 'user.enabled' : 'user.disabled' }],
          },
        },
        userChanges(null, created),
      );
      return toAdminUser(created);
    },

    async update(actor: Actor, id: number, body: UpdateUserBody): Promise<AdminUser> {
      const { before, after } = await db.transaction().execute(async (trx) => {
        const before = await visibleUser(trx, actor.user, id);
        const role = body.role_id === undefined ? null : await roleOrFail(trx, body.role_id);
        const isAdminRole = role ? role.is_admin === 1 : before.is_admin === 1;
        const orgId = body.organization_id === undefined ? before.organization_id : body.organization_id;
        if (body.role_id !== undefined || body.organization_id !== undefined)
          await checkOrganization(trx, actor.user, isAdminRole, orgId);
        const disabling = before.enabled === 1 && body.enabled === false;
        const demoting = before.is_admin === 1 && !isAdminRole;
        if (id === actor.user.id && (body.enabled === false || (role && role.id !== before.role_id)))
          throw new AppError('SELF_CHANGE_REFUSED');
        if (before.is_admin === 1 && before.enabled === 1 && (disabling || demoting)) {
          if ((await users.countEnabledAdministrators(trx)) <= 1) throw new AppError('LAST_ADMINISTRATOR');
        }
        const now = clock();
        await users.updateManagedUser(
          trx,
          id,
          {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.email === undefined ? {} : { email: body.email }),
            ...(body.role_id === undefined ? {} : { role_id: body.role_id }),
            ...(body.organization_id === undefined ? {} : { organization_id: body.organization_id }),
            ...(body.enabled === undefined ? {} : { enabled: body.enabled ? 1 : 0 }),
          },
          now,
        );
        // A disabled user is refused at the next request anyway; ending the sessions also stops refreshes.
        if (disabling) await revokeUserSessions(trx, id, now);
        const after = await users.findManagedUser(trx, id);
        if (!after) throw new AppError('INTERNAL');
        return { before, after };
      });
      const changes: LogMessage[] = [];
      if (before.name !== after.name)
        changes.push({ key: 'change.name', params: { from: before.name, to: after.name } });
      // An address is personal data: the log says that it changed, not what it was or became.
      if (before.email !== after.email) changes.push({ key: 'change.email' });
      if (before.role_id !== after.role_id)
        changes.push({ key: 'change.role', params: { from: before.role_name, to: after.role_name } });
      if (before.organization_id !== after.organization_id)
        changes.push({
          key: 'change.organization',
          params: {
            from: before.organization_name ?? '-',
            to: after.organization_name ?? '-',
            id: after.organization_id ?? '-',
          },
        });
      if (before.enabled !== after.enabled)
        changes.push({ key: after.enabled ? 'change.enabled' : 'change.disabled' });
      await log(
        actor,
        'update',
        {
          key: 'user.updated',
          params: {
            account: after.account,
            id: after.id,
            changes: changes.length ? changes : [{ key: 'change.none' }],
          },
        },
        userChanges(before, after),
      );
      return toAdminUser(after);
    },

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
