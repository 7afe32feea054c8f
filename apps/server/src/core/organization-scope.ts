import { AppError } from '../lib/app-error.ts';
import { ancestorIds, subtreeIds } from './access.repository.ts';
import type { Db } from '../db/database.ts';

export { ancestorIds, subtreeIds };

/**
 * Whether an entry owned by `owner` (a time slot, a college category; null = global) applies to
 * what belongs to `organizationId`: a global one does, and so does one owned by it or above it.
 */
export async function ownerCovers(db: Db, owner: number | null, organizationId: number): Promise<boolean> {
  return owner === null || (await ancestorIds(db, organizationId)).includes(owner);
}

/**
 * The organisations a user may see: null means all of them (no organisation set, as for
 * administrators); otherwise their organisation's subtree.
 */
export async function visibleOrganizationIds(
  db: Db,
  user: { organizationId: number | null },
): Promise<number[] | null> {
  return user.organizationId === null ? null : subtreeIds(db, user.organizationId);
}

/**
 * Refuses an organisation outside the user's subtree with 404, not 403: another organiser's data
 * must not even be confirmed to exist.
 */
export async function assertOrganizationVisible(
  db: Db,
  user: { organizationId: number | null },
  organizationId: number,
): Promise<void> {
  const visible = await visibleOrganizationIds(db, user);
  if (visible !== null && !visible.includes(organizationId)) throw new AppError('NOT_FOUND');
}
