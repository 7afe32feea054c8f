import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, type TestContext } from './helpers.ts';
import { clientIp, createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';
import { call, freePort, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';

/*
 * PostgreSQL cuts the connections two running instances are using (a failover, a restart, an
 * administrator's pg_terminate_backend). Only PostgreSQL has connections a server can cut, so the
 * API project runs this file in the PostgreSQL run only (see vitest.config.ts).
 */

describe('PostgreSQL terminating the connections in use', () => {
  let ctx: TestContext;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ctx = await createTestContext();
    const env = { SHUTDOWN_DRAIN_MS: '0' };
    [a, b] = await Promise.all([
      startInstance(ctx, await freePort(), env),
      startInstance(ctx, await freePort(), env),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await ctx.close();
  });

  it('affected sign-ups get 503 envelopes, both instances stay up and serve again, no acknowledged sign-up is lost', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const signUp = (n: number) =>
      call(n % 2 ? a.url : b.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
        body: generalBody(n),
        headers: { 'x-forwarded-for': clientIp(n) },
      });
    expect((await Promise.all(Array.from({ length: 10 }, (_, n) => signUp(n)))).map((r) => r.status)).toEqual(
      Array(10).fill(200),
    );

    // The meeting's row is held, so the burst's transactions wait inside the database on checked-out
    // connections: the ones a failover or an administrator cuts. Sign-ups are admitted in batches,
    // one in flight per instance: the first batch of each instance waits on the row, the rest queue.
    const databaseName = new URL(ctx.config.databaseUrl!).pathname.slice(1);
    const connect = async () => {
      const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
      client.on('error', () => undefined); // dropped with the database at the end
      await client.connect();
      return client;
    };
    // Two clients of the test's own: the statistics views are a snapshot inside a transaction.
    const [holder, admin] = await Promise.all([connect(), connect()]);
    await holder.query('begin');
    await holder.query('select id from meetings where id = $1 for update', [meeting.id]);
    // A request the instance never answered (it died) shows as its network error's code.
    const burst = Array.from({ length: 40 }, (_, n) =>
      signUp(100 + n).catch((error: { cause?: { code?: string } }) => ({
        status: error.cause?.code ?? 'no answer',
        body: null,
      })),
    );
    await waitFor(async () => {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [databaseName],
      );
      return rows[0]!.n >= 2;
    }, 5_000);
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid not in ($2, $3)',
      [
        databaseName,
        (holder as unknown as { processID: number }).processID,
        (admin as unknown as { processID: number }).processID,
      ],
    );
    const terminatedAt = Date.now();
    await holder.query('rollback');
    await Promise.all([holder.end(), admin.end()]);

    const results = await Promise.all(burst);
    const statuses = results.map((r) => r.status);
    // Serving again: a sign-up through each instance is accepted.
    let n = 1000;
    const recoveredMs = await waitFor(async () => {
      const [viaA, viaB] = await Promise.all([signUp(++n * 2 + 1), signUp(++n * 2)]);
      return viaA.status === 200 && viaB.status === 200;
    }, 2_000);
    const recovered = Date.now() - terminatedAt;
    console.warn(
      `PostgreSQL terminated ${rowCount} connections mid-burst: ${statuses.filter((s) => s === 200).length}×200, ${statuses.filter((s) => s === 503).length}×503, others ${JSON.stringify(statuses.filter((s) => s !== 200 && s !== 503))}; both serving again ${recovered} ms after (${recoveredMs} ms of retries)`,
    );

    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    for (const result of results.filter((r) => r.status !== 200)) {
      expect(result).toMatchObject({ status: 503, body: { code: ERRORS.SERVICE_UNAVAILABLE.code } });
    }
    expect(recovered).toBeLessThan(2_000);

    const acknowledged = results.flatMap((r, i) => (r.status === 200 ? [generalBody(100 + i).name] : []));
    const stored = await ctx.db
      .selectFrom('guests')
      .select('name')
      .where('meeting_id', '=', meeting.id)
      .where('name', 'in', acknowledged.length ? acknowledged : ['-'])
      .execute();
    expect(stored).toHaveLength(acknowledged.length);
  }, 60_000);
});
