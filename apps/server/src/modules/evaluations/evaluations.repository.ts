import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Evaluations (issue 43): one row per meeting (scope 0) or session (scope = schedule id), its
 * questions one JSON document saved whole under a version, as the registration form is.
 */

export type EvaluationRecord = Selectable<Database['evaluations']>;

export async function findEvaluation(db: Db, id: number): Promise<EvaluationRecord | undefined> {
  return await db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A meeting's evaluations, the meeting's own first, then by session id. */
export async function findMeetingEvaluations(db: Db, meetingId: number): Promise<EvaluationRecord[]> {
  return await db
    .selectFrom('evaluations')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .orderBy('scope_id')
    .execute();
}

/** Evaluations that are offered (open or closed), of several meetings: the certificate rule's and the guest page's. */
export async function findOfferedEvaluations(
  db: Db,
  meetingIds: readonly number[],
): Promise<EvaluationRecord[]> {
  if (meetingIds.length === 0) return [];
  return await db
    .selectFrom('evaluations')
    .selectAll()
    .where('meeting_id', 'in', meetingIds)
    .where('state', '<>', 'draft')
    .orderBy('meeting_id')
    .orderBy('scope_id')
    .execute();
}

/** Open evaluations of every meeting: the invitation pass looks for scopes that have ended. */
export async function findOpenEvaluations(db: Db): Promise<EvaluationRecord[]> {
  return await db.selectFrom('evaluations').selectAll().where('state', '=', 'open').execute();
}

export type NewEvaluation = Omit<EvaluationRecord, 'id' | 'version'>;

/** Adds an evaluation; undefined when its scope already has one (the unique key refused it). */
export async function insertEvaluation(db: Db, values: NewEvaluation): Promise<number | undefined> {
  const row = await db
    .insertInto('evaluations')
    .values({ ...values, version: 1 })
    .onConflict((oc) => oc.columns(['meeting_id', 'scope_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Saves if the stored version is still `version`; false when another save came first. */
export async function updateEvaluation(
  db: Db,
  id: number,
  version: number,
  values: Partial<Omit<EvaluationRecord, 'id' | 'meeting_id' | 'version' | 'created_at'>>,
): Promise<boolean> {
  const updated = await db
    .updateTable('evaluations')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Removes an evaluation nobody has answered (its invitations removed first, by their owner). */
export async function deleteEvaluation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('evaluations').where('id', '=', id).execute();
}
