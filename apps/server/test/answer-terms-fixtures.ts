import { answerTermKeys } from '../src/modules/guests/guest-search.ts';
import type { Db } from '../src/db/database.ts';

/**
 * Where the answer terms the guest list filters on (decision 0112) are out of step with the stored
 * answers, one line each: a live guest's missing or extra term, or a term of a cancelled or erased
 * guest. Empty when every writer kept them. Files that exercise a writer of answers end with it.
 */
export async function answerTermsOutOfStep(db: Db): Promise<string[]> {
  const guests = await db
    .selectFrom('guests')
    .select(['id', 'answers', 'cancelled_at', 'erased_at'])
    .orderBy('id')
    .execute();
  const terms = await db
    .selectFrom('guest_search_terms')
    .select(['guest_id', 'term'])
    .where('term', 'like', 'x:%')
    .execute();
  const stored = new Map<number, Set<string>>();
  for (const { guest_id, term } of terms) stored.set(guest_id, (stored.get(guest_id) ?? new Set()).add(term));
  const problems: string[] = [];
  for (const guest of guests) {
    const live = guest.cancelled_at === null && guest.erased_at === null;
    const expected = new Set(live ? answerTermKeys(guest.answers) : []);
    const held = stored.get(guest.id) ?? new Set<string>();
    for (const term of expected) if (!held.has(term)) problems.push(`guest ${guest.id} lacks ${term}`);
    for (const term of held) if (!expected.has(term)) problems.push(`guest ${guest.id} holds ${term}`);
  }
  return problems;
}
