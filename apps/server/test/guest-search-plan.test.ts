import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexGuests, keywordRange } from '../src/modules/guests/guest-search.ts';
import { listGuests, type PlannedFilter } from '../src/modules/guests/guest-list.repository.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

const GUESTS = 5000;

/*
 * A keyword every guest matches (a common hospital name) is counted by walking the meeting's guests
 * and probing each one's own terms (guest-list.repository.ts, `walks`). At 100,000 guests that is
 * 10,001 probes per count: each must be answered from the `(guest_id, term)` index alone, without
 * reading the term rows (docs/decisions/0050-postgres-search-statistics-and-index.md). This reads the
 * plan of the very queries the guest list runs.
 */
describe(`guest search: a broad keyword's probes stay in the term index (${TEST_DB})`, () => {
  let ctx: TestContext;
  let meetingId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    meetingId = meeting.id;
    // Enough guests for the planner to choose as it does for a large meeting (a handful of rows is
    // read whole whatever the indexes), all at one hospital; then fresh statistics, as after a load.
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < GUESTS; start += 500) {
        const guests = await trx
          .insertInto('guests')
          .values(
            Array.from({ length: 500 }, (_, i) => {
              const n = start + i;
              return {
                meeting_id: meetingId,
                guest_code: `plan-${String(n).padStart(27, '0')}`,
                token_hash: `plan-${n}`,
                area_code: '853',
                phone: `+8536${String(2_000_000 + n).padStart(7, '0')}`,
                email: `guest${n}@example.com`,
                name: `Guest ${n}`,
                gender: 'female',
                local_guest: 1,
                institution: 'Conde Hospital',
                job_title: 'Doctor',
                contact_number: '28000000',
                contact_phone: '66999999',
                created_at: n,
              };
            }),
          )
          .returningAll()
          .execute();
        await indexGuests(trx, guests);
      }
    });
    if (TEST_DB === 'postgres') await sql`analyze guests, guest_search_terms`.execute(ctx.db);
    else await sql`analyze`.execute(ctx.db);
  }, 60_000);
  afterAll(() => ctx.close());

  /** The SQL of every query `listGuests` runs for a broad keyword, with its parameters. */
  async function listQueries(): Promise<CompiledQuery[]> {
    // Subqueries pass through the plugin too: only what reaches the database is kept.
    const compiled = new Map<unknown, CompiledQuery>();
    const executed: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        compiled.set(args.queryId, ctx.db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => {
        executed.push(compiled.get(args.queryId)!);
        return args.result;
      },
    };
    const filter: PlannedFilter = {
      meetingId,
      keyword: 'hospital',
      search: { kind: 'terms', range: keywordRange('hospital')!, broad: true },
    };
    const { rows } = await listGuests(
      ctx.db.withPlugin(capture),
      filter,
      { sortBy: 'created_at', sortOrder: 'desc', nameColumn: 'name' },
      { offset: 0, limit: 20 },
      // Below the meeting's size, as 10,000 is below 100,000: the count stops early.
      { cap: 100 },
    );
    expect(rows).toHaveLength(20);
    return executed;
  }

  /** The engine's plan of one query, as text. */
  async function planOf(query: CompiledQuery): Promise<string> {
    if (TEST_DB === 'postgres') {
      const { rows } = await ctx.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const { rows } = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }

  it('the count and the page probe each guest’s terms from the index alone', async () => {
    const probing = (await listQueries()).filter((q) => q.sql.includes('"guest_search_terms" as "t"'));
    // The page and the capped count both walk.
    expect(probing).toHaveLength(2);
    for (const query of probing) {
      const plan = await planOf(query);
      // A probe per guest, or one merge along the index in guest order: either way the index alone.
      if (TEST_DB === 'postgres')
        expect(plan).toMatch(/Index Only Scan using guest_search_terms_guest_term on guest_search_terms t/);
      else
        expect(plan).toMatch(
          /SEARCH t (EXISTS )?USING COVERING INDEX guest_search_terms_guest_term \(guest_id=\? AND term>\? AND term<\?\)/,
        );
    }
  });
});
