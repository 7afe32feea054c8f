import type { LogMessage } from '@meetflow/shared/log-messages';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { linkOrganization } from './cme-linking.ts';
import * as repo from './cme.repository.ts';

/*
 * What every back-office use case of the CME record starts with: the organisation or person within
 * the user's subtree (404 otherwise, as for meetings), its audit entry, and the linking a read runs
 * first.
 */

export async function visibleOrganization(db: Db, user: Pick<AuthUser, 'organizationId'>, id: number) {
  const org = await findOrganization(db, id);
  if (!org) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(db, user, id);
  return org;
}

export async function visiblePerson(db: Db, user: Pick<AuthUser, 'organizationId'>, id: number) {
  const found = await repo.findPerson(db, id);
  if (!found) throw new AppError('NOT_FOUND');
  await assertOrganizationVisible(db, user, found.organization_id);
  return found;
}

/** The system-log entry of a change: the user's, or the system's (a linking run by a read). */
export function cmeAudit(systemLog: SystemLog) {
  return (actor: Actor | null, action: 'create' | 'update' | 'export', message: LogMessage) =>
    systemLog.record({
      action,
      source: actor ? 'admin' : 'system',
      message,
      username: actor?.user.auditName ?? null,
      ip: actor?.ip ?? null,
    });
}

/** The linking a read runs first: audited (as the system) when it linked anyone. */
export async function linkBeforeReading(
  deps: { db: Db; clock: () => number; systemLog: SystemLog },
  organizationId: number,
): Promise<void> {
  const result = await linkOrganization(deps.db, organizationId, deps.clock());
  if (result.linked > 0)
    await cmeAudit(deps.systemLog)(null, 'update', {
      key: 'cme.linked',
      params: { organization_id: organizationId, ...result },
    });
}
