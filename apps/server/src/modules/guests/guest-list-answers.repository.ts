import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The guest list's answer filters read off the answer terms of guest_search_terms (decision 0112):
 * a key's guests are one index range on (meeting_id, term), a guest's own answer a probe of
 * (guest_id, term). Never the answers' JSON.
 */

/** One key of an answer filter: the guest holds one of these answer terms (guest-search.ts). */
export interface AnswerMatch {
  key: string;
  terms: string[];
}

/**
 * How the answer filters are read (`planAnswers`): the key whose terms are fewest drives (its
 * guests are read off the term index), and whether even those are `dense`: so many that a page
 * walks the meeting's guests instead (see `denseAbove`). `fewAt` is that bound: when several keys
 * are each dense but their count shows at most `fewAt` guests holding them all, a page reads those
 * off the terms too (`pageCountedFirst`, decision 0126).
 */
export interface AnswerPlan {
  driver: number;
  dense: boolean;
  fewAt: number;
}

/** The guests (ids) of the meeting that hold one of a key's answer terms: a range of its index. */
export function answerGuests(db: Db, meetingId: number, match: AnswerMatch) {
  return db
    .selectFrom('guest_search_terms')
    .select('guest_id')
    .where('meeting_id', '=', meetingId)
    .where('term', 'in', match.terms);
}

/**
 * Whether the guest in `guestId` (a column reference) holds one of the key's terms: one probe. With
 * the meeting, the probe is also a seek of the primary key (meeting_id, term, guest_id), whose range
 * for one term is in guest order: PostgreSQL then merges the keys' ranges (decision 0126).
 */
export function answerProbe(
  db: Db,
  match: AnswerMatch,
  guestId: 'guests.id' | 'drive.guest_id',
  meetingId?: number,
) {
  return db
    .selectFrom('guest_search_terms as a')
    .select('a.guest_id')
    .$if(meetingId !== undefined, (q) => q.where('a.meeting_id', '=', meetingId!))
    .where('a.guest_id', '=', sql.ref<number>(guestId))
    .where('a.term', 'in', match.terms);
}

/**
 * Past how many matches a page walks the meeting's guests rather than read and sort the matches: a
 * page of up to 100 rows walks about 100 × guests / matches guests when matches are spread evenly,
 * and reading the matches costs about as many rows as there are: walking wins from √(100 × guests);
 * twice that leaves room for matches bunched in the list's order (6,300 of 100,000 guests).
 */
export function denseAbove(meetingGuests: number): number {
  return 2 * Math.sqrt(100 * meetingGuests);
}

/** One bounded count of each key's terms, up to the count cap: the fewest drive. */
export async function planAnswers(
  db: Db,
  meetingId: number,
  answers: readonly AnswerMatch[],
  sizes: { countCap: number; meetingGuests: number },
): Promise<AnswerPlan> {
  const { countCap } = sizes;
  const counts: number[] = [];
  for (const match of answers) {
    const { size } = await db
      .selectFrom(
        answerGuests(db, meetingId, match)
          .limit(countCap + 1)
          .as('terms'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('size'))
      .executeTakeFirstOrThrow();
    counts.push(Number(size));
  }
  const driver = counts.indexOf(Math.min(...counts));
  const fewAt = Math.min(countCap, denseAbove(sizes.meetingGuests));
  return { driver, dense: counts[driver]! > fewAt, fewAt };
}

/** The answer filters of a planned list filter (guest-list.repository.ts, `PlannedFilter`). */
export interface AnswerFilter {
  meetingId: number;
  answers?: AnswerMatch[] | undefined;
  answerPlan?: AnswerPlan | undefined;
}

/**
 * How many guests hold an answer of every key, counting no further than `cap` + 1, from the terms
 * alone: only live guests have terms. The driving key's guests (the fewest terms: the one read) are
 * read, each once though a multiple choice may match twice, and each probed for the other keys.
 */
export async function countAnswerTerms(db: Db, filter: AnswerFilter, cap: number): Promise<number> {
  const answers = filter.answers ?? [];
  const driver = filter.answerPlan?.driver ?? 0;
  const first = answers[driver]!;
  let matching = db
    .selectFrom('guest_search_terms as drive')
    .select('drive.guest_id')
    // A guest holds a term once: only several values of one key can name a guest twice.
    .$if(first.terms.length > 1, (q) => q.distinct())
    .where('drive.meeting_id', '=', filter.meetingId)
    .where('drive.term', 'in', first.terms);
  for (const match of answers.filter((_, i) => i !== driver))
    matching = matching.where((eb) => eb.exists(answerProbe(db, match, 'drive.guest_id', filter.meetingId)));
  const { total } = await db
    .selectFrom(matching.limit(cap + 1).as('matching'))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Whether a page counts its matches first (decision 0126): answer keys are the only filter, two or
 * more of them, each dense, and the page would walk the meeting's guests for them. Keys each common
 * may together be rare: the walk would then probe every guest for a page it never fills.
 */
export function countsFirst(filter: AnswerFilter, page: { answersOnly: boolean; walks: boolean }): boolean {
  return page.answersOnly && filter.answers!.length > 1 && filter.answerPlan?.dense === true && page.walks;
}

/** A count up to a cap, `capped` when more match. */
export interface CappedCount {
  total: number;
  capped: boolean;
}

/**
 * The page `countsFirst` chose, after its count (the keys' terms, read up to the cap): nobody holds
 * every key, no page is read; at most `fewAt` do and the count is not capped, the page reads them
 * off the driving key's terms (`offTerms`); more, it walks as planned.
 */
export async function pageCountedFirst<Row>(
  plan: AnswerPlan,
  count: () => Promise<CappedCount>,
  page: (offTerms: boolean) => Promise<Row[]>,
): Promise<{ rows: Row[] } & CappedCount> {
  const total = await count();
  if (total.total === 0) return { rows: [], ...total };
  const few = !total.capped && total.total <= plan.fewAt;
  return { rows: await page(few), ...total };
}
