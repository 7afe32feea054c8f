import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { AdminUser } from '@meetflow/shared/schemas/users';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import { passwordWeakness } from '../../core/password-strength.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditFields, pickFields } from '../../lib/audit-fields.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import type { UsersDeps } from './users.service.ts';
import * as users from './users.repository.ts';

export function toAdminUser(row: users.ManagedUserRow): AdminUser {
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
export function userChanges(
  before: users.ManagedUserRow | null,
  after: users.ManagedUserRow | null,
): FieldChange[] {
  const fields = (row: users.ManagedUserRow | null) =>
    row && auditFields(pickFields(row, AUDITED_USER_FIELDS));
  return fieldChanges(fields(before), fields(after), {
    personal: ['email'],
    ignore: ['password', 'password_hash'],
  });
}

/** The checks and the audit record every change of an account goes through. */
export function createUserRules({ systemLog }: Pick<UsersDeps, 'systemLog'>) {
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

  return { log, roleOrFail, checkOrganization, visibleUser, checkPassword };
}
export type UserRules = ReturnType<typeof createUserRules>;
