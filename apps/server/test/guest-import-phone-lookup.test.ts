import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveGuestsByPhone } from '../src/modules/imports/imports.repository.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

const GUESTS = 3000;
const phoneOf = (n: number) => `+8536${String(2_000_000 + n).padStart(7, '0')}`;

/*
 * Every batch of a guest import, and its preview, asks which of the file's phones are guests of the
 * meeting already. That must be a look-up of those phones: SQLite once answered it by walking every
 * guest of the meeting in id order (for an "order by id" only the PostgreSQL lock needs), which made
 * each batch of a 100,000-guest import read the whole meeting. This reads the plan of the very query.
 */
describe(`guest import: the guests a batch names are looked up by phone (${TEST_DB})`, () => {
  let ctx: TestContext;
  let meetingId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    meetingId = (await createMeeting(ctx.db, await createOrganization(ctx.db))).id;
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < GUESTS; start += 500) {
        await trx
          .insertInto('guests')
          .values(
            Array.from({ length: 500 }, (_, i) => {
              const n = start + i;
              return {
                meeting_id: meetingId,
                guest_code: `phone-${String(n).padStart(26, '0')}`,
                token_hash: `phone-${n}`,
                area_code: '853',
                phone: phoneOf(n),
                email: `guest${n}@example.com`,
                name: `Guest ${n}`,
                gender: 'female',
                local_guest: 1,
                institution: 'Conde Hospital',
                job_title: 'Doctor',
                contact_number: '28000000',
                contact_phone: '66999999',
                created_at: n,
                // Every tenth guest cancelled: not a guest a row would duplicate.
                cancelled_at: n % 10 === 0 ? n : null,
              };
            }),
          )
          .execute();
      }
    });
    // PostgreSQL's planner gets the statistics the job refreshes; SQLite's none, as during an import.
    if (TEST_DB === 'postgres') await sql`analyze guests`.execute(ctx.db);
  }, 60_000);
  afterAll(() => ctx.close());

  /** The SQL `liveGuestsByPhone` runs, with what it answered. */
  async function lookUp(phones: string[], lock: boolean) {
    let query: CompiledQuery | undefined;
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        query = ctx.db.getExecutor().compileQuery(args.node, args.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = ctx.db.withPlugin(capture);
    const rows = lock
      ? await db.transaction().execute((trx) => liveGuestsByPhone(trx, meetingId, phones, true))
      : await liveGuestsByPhone(db, meetingId, phones);
    return { rows, query: query! };
  }

  async function planOf(query: CompiledQuery): Promise<string> {
    const explain = TEST_DB === 'postgres' ? 'explain' : 'explain query plan';
    const { rows } = await ctx.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
  }

  const asked = Array.from({ length: 50 }, (_, i) => phoneOf(i * 7));
  const live = asked.filter((_, i) => (i * 7) % 10 !== 0);

  it('answers the live guests with those phones, through the phone index', async () => {
    const { rows, query } = await lookUp([...asked, '+85369999999'], false);
    expect(rows.map((row) => row.phone).sort()).toEqual([...live].sort());
    const plan = await planOf(query);
    // Never the meeting's guests in id order; PostgreSQL may read 3,000 rows whole, SQLite must not.
    expect(plan).not.toMatch(/guests_meeting_id_id/);
    if (TEST_DB === 'sqlite')
      expect(plan).toMatch(/SEARCH guests USING INDEX guests_meeting_phone(_lookup)? \(meeting_id=\? AND/);
  });

  it('locks them in id order where the batch locks (PostgreSQL), the same guests', async () => {
    const { rows } = await lookUp(asked, TEST_DB === 'postgres');
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(rows.map((row) => row.phone).sort()).toEqual([...live].sort());
  });
});
