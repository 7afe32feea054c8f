import { sql } from 'kysely';
import type { Region } from '@meetflow/shared/constants';
import { organizationOwnsEntries } from '../dictionary/dictionary.reads.ts';
import { organizationHasMeetings } from '../meetings/meetings.reads.ts';
import { organizationHasUsers } from '../users/users.reads.ts';
import type { Db } from '../../db/database.ts';

const columns = ['id', 'name', 'parent_id', 'sort', 'region'] as const;

export type OrganizationRow = Awaited<ReturnType<typeof findOrganization>> & {};

/** Every organisation, or only those in `ids` (a user's subtree), in display order. */
export function listOrganizations(db: Db, ids: number[] | null) {
  let query = db.selectFrom('organizations').select(columns).orderBy('sort').orderBy('id');
  if (ids !== null) query = query.where('id', 'in', ids.length ? ids : [-1]);
  return query.execute();
}

export function findOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').select(columns).where('id', '=', id).executeTakeFirst();
}

/** A sibling (same parent) with the same name, ignoring letter case; `exceptId` is the node itself. */
export async function siblingNameExists(
  db: Db,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('organizations')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The children of a parent (null: top level) in display order. */
export function listChildren(db: Db, parentId: number | null) {
  const query = db.selectFrom('organizations').select(['id', 'sort']).orderBy('sort').orderBy('id');
  return (
    parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId)
  ).execute();
}

export async function insertOrganization(
  db: Db,
  values: { name: string; parent_id: number | null; sort: number; now: number; region?: Region | null },
): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: values.name,
      parent_id: values.parent_id,
      sort: values.sort,
      region: values.region ?? null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganization(
  db: Db,
  id: number,
  values: { name: string; region: Region | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setParent(db: Db, id: number, parentId: number | null, now: number): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ parent_id: parentId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setSort(db: Db, id: number, sort: number): Promise<void> {
  await db.updateTable('organizations').set({ sort }).where('id', '=', id).execute();
}

export async function deleteOrganization(db: Db, id: number): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

/**
 * What still hangs on an organisation: sub-organisations, users, meetings (soft-deleted ones too),
 * and the time slots and college categories it owns.
 */
export async function dependents(
  db: Db,
  id: number,
): Promise<{ children: boolean; users: boolean; meetings: boolean; dictionaryEntries: boolean }> {
  // One after another: inside a transaction the queries share a single connection anyway.
  const child = await db
    .selectFrom('organizations')
    .select('id')
    .where('parent_id', '=', id)
    .executeTakeFirst();
  const users = await organizationHasUsers(db, id);
  const meetings = await organizationHasMeetings(db, id);
  const dictionaryEntries = await organizationOwnsEntries(db, id);
  return {
    children: child !== undefined,
    users,
    meetings,
    dictionaryEntries,
  };
}
