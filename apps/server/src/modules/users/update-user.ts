import type { AdminUser, UpdateUserBody } from '@meetflow/shared/schemas/users';
import type { Actor } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import { toAdminUser, userChanges, type UserRules } from './user-rules.ts';
import type { UsersDeps } from './users.service.ts';
import * as users from './users.repository.ts';

/**
 * Changes an account: never one's own role or state, never the last enabled administrator away;
 * disabling ends its sessions. The audit entry names what changed.
 */
export async function updateUser(
  deps: UsersDeps & { rules: UserRules },
  actor: Actor,
  id: number,
  body: UpdateUserBody,
): Promise<AdminUser> {
  const { db, clock, revokeUserSessions } = deps;
  const { log, roleOrFail, checkOrganization, visibleUser } = deps.rules;
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
  const changes = changeList(before, after);
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
}

/** What changed, as the log tells it: an address only that it changed (it is personal data). */
function changeList(before: users.ManagedUserRow, after: users.ManagedUserRow): LogMessage[] {
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
  return changes;
}
