import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

type Trx = Kysely<Database>;

/** The organisation and all its descendants (one recursive query; works on SQLite and PostgreSQL). */
export async function subtreeIds(db: Trx, rootId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', rootId)
        .unionAll((sub) =>
          sub
            .selectFrom('organizations')
            .innerJoin('tree', 'tree.id', 'organizations.parent_id')
            .select('organizations.id'),
        ),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The organisations a user may see: null means all of them (no organisation set, as for
 * administrators); otherwise their organisation's subtree.
 */
export async function visibleOrganizationIds(
  db: Trx,
  user: { organizationId: number | null },
): Promise<number[] | null> {
  return user.organizationId === null ? null : subtreeIds(db, user.organizationId);
}

/**
 * Refuses an organisation outside the user's subtree with 404, not 403: another organiser's data
 * must not even be confirmed to exist.
 */
export async function assertOrganizationVisible(
  db: Trx,
  user: { organizationId: number | null },
  organizationId: number,
): Promise<void> {
  const visible = await visibleOrganizationIds(db, user);
  if (visible !== null && !visible.includes(organizationId)) throw new AppError('NOT_FOUND');
}
