import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

type Row = Database['dictionary_entries'];

const columns = ['id', 'type', 'label', 'value', 'sort', 'created_at', 'updated_at'] as const;

export function listDictionaryEntries(db: Db, type: string | undefined) {
  let query = db.selectFrom('dictionary_entries').select(columns);
  if (type !== undefined) query = query.where('type', '=', type);
  return query.orderBy('type').orderBy('sort').orderBy('id').execute();
}

export function findDictionaryEntry(db: Db, id: number) {
  return db.selectFrom('dictionary_entries').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Another entry with this (type, value), if any: the pair is unique. */
export function findEntryWithValue(db: Db, type: string, value: string, exceptId?: number) {
  let query = db
    .selectFrom('dictionary_entries')
    .select('id')
    .where('type', '=', type)
    .where('value', '=', value);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export function insertDictionaryEntry(db: Db, values: Insertable<Row>) {
  return db.insertInto('dictionary_entries').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateDictionaryEntry(db: Db, id: number, values: Updateable<Row>) {
  return db
    .updateTable('dictionary_entries')
    .set(values)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteDictionaryEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('dictionary_entries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
