import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '@meetflow/shared/forms/form-definition';
import { indexGuests } from '../src/modules/guests/guest-search.ts';
import { tri } from './form-fixtures.ts';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

/** More than two of the purge's pages of answers (2,000 guests each, erase-answers.repository.ts). */
const GUESTS = 4_500;
const DAY = 86_400_000;

/*
 * "Purge now" of a meeting with more guests than the erasure reads at once: the personal answers
 * of every guest go, page after page, the others stay (issue 46: at 100,000 guests the purge
 * must stay linear, so the answers are read by pages and grouped without copying).
 */
describe(`purge of a meeting with many guests (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meetingId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = adminApi(ctx, (await ctx.login()).access_token);
    const now = ctx.now();
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), { name: 'Big purge' });
    meetingId = meeting.id;
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: now - 2 * DAY, end_at: now - DAY })
      .where('id', '=', meetingId)
      .execute();
    const fields = formFields.parse([
      { key: 'companion', type: 'short_text', label: tri('同行者', '同行者', 'Companion') },
      { key: 'remarks', type: 'short_text', label: tri('備註', '备注', 'Remarks'), personal: false },
    ]);
    await ctx.db
      .insertInto('registration_forms')
      .values({ meeting_id: meetingId, fields: JSON.stringify(fields), version: 1, updated_at: now })
      .execute();
    await insertGuests(now);
  }, 60_000);
  afterAll(() => ctx.close());

  /** Guests with a companion (personal) and remarks (kept), indexed for the keyword search. */
  async function insertGuests(now: number) {
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < GUESTS; start += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => {
          const n = start + i;
          return {
            meeting_id: meetingId,
            guest_code: `many-${String(n).padStart(27, '0')}`,
            token_hash: `many-${n}`,
            area_code: '853',
            phone: `+8536${String(3_000_000 + n).padStart(7, '0')}`,
            email: `many${n}@example.com`,
            name: `Many ${n}`,
            answers: JSON.stringify({ companion: `Companion ${n}`, remarks: n % 3 === 0 ? 'late' : 'early' }),
            created_at: now - 3 * DAY + n,
          };
        });
        await indexGuests(trx, await trx.insertInto('guests').values(rows).returningAll().execute());
      }
    });
  }

  it('erases every guest’s personal answers and keeps the others, whatever page the guest is on', async () => {
    const res = await admin('POST', `/api/meetings/${meetingId}/purge`, { confirm: 'Big purge' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.guests).toBe(GUESTS);

    const guests = await ctx.db
      .selectFrom('guests')
      .select(['id', 'answers', 'name', 'erased_at'])
      .where('meeting_id', '=', meetingId)
      .orderBy('id')
      .execute();
    expect(guests).toHaveLength(GUESTS);
    const left = guests.filter((g) => g.answers.includes('Companion') || g.name !== '' || !g.erased_at);
    expect(left.map((g) => g.id)).toEqual([]);
    const kept = guests.map((g) => JSON.parse(g.answers) as Record<string, string>);
    expect(kept.filter((a) => a.remarks === 'late')).toHaveLength(Math.ceil(GUESTS / 3));
    expect(kept.every((a) => Object.keys(a).join() === 'remarks')).toBe(true);
    const terms = await ctx.db
      .selectFrom('guest_search_terms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', meetingId)
      .executeTakeFirstOrThrow();
    expect(Number(terms.n)).toBe(0);
  });
});
