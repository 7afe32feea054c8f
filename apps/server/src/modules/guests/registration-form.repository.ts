import { sql } from 'kysely';
import type { Db, DatabaseKind } from '../../db/database.ts';

/*
 * A meeting's own form fields (registration_forms) and what the guests' answers say of them. The
 * fields are one JSON document: the builder saves the list whole, under a version that refuses a
 * save made from an older read.
 */

export async function findForm(
  db: Db,
  meetingId: number,
): Promise<{ fields: string; version: number } | undefined> {
  return await db
    .selectFrom('registration_forms')
    .select(['fields', 'version'])
    .where('meeting_id', '=', meetingId)
    .executeTakeFirst();
}

/** The forms of several meetings at once (the door's copy, the import): meeting id → fields JSON. */
export async function findForms(db: Db, meetingIds: readonly number[]): Promise<Map<number, string>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registration_forms')
    .select(['meeting_id', 'fields'])
    .where('meeting_id', 'in', meetingIds)
    .execute();
  return new Map(rows.map((r) => [r.meeting_id, r.fields]));
}

/**
 * Saves the fields if the stored version is still `version` (0: none saved yet); answers false when
 * another save came first.
 */
export async function saveForm(
  db: Db,
  meetingId: number,
  fields: string,
  version: number,
  now: number,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await db
      .insertInto('registration_forms')
      .values({ meeting_id: meetingId, fields, version: 1, updated_at: now })
      .onConflict((oc) => oc.column('meeting_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('registration_forms')
    .set({ fields, version: version + 1, updated_at: now })
    .where('meeting_id', '=', meetingId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The keys answered by at least one guest of the meeting (cancelled and erased guests included). */
export async function answeredKeys(db: Db, kind: DatabaseKind, meetingId: number): Promise<string[]> {
  const query =
    kind === 'postgres'
      ? sql<{ key: string }>`select distinct jsonb_object_keys(answers::jsonb) as key from guests
          where meeting_id = ${meetingId} and answers <> '{}'`
      : sql<{ key: string }>`select distinct j.key as key from guests, json_each(guests.answers) j
          where guests.meeting_id = ${meetingId} and guests.answers <> '{}'`;
  const { rows } = await query.execute(db);
  return rows.map((r) => r.key).sort();
}
