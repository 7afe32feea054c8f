import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evaluation, PublicEvaluationList } from '@meetflow/shared/schemas/evaluations';
import { ERRORS } from '@meetflow/shared/errors';
import { localDate } from '../src/lib/local-time.ts';
import { sha256 } from '../src/lib/secure-random.ts';
import { findResponses, insertResponse } from '../src/modules/evaluations/evaluation-answers.repository.ts';
import { SHUFFLE_EVERY_MS } from '../src/modules/evaluations/response-shuffle.ts';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  at,
  DAY1,
  DAY2,
  evaluationBody,
  evaluationWorld,
  guestCall,
  ZONE,
  type EvaluationWorld,
} from './evaluations-fixtures.ts';

/**
 * The guest's answers (issue 43): the presence rule read across local midnight gates who may
 * answer; one answer per guest under concurrent submits; an anonymous answer row carries nothing
 * that links it to a guest or a completion, read from the database's own catalogue.
 */
describe(`evaluation answers (${TEST_DB})`, () => {
  let ctx: TestContext;
  let world: EvaluationWorld;
  let session: Evaluation;
  const answers = { overall: 4, comment: 'Clear and useful', q1: 'b' };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    world = await evaluationWorld(ctx, 5);
    const [a, b, c, d] = world.guests;
    // A: the night symposium from 23:00 to 00:30: 60 minutes on its local day (the exit after
    // midnight closes nothing; the entry closed at midnight) — eligible.
    await world.scans(a!.id, [
      [world.evening, 'in', DAY1, '23:00'],
      [world.evening, 'out', DAY2, '00:30'],
    ]);
    // B: 23:30 to 01:30, two hours on the clock but 30 minutes before local midnight — not eligible.
    await world.scans(b!.id, [
      [world.evening, 'in', DAY1, '23:30'],
      [world.evening, 'out', DAY2, '01:30'],
    ]);
    // C and D: the whole session on day one (C answers twenty times at once, D withdraws).
    for (const guest of [c!, d!])
      await world.scans(guest.id, [
        [world.evening, 'in', DAY1, '19:00'],
        [world.evening, 'out', DAY1, '21:00'],
      ]);
    ctx.advance(at(DAY2, '20:00') - ctx.now());
    world.admin = adminApi(ctx, (await ctx.login()).access_token);
    const res = await world.admin(
      'POST',
      `/api/meetings/${world.meeting.id}/evaluations`,
      evaluationBody(world.evening),
    );
    expect(res.statusCode, res.body).toBe(200);
    session = res.json().data;
  });
  afterAll(() => ctx.close());

  const submit = (token: string, body: object = { answers }, lang = 'en') =>
    guestCall(ctx, token, 'POST', `/api/public/evaluations/${session.id}/answers`, body, lang);
  const list = async (token: string) =>
    (await guestCall(ctx, token, 'GET', '/api/public/guest/evaluations')).json().data as PublicEvaluationList;

  it('lets answer only the guest who met the presence rule, counted on local days across midnight', async () => {
    const [a, b] = world.guests;
    expect((await list(b!.token)).items).toEqual([]);
    const refused = await submit(b!.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERRORS.EVALUATION_NOT_ELIGIBLE.code);
    expect((await guestCall(ctx, b!.token, 'GET', `/api/public/evaluations/${session.id}`)).statusCode).toBe(
      403,
    );

    expect((await list(a!.token)).items).toMatchObject([
      { id: session.id, status: 'to_answer', scope_name: 'Night symposium', failed: false },
    ]);
    const shown = (await guestCall(ctx, a!.token, 'GET', `/api/public/evaluations/${session.id}`)).json()
      .data;
    expect(shown.has_quiz).toBe(true);
    expect(JSON.stringify(shown.fields)).not.toContain('correct');

    // Answer errors come per question in the page's language.
    const invalid = await submit(a!.token, { answers: { comment: 'x' } }, 'zh-cn');
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().data.fields).sort()).toEqual(['answers.overall', 'answers.q1']);
    expect(invalid.json().data.fields['answers.overall']).toContain('「Overall」');

    const done = await submit(a!.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ quiz: { right: 1, total: 1, percent: 100, passed: true } });
    expect((await list(a!.token)).items).toMatchObject([{ id: session.id, status: 'completed' }]);
    const counts = (await world.admin('GET', `/api/evaluations/${session.id}`)).json().data.counts;
    expect(counts).toMatchObject({ eligible: 3, completed: 1 });
  });

  it('takes one answer per guest from twenty simultaneous submits', async () => {
    const c = world.guests[2]!;
    const before = await ctx.db.selectFrom('evaluation_responses').select('id').execute();
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(c.token)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    const completions = await ctx.db
      .selectFrom('evaluation_completions')
      .selectAll()
      .where('guest_id', '=', c.id)
      .execute();
    expect(completions).toHaveLength(1);
    const after = await ctx.db.selectFrom('evaluation_responses').select(['id', 'part']).execute();
    // One response: its opinions and its quiz, apart.
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added.map((r) => r.part).sort()).toEqual(['opinion', 'quiz']);
  });

  it('keeps nothing in an anonymous answer row that links it to a guest or a completion', async () => {
    const columns =
      TEST_DB === 'postgres'
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'evaluation_responses'`.execute(ctx.db)
          ).rows
        : (
            await sql<{ name: string }>`select name from pragma_table_info('evaluation_responses')`.execute(
              ctx.db,
            )
          ).rows;
    expect(columns.map((c) => c.name).sort()).toEqual(['answers', 'day', 'evaluation_id', 'id', 'part']);

    const rows = await ctx.db.selectFrom('evaluation_responses').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const completions = await ctx.db.selectFrom('evaluation_completions').selectAll().execute();
    const guests = await ctx.db.selectFrom('guests').select(['id', 'guest_code', 'token_hash']).execute();
    const tokens = await ctx.db.selectFrom('guest_tokens').select('token_hash').execute();
    const links = [
      ...guests.flatMap((g) => [g.guest_code, g.token_hash]),
      ...tokens.map((t) => t.token_hash),
      ...world.guests.flatMap((g) => [g.token, sha256(g.token)]),
      ...completions.flatMap((c) => [String(c.completed_at), new Date(Number(c.completed_at)).toISOString()]),
    ].filter((v): v is string => typeof v === 'string' && v.length > 0);
    for (const row of rows) {
      expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.day).toBe(localDate(ctx.now(), ZONE));
      expect(row.id).toMatch(/^[0-9a-f]{32}$/);
      for (const value of [row.id, row.part, row.day, row.answers]) {
        expect(guests.map((g) => String(g.id))).not.toContain(value);
        for (const link of links) expect(value).not.toContain(link);
      }
      // The quiz row holds only the quiz's answers, the opinion row only the opinions.
      expect(Object.keys(JSON.parse(row.answers) as object).sort()).toEqual(
        row.part === 'quiz' ? ['q1'] : ['comment', 'overall'],
      );
    }
    // The completion knows who and when, and no answer of an anonymous evaluation.
    expect(completions.every((c) => c.answers === null)).toBe(true);
  });

  it("erases a named evaluation's answers when the guest withdraws, keeping the completion", async () => {
    const d = world.guests[3]!;
    const named = await world.admin('POST', `/api/meetings/${world.meeting.id}/evaluations`, {
      ...evaluationBody(0, { pass_mark: null }),
      anonymous: false,
    });
    expect(named.statusCode, named.body).toBe(200);
    // The meeting's rule asks 60 minutes: D was there two hours.
    const id = named.json().data.id as number;
    const res = await guestCall(ctx, d.token, 'POST', `/api/public/evaluations/${id}/answers`, {
      answers: { overall: 2, comment: 'My name is Dr Chan' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.quiz).toBeNull();
    const stored = () =>
      ctx.db
        .selectFrom('evaluation_completions')
        .selectAll()
        .where('evaluation_id', '=', id)
        .where('guest_id', '=', d.id)
        .executeTakeFirstOrThrow();
    expect((await stored()).answers).toContain('Dr Chan');
    expect(
      await ctx.db.selectFrom('evaluation_responses').where('evaluation_id', '=', id).selectAll().execute(),
    ).toEqual([]);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/public/guest',
      headers: { 'x-guest-token': d.token },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await stored()).toMatchObject({ answers: null, passed: null });
  });

  it('refuses answers after the last day in TIME_ZONE', async () => {
    const e = world.guests[4]!;
    await world.scans(e.id, [
      [world.morning, 'in', DAY1, '09:00'],
      [world.morning, 'out', DAY1, '11:00'],
    ]);
    const res = await world.admin('POST', `/api/meetings/${world.meeting.id}/evaluations`, {
      ...evaluationBody(world.morning),
      closes_on: DAY2,
    });
    const id = res.json().data.id as number;
    // 20:00 on day two in Macao: still open. 00:10 on day three in Macao (16:10 UTC of day two): closed.
    const open = await guestCall(ctx, e.token, 'GET', `/api/public/evaluations/${id}`);
    expect(open.json().data.status).toBe('to_answer');
    ctx.advance(at(DAY2, '24:10') - ctx.now());
    const late = await guestCall(ctx, e.token, 'POST', `/api/public/evaluations/${id}/answers`, { answers });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(ERRORS.EVALUATION_CLOSED.code);
  });

  it('gives the rows random keys, and takes away the stamp and the order they were written in', async () => {
    for (let n = 0; n < 30; n++)
      await insertResponse(ctx.db, {
        evaluation_id: session.id,
        part: 'opinion',
        day: DAY2,
        answers: `{"n":${n}}`,
      });
    const numbered = (list: { answers: string }[]) =>
      list.map((r) => (JSON.parse(r.answers) as { n?: number }).n).filter((n) => n !== undefined);
    const byKey = numbered(await findResponses(ctx.db, session.id));
    expect(byKey).toHaveLength(30);
    expect(byKey).not.toEqual([...byKey].sort((x, y) => x! - y!));
    // PostgreSQL stamps a row with the transaction that wrote it, and any query reads the stamp: a
    // response written with its completion shares it, until the rewrite re-stamps every response.
    const paired = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from evaluation_completions c
          join evaluation_responses r on r.xmin = c.xmin`.execute(ctx.db)
      ).rows[0]!.n;
    if (TEST_DB === 'postgres') expect(await paired()).toBeGreaterThan(0);
    ctx.advance(SHUFFLE_EVERY_MS);
    await ctx.app.jobs.runDue();
    if (TEST_DB === 'postgres') expect(await paired()).toBe(0);
    // Read without an order: the table's own order, which is now the random key's.
    const stored = await sql<{ answers: string }>`select answers from evaluation_responses
      where evaluation_id = ${session.id}`.execute(ctx.db);
    expect(numbered(stored.rows)).toEqual(byKey);
  });
});
