import type { AdminUser, CreateUserBody } from '@meetflow/shared/schemas/users';
import type { Actor } from '../../core/auth-user.ts';
import { hashPassword } from '../../core/password.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import { toAdminUser, userChanges, type UserRules } from './user-rules.ts';
import type { UsersDeps } from './users.service.ts';
import * as users from './users.repository.ts';

/** A new back-office account: its role, organisation and password checked, the creation audited. */
export async function createUser(
  deps: UsersDeps & { rules: UserRules },
  actor: Actor,
  body: CreateUserBody,
): Promise<AdminUser> {
  const { db, clock } = deps;
  const { log, roleOrFail, checkOrganization, checkPassword } = deps.rules;
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
}
