import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The member_records and member_imports tables' owner (modules/members): an organisation's member
 * and licence list, and its uploads waiting to be applied.
 */

/** The organisation's row for a folded licence number. */
export function findByLicence(db: Db, organizationId: number, licenceKey: string) {
  return db
    .selectFrom('member_records')
    .select(['id', 'name_keys', 'member_class', 'valid_until'])
    .where('organization_id', '=', organizationId)
    .where('licence_key', '=', licenceKey)
    .executeTakeFirst();
}

const LIST_COLUMNS = [
  'id',
  'licence_number',
  'name_zh',
  'name_en',
  'member_class',
  'valid_until',
  'updated_at',
] as const;

/** A page of the list, by licence number; `search` matches the licence key or a name key. */
export async function listMembers(
  db: Db,
  organizationId: number,
  search: { licence: string; names: string[] } | null,
  page: { offset: number; limit: number },
) {
  let query = db.selectFrom('member_records').where('organization_id', '=', organizationId);
  if (search) {
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        ...(search.licence === ''
          ? []
          : [eb('licence_key', 'like', sql<string>`${like(search.licence)} escape '\\'`)]),
        ...search.names.map((name) => eb('name_keys', 'like', sql<string>`${like(name)} escape '\\'`)),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    query
      .select(LIST_COLUMNS)
      .orderBy('licence_key')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function countMembers(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('member_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteMember(db: Db, organizationId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('member_records')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearMembers(db: Db, organizationId: number): Promise<number> {
  const result = await db
    .deleteFrom('member_records')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these licence keys the organisation's list holds already. */
export async function existingKeys(
  db: Db,
  organizationId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('member_records')
      .select('licence_key')
      .where('organization_id', '=', organizationId)
      .where('licence_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.licence_key);
  }
  return found;
}

export type MemberRecordInsert = Insertable<Database['member_records']>;

/**
 * Writes rows: a licence number already on the organisation's list has its names, class and date
 * replaced (keeping its created_at); answers how many were new.
 */
export async function upsertMembers(db: Db, rows: readonly MemberRecordInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const before = await existingKeys(
    db,
    rows[0]!.organization_id,
    rows.map((r) => r.licence_key),
  );
  await db
    .insertInto('member_records')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['organization_id', 'licence_key']).doUpdateSet((eb) => ({
        licence_number: eb.ref('excluded.licence_number'),
        name_zh: eb.ref('excluded.name_zh'),
        name_en: eb.ref('excluded.name_en'),
        name_keys: eb.ref('excluded.name_keys'),
        member_class: eb.ref('excluded.member_class'),
        valid_until: eb.ref('excluded.valid_until'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return rows.filter((r) => !before.has(r.licence_key)).length;
}

/* Uploads */

export async function insertImport(db: Db, values: Insertable<Database['member_imports']>): Promise<number> {
  const row = await db.insertInto('member_imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const IMPORT_INFO = [
  'id',
  'organization_id',
  'status',
  'file_name',
  'total',
  'processed',
  'created',
  'updated',
  'skipped',
] as const;

export function findImport(db: Db, organizationId: number, id: number) {
  return db
    .selectFrom('member_imports')
    .select(IMPORT_INFO)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Takes an uploaded import for applying: only one request wins (the status moves from 'uploaded'
 * to 'running' in one conditional UPDATE); answers its rows, or null when another took it.
 */
export async function claimImport(
  db: Db,
  organizationId: number,
  id: number,
  now: number,
): Promise<string | null> {
  const result = await db
    .updateTable('member_imports')
    .set({ status: 'running', touched_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const row = await db
    .selectFrom('member_imports')
    .select('rows_data')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.rows_data ?? '[]';
}

/**
 * The progress after a batch, in the batch's transaction: false when the upload is no longer
 * running (the sweep took it for abandoned), and the batch must not be kept.
 */
export async function recordProgress(
  db: Db,
  id: number,
  counts: { processed: number; created: number; updated: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('member_imports')
    .set({ ...counts, touched_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The apply's end; an upload the sweep already marked failed stays failed. */
export async function finishImport(
  db: Db,
  id: number,
  status: 'done' | 'failed',
  now: number,
): Promise<void> {
  await db
    .updateTable('member_imports')
    .set({ status, rows_data: null, finished_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Uploads nobody will finish marked failed and their staged rows dropped: never applied and
 * uploaded before `uploadedBefore`, or running but untouched since `runningBefore` (the apply
 * crashed, or its instance went away). Answers how many.
 */
export async function abandonStaleImports(
  db: Db,
  limits: { uploadedBefore: number; runningBefore: number; now: number },
): Promise<number> {
  const result = await db
    .updateTable('member_imports')
    .set({ status: 'failed', rows_data: null, finished_at: limits.now })
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'uploaded'), eb('created_at', '<', limits.uploadedBefore)]),
        eb.and([
          eb('status', '=', 'running'),
          eb.or([eb('touched_at', 'is', null), eb('touched_at', '<', limits.runningBefore)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
