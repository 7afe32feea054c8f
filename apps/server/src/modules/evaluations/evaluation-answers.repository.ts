import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Who completed an evaluation, its answers, and the invitations (decision 0091). A completion is one
 * row per guest: its primary key is the rule "one answer per guest", so that of two submits at once
 * the second inserts nothing and its transaction writes no answers. An anonymous evaluation's
 * answers are written apart, with a random key, the local day and nothing else.
 */

export type CompletionRecord = Selectable<Database['evaluation_completions']>;
export type ResponseRecord = Selectable<Database['evaluation_responses']>;
export type InvitationRecord = Selectable<Database['evaluation_invitations']>;

/**
 * Records that the guest completed the evaluation; false when they already had (nothing written).
 * `answers` only for a named evaluation.
 */
export async function insertCompletion(
  db: Db,
  row: {
    evaluation_id: number;
    guest_id: number;
    completed_at: number;
    passed: number | null;
    answers: string | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('evaluation_completions')
    .values(row)
    .onConflict((oc) => oc.columns(['evaluation_id', 'guest_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** An anonymous part of a response: a random key, the day, the answers (JSON). */
export async function insertResponse(
  db: Db,
  row: { evaluation_id: number; part: 'opinion' | 'quiz'; day: string; answers: string },
): Promise<void> {
  await db
    .insertInto('evaluation_responses')
    .values({ id: randomBytes(16).toString('hex'), ...row })
    .execute();
}

export async function findCompletion(
  db: Db,
  evaluationId: number,
  guestId: number,
): Promise<CompletionRecord | undefined> {
  return await db
    .selectFrom('evaluation_completions')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .where('guest_id', '=', guestId)
    .executeTakeFirst();
}

/** A guest's completions of the given evaluations (the guest page, the certificate). */
export async function findGuestCompletions(
  db: Db,
  guestIds: readonly number[],
  evaluationIds: readonly number[],
): Promise<Pick<CompletionRecord, 'evaluation_id' | 'guest_id' | 'passed'>[]> {
  if (guestIds.length === 0 || evaluationIds.length === 0) return [];
  return await db
    .selectFrom('evaluation_completions')
    .select(['evaluation_id', 'guest_id', 'passed'])
    .where('guest_id', 'in', guestIds)
    .where('evaluation_id', 'in', evaluationIds)
    .execute();
}

/** Every completion of an evaluation, without answers: counts, pass numbers, who has not answered. */
export async function findCompletions(
  db: Db,
  evaluationId: number,
): Promise<Pick<CompletionRecord, 'guest_id' | 'completed_at' | 'passed'>[]> {
  return await db
    .selectFrom('evaluation_completions')
    .select(['guest_id', 'completed_at', 'passed'])
    .where('evaluation_id', '=', evaluationId)
    .execute();
}

/** A named evaluation's answers (JSON each), for the report. */
export async function findNamedAnswers(db: Db, evaluationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('evaluation_completions')
    .select('answers')
    .where('evaluation_id', '=', evaluationId)
    .where('answers', 'is not', null)
    .execute();
  return rows.map((r) => r.answers!);
}

/** An anonymous evaluation's response parts, in their random keys' order. */
export async function findResponses(
  db: Db,
  evaluationId: number,
): Promise<Pick<ResponseRecord, 'part' | 'answers'>[]> {
  return await db
    .selectFrom('evaluation_responses')
    .select(['part', 'answers'])
    .where('evaluation_id', '=', evaluationId)
    .orderBy('id')
    .execute();
}

/** Whether anyone answered (the questions' types and anonymity are then fixed). */
export async function hasAnswers(db: Db, evaluationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('evaluation_completions')
    .select('guest_id')
    .where('evaluation_id', '=', evaluationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The question keys answered in any response (anonymous parts and named completions). */
export async function answeredKeys(db: Db, kind: DatabaseKind, evaluationId: number): Promise<string[]> {
  const query =
    kind === 'postgres'
      ? sql<{ key: string }>`select distinct jsonb_object_keys(answers::jsonb) as key from (
          select answers from evaluation_responses where evaluation_id = ${evaluationId}
          union all select answers from evaluation_completions
            where evaluation_id = ${evaluationId} and answers is not null) a`
      : sql<{ key: string }>`select distinct j.key as key from (
          select answers from evaluation_responses where evaluation_id = ${evaluationId}
          union all select answers from evaluation_completions
            where evaluation_id = ${evaluationId} and answers is not null) a, json_each(a.answers) j`;
  const { rows } = await query.execute(db);
  return rows.map((r) => r.key).sort();
}

/**
 * PostgreSQL stamps each row with the transaction that wrote it (`xmin`, readable by any query) and
 * appends it to the heap in arrival order: a response and its completion, written in one transaction,
 * share that stamp. The rewrite re-stamps every response in one transaction of its own, then lays
 * the table out in the random key's order (decision 0091). It runs only when some response still
 * carries a stamp of its own. SQLite has neither: its table lies in key order already.
 */
export async function shuffleResponses(db: Db, kind: DatabaseKind): Promise<boolean> {
  if (kind !== 'postgres') return false;
  const { rows } = await sql<{ stamps: number }>`select count(distinct xmin::text)::int as stamps
    from evaluation_responses`.execute(db);
  if ((rows[0]?.stamps ?? 0) <= 1) return false;
  await sql`update evaluation_responses set day = day`.execute(db);
  // After the commit above, the old versions are dead to everyone: the rewrite leaves them out.
  await sql`cluster evaluation_responses using evaluation_responses_pk`.execute(db);
  return true;
}

export async function findInvitations(db: Db, evaluationId: number): Promise<InvitationRecord[]> {
  return await db
    .selectFrom('evaluation_invitations')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .execute();
}

/** Records invitations; answers the guests newly invited (an existing invitation is left as it was). */
export async function insertInvitations(
  db: Db,
  evaluationId: number,
  guestIds: readonly number[],
  now: number,
): Promise<number[]> {
  if (guestIds.length === 0) return [];
  const rows = await db
    .insertInto('evaluation_invitations')
    .values(
      guestIds.map((guest_id) => ({
        evaluation_id: evaluationId,
        guest_id,
        invited_at: now,
        reminded_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['evaluation_id', 'guest_id']).doNothing())
    .returning('guest_id')
    .execute();
  return rows.map((r) => r.guest_id);
}

export async function deleteInvitations(db: Db, evaluationId: number): Promise<void> {
  await db.deleteFrom('evaluation_invitations').where('evaluation_id', '=', evaluationId).execute();
}

export async function markReminded(
  db: Db,
  evaluationId: number,
  guestIds: readonly number[],
  now: number,
): Promise<void> {
  if (guestIds.length === 0) return;
  await db
    .updateTable('evaluation_invitations')
    .set({ reminded_at: now })
    .where('evaluation_id', '=', evaluationId)
    .where('guest_id', 'in', guestIds)
    .execute();
}

/** A named evaluation's answers out of the completions of a meeting's guests (all, or one). */
export async function eraseNamedAnswers(db: Db, meetingId: number, guestId?: number): Promise<void> {
  await db
    .updateTable('evaluation_completions')
    .set({ answers: null })
    .where('evaluation_id', 'in', (eb) =>
      eb.selectFrom('evaluations').select('id').where('meeting_id', '=', meetingId),
    )
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .where('answers', 'is not', null)
    .execute();
}
