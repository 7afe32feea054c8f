/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 46: the answers the guest list filters on become rows of guest_search_terms (decision 0112),
 * `x:<key>:<value>` for a choice, each option of a multiple choice and yes/no, so a filter probes
 * an index instead of parsing every guest's answers. The live guests' answers are indexed here;
 * erased guests have no terms (the purge deleted them), cancelled ones neither.
 */

/** Field keys and option values (forms/form-basics.ts FIELD_KEY, as it was when written). */
const OPTION = /^[a-z][a-z0-9_]{0,39}$/;

function answerTerms(answers: string): string[] {
  const parsed: unknown = JSON.parse(answers);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const terms: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!OPTION.test(key)) continue;
    for (const item of new Set(Array.isArray(value) ? value : [value]))
      if (typeof item === 'boolean') terms.push(`x:${key}:${item ? 'yes' : 'no'}`);
      else if (typeof item === 'string' && OPTION.test(item)) terms.push(`x:${key}:${item}`);
  }
  return terms;
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const guests: { id: number; meeting_id: number; answers: string }[] = await db
      .selectFrom('guests')
      .select(['id', 'meeting_id', 'answers'])
      .where('cancelled_at', 'is', null)
      .where('erased_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (guests.length === 0) break;
    const rows = guests.flatMap((g) =>
      answerTerms(g.answers).map((term) => ({ meeting_id: g.meeting_id, term, guest_id: g.id })),
    );
    // 3 parameters a row: well under both databases' limits per statement.
    for (let start = 0; start < rows.length; start += 2000)
      await db
        .insertInto('guest_search_terms')
        .values(rows.slice(start, start + 2000))
        .execute();
    after = guests[guests.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('guest_search_terms').where('term', 'like', 'x:%').execute();
}
