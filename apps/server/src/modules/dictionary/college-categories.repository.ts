import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Trx = Kysely<Database>;
type Row = Database['college_categories'];

const columns = ['id', 'name', 'name_cn', 'name_en', 'sort', 'created_at', 'updated_at'] as const;

export function listCollegeCategories(db: Trx) {
  return db.selectFrom('college_categories').select(columns).orderBy('sort').orderBy('id').execute();
}

export function findCollegeCategory(db: Trx, id: number) {
  return db.selectFrom('college_categories').select(columns).where('id', '=', id).executeTakeFirst();
}

export function insertCollegeCategory(db: Trx, values: Insertable<Row>) {
  return db.insertInto('college_categories').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateCollegeCategory(db: Trx, id: number, values: Updateable<Row>) {
  return db
    .updateTable('college_categories')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteCollegeCategory(db: Trx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('college_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
