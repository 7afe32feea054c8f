import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { answerTermsOutOfStep } from './answer-terms-fixtures.ts';
import { TEST_DB } from './helpers.ts';
import { beforeMigration, insertMeeting, insertOrganization } from './migration-fixtures.ts';

/** Over two of the migration's pages of 1,000 guests, so a page boundary falls inside the meeting. */
const GUESTS = 2_400;

/** Answers of every shape the filters index and of shapes they must not (text with spaces, a bad key). */
function answersOf(n: number): string {
  return JSON.stringify({
    diet: ['vegan', 'halal', 'none'][n % 3],
    topics: n % 2 ? ['cardio', 'neuro', 'cardio'] : [],
    member: n % 4 === 0,
    note: n % 5 ? 'looks_like_option' : 'free text, not an option',
    'Bad Key': 'yes_no',
  });
}

describe(`migration 2026-11-30-51, answer terms of existing guests (${TEST_DB})`, () => {
  it('indexes the answers of every live guest, page after page, and none of cancelled or erased ones', async () => {
    await beforeMigration('2026-11-30-51', async (db) => {
      const now = Date.now();
      const organizationId = await insertOrganization(db, 'College', now);
      const meetingIds: number[] = [];
      for (const publicId of ['congress1', 'congress2'])
        meetingIds.push(await insertMeeting(db, { publicId, organizationId, now }));
      const rows = Array.from({ length: GUESTS }, (_, i) => ({
        meeting_id: meetingIds[i % 2]!,
        guest_code: `code${i}`,
        token_hash: `hash${i}`,
        area_code: '853',
        phone: `+853660${String(i).padStart(5, '0')}`,
        email: '',
        answers: answersOf(i),
        cancelled_at: i % 7 === 0 ? now : null,
        erased_at: i % 11 === 0 ? now : null,
        created_at: now,
      }));
      for (let start = 0; start < rows.length; start += 400)
        await db
          .insertInto('guests')
          .values(rows.slice(start, start + 400))
          .execute();

      await migrateToLatest(db);

      expect(await answerTermsOutOfStep(db)).toEqual([]);
      const live = rows.filter((r) => r.cancelled_at === null && r.erased_at === null).length;
      const { count } = await db
        .selectFrom('guest_search_terms')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('term', '=', 'x:member:no')
        .executeTakeFirstOrThrow();
      // Every live guest answers member yes or no; three in four say no.
      expect(Number(count)).toBe(
        rows.filter((r, i) => r.cancelled_at === null && r.erased_at === null && i % 4).length,
      );
      expect(Number(count)).toBeGreaterThan(live / 2);
      const lastGuest = await db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', `code${GUESTS - 1}`)
        .executeTakeFirstOrThrow();
      const lastTerms = await db
        .selectFrom('guest_search_terms')
        .select(['term', 'meeting_id'])
        .where('guest_id', '=', lastGuest.id)
        .where('term', 'like', 'x:%')
        .orderBy('term')
        .execute();
      // Guest 2,399: diet "none", topics cardio and neuro once each, member no, a note shaped as an option.
      expect(lastTerms).toEqual(
        ['x:diet:none', 'x:member:no', 'x:note:looks_like_option', 'x:topics:cardio', 'x:topics:neuro'].map(
          (term) => ({ term, meeting_id: meetingIds[1] }),
        ),
      );
    });
  });
});
