import { preparedQuery } from '../db/prepared-query.ts';
import type { Db } from '../db/database.ts';

/** The organisation and all its descendants (one recursive query; works on SQLite and PostgreSQL). */
export async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
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

/** The organisation and every organisation above it, up to the top level. */
export async function ancestorIds(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .withRecursive('up(id, parent_id)', (qb) =>
      qb
        .selectFrom('organizations')
        .select(['id', 'parent_id'])
        .where('id', '=', id)
        .unionAll((sub) =>
          sub
            .selectFrom('organizations')
            .innerJoin('up', 'up.parent_id', 'organizations.id')
            .select(['organizations.id', 'organizations.parent_id']),
        ),
    )
    .selectFrom('up')
    .select('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

const liveMeeting = preparedQuery<{ id: number }>()((db, p) =>
  db
    .selectFrom('meetings')
    .select([
      'id',
      'organization_id',
      'meeting_type',
      'name',
      'name_cn',
      'name_en',
      'start_at',
      'end_at',
      'registered_count',
      'purged_at',
    ])
    .where('id', '=', p('id'))
    .where('deleted_at', 'is', null),
);

/** A meeting that is not soft-deleted, with what every module's access check and headline need. */
export function findLiveMeeting(db: Db, id: number) {
  return liveMeeting.takeFirst(db, { id });
}
