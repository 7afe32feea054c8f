import type { Insertable, Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Row = Database['college_categories'];

/** Column lists shared by the reads of this table: `names` is what a form or a list shows of a category. */
export const collegeCategoryColumns = {
  names: ['id', 'name', 'name_cn', 'name_en'],
  full: ['id', 'organization_id', 'name', 'name_cn', 'name_en', 'sort', 'created_at', 'updated_at'],
} as const;

const columns = collegeCategoryColumns.full;

/** The global categories and those of `owners` (null: every category). */
export function listCollegeCategories(db: Db, owners: readonly number[] | null) {
  let query = db.selectFrom('college_categories').select(columns);
  if (owners !== null)
    query = query.where((eb) =>
      eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', owners.length ? owners : [-1])]),
    );
  return query.orderBy('sort').orderBy('id').execute();
}

/** The names of the global categories and those of `owners` (a meeting's organisation and those above). */
export function listCollegeCategoryNames(db: Db, owners: readonly number[]) {
  return db
    .selectFrom('college_categories')
    .select(collegeCategoryColumns.names)
    .where((eb) =>
      eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', owners.length ? owners : [-1])]),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCollegeCategory(db: Db, id: number) {
  return db.selectFrom('college_categories').select(columns).where('id', '=', id).executeTakeFirst();
}

const categoryOwner = preparedQuery<{ id: number }>()((db, p) =>
  db.selectFrom('college_categories').select(['id', 'organization_id']).where('id', '=', p('id')),
);
/** A category and the organisation owning it (null: global). Prepared: it is on the sign-up's hot path. */
export function findCategoryOwner(db: Db, id: number) {
  return categoryOwner.takeFirst(db, { id });
}

export function insertCollegeCategory(db: Db, values: Insertable<Row>) {
  return db.insertInto('college_categories').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateCollegeCategory(db: Db, id: number, values: Updateable<Row>) {
  return db
    .updateTable('college_categories')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/**
 * Deletes the category only while no guest (cancelled ones included: their rows stay) carries it,
 * in one statement, so that a sign-up meanwhile cannot slip between a check and the delete.
 */
export async function deleteUnusedCollegeCategory(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('college_categories')
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('guests').select('guests.id').where('guests.college_category_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the organisation owns any college category. */
export async function organizationHasCollegeCategories(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('college_categories')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}
