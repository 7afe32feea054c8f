import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { clientIp, createMeeting, createOrganization, generalBody } from './registration-fixtures.ts';
import { call, exited, freePort, outcome, startInstance, untilLogged } from './server-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /api/test/slow answers 'finished' once released; `started` resolves when a request is in it. */
function slowRoute(ctx: TestContext) {
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    ctx.app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      resolve();
      await new Promise<void>((r) => (release = r));
      return { code: 0, message: 'ok', data: 'finished' };
    });
  });
  return { started, release: () => release() };
}

describe(`graceful shutdown (${TEST_DB})`, () => {
  it('while draining, health answers 503 and requests are still served, on connections that then close', async () => {
    const ctx = await createTestContext();
    const { started, release } = slowRoute(ctx);
    const inflight = ctx.app.inject({ method: 'GET', url: '/api/test/slow' });
    await started;

    ctx.app.startDraining(); // what a SIGTERM does first
    const during = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      code: ERRORS.SERVICE_UNAVAILABLE.code,
      message: 'The service is restarting, please try again shortly',
      data: null,
    });
    // A request that reaches this instance is still served; its client reconnects elsewhere after.
    const served = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe('close');

    release();
    const finished = await inflight;
    expect(finished.statusCode).toBe(200);
    expect(finished.json().data).toBe('finished');
    await ctx.close();
  });

  it('the close waits for a request on a connection another listening socket took (accept spread)', async () => {
    const ctx = await createTestContext();
    const { started, release } = slowRoute(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    // What lib/accept-spread.ts does: a socket of its own, its connections handed to the server.
    const acceptor = createServer((socket) => ctx.app.server.emit('connection', socket));
    await new Promise<void>((resolve) => acceptor.listen(0, '127.0.0.1', resolve));
    const { port } = acceptor.address() as AddressInfo;
    const events: string[] = [];
    const answer = fetch(`http://127.0.0.1:${port}/api/test/slow`).then(async (response) => {
      const body = (await response.json()) as { data: string };
      events.push(`answered ${response.status} ${body.data}`);
    });
    await started;
    acceptor.close();
    const closed = ctx.close().then(() => events.push('closed'));
    // Time for a close that does not wait to finish under the request (no event marks a wait).
    await sleep(300);
    release();
    await Promise.all([answer, closed]);
    // Node's own close counts only the connections its socket took: without the wait, the database
    // would have been closed under this request.
    expect(events).toEqual(['answered 200 finished', 'closed']);
  });

  it('a burst of sign-ups around SIGTERM: every request that reached the process is answered and every acknowledged sign-up is stored', async () => {
    const ctx = await createTestContext();
    // At info level the process logs each request as it arrives, and the signal when it comes.
    const instance = await startInstance(ctx, await freePort(), {
      SHUTDOWN_DRAIN_MS: '500',
      LOG_LEVEL: 'info',
    });
    const arrived = (line: string) => line.includes('"incoming request"') && line.includes('/sign-ups"');
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const signUp = (n: number) =>
      outcome(
        call(instance.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
          body: generalBody(n),
          headers: { 'x-forwarded-for': clientIp(n) },
        }),
      );
    // Kept-alive connections from earlier traffic, as a load balancer holds them.
    expect(await Promise.all(Array.from({ length: 10 }, (_, n) => signUp(n)))).toEqual(Array(10).fill(200));

    const before = Array.from({ length: 40 }, (_, n) => signUp(100 + n));
    await untilLogged(instance, arrived, 10 + 40);
    const signalledAt = Date.now();
    instance.child.kill('SIGTERM');
    const after: Promise<number | string>[] = [];
    for (let n = 0; n < 20; n++) {
      after.push(signUp(200 + n));
      await sleep(5); // spread over the drain window, as traffic is
    }
    await untilLogged(instance, (line) => line.includes('shutting down: draining'));
    // Within the drain window (the signal has arrived): out of the load balancer's rotation.
    const health = outcome(fetch(`${instance.url}/api/health`));
    const beforeResults = await Promise.all(before);
    const afterResults = await Promise.all(after);
    const exitCode = await exited(instance);
    const exitMs = Date.now() - signalledAt;

    const tally = (results: (number | string)[]) =>
      Object.fromEntries([...new Set(results)].map((r) => [r, results.filter((x) => x === r).length]));
    console.warn(
      `SIGTERM burst (${TEST_DB}): before ${JSON.stringify(tally(beforeResults))}, after ${JSON.stringify(tally(afterResults))}, exit ${exitCode} after ${exitMs} ms`,
    );
    expect(exitCode).toBe(0);
    expect(await health).toBe(503);
    // Sent before the signal: each one is served.
    expect(beforeResults).toEqual(Array(40).fill(200));
    // Sent during the drain window: served, never dropped.
    expect(afterResults).toEqual(Array(20).fill(200));
    expect(exitMs).toBeLessThan(5_000);

    const acknowledged = [...beforeResults.keys()]
      .filter((i) => beforeResults[i] === 200)
      .map((i) => generalBody(100 + i).name)
      .concat(
        [...afterResults.keys()].filter((i) => afterResults[i] === 200).map((i) => generalBody(200 + i).name),
      );
    const stored = await ctx.db
      .selectFrom('guests')
      .select('name')
      .where('meeting_id', '=', meeting.id)
      .where('name', 'in', acknowledged)
      .execute();
    expect(stored).toHaveLength(acknowledged.length);
    await ctx.close();
  }, 60_000);
});
