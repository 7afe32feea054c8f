import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ERRORS } from '@meetflow/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../src/modules/jobs/jobs.service.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  freePort,
  startInstance,
  stopInstance,
  untilLogged,
  waitFor,
  type Instance,
} from './server-process.ts';

/*
 * Instance roles (docs/decisions/0084-instance-roles.md): real server processes on one fresh
 * database and Redis. A web instance serves the API and never runs a job; a worker runs them and
 * answers its health only; a stopping runner claims nothing more and hands back what it still holds.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAIN = path.resolve(import.meta.dirname, '../src/main.js');

interface Envelope {
  code: number;
  message: string;
  data: Record<string, unknown> | null;
}
async function get(instance: Instance, pathname: string, method = 'GET') {
  const response = await fetch(`${instance.url}${pathname}`, {
    method,
    headers: { 'accept-language': 'en' },
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

describe(`instance roles (${TEST_DB})`, () => {
  let ctx: TestContext;
  const instances: Instance[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await ctx.close();
  });

  const queueReminderFanOut = (key: string) =>
    ctx.db.transaction().execute((trx) =>
      // A fan-out for a meeting without guests: done at once by any runner that takes it.
      ctx.app.jobs.enqueue(trx, {
        kind: 'mail.reminders',
        key,
        payload: { meeting_id: 999_999, schedule_id: null, start_at: 0 },
      }),
    );
  const statusOf = async (id: number) => (await ctx.app.jobs.findJob(id))!.status;

  it('a web instance serves the API and leaves a queued job alone; a worker runs it', async () => {
    const id = (await queueReminderFanOut('roles:1'))!;
    const web = await startInstance(ctx, await freePort(), { REDIS_URL, ROLE: 'web', LOG_LEVEL: 'info' });
    instances.push(web);
    await untilLogged(web, (line) => line.includes('"role":"web"'));
    const health = await get(web, '/api/health');
    expect(health.body.data).toMatchObject({ role: 'web', job_runner: 'stopped' });
    // The API answers (here: a login needs a body), as on any instance.
    expect((await get(web, '/api/captcha')).status).toBe(200);
    // An instance that runs jobs claims a job queued before it started in its first pass, at
    // listen; three of its one-second polls later the job is still untouched.
    await waitFor(async () => Number((await get(web, '/api/health')).body.data!.uptime_s) >= 3, 10_000);
    expect(await statusOf(id)).toBe('queued');
    expect((await ctx.app.jobs.findJob(id))!.attempts).toBe(0);

    const worker = await startInstance(ctx, await freePort(), {
      REDIS_URL,
      ROLE: 'worker',
      LOG_LEVEL: 'info',
    });
    instances.push(worker);
    await untilLogged(worker, (line) => line.includes('"role":"worker"'));
    await waitFor(async () => (await statusOf(id)) === 'done', 10_000);
    // A job queued through the web instance's database afterwards is the worker's too.
    const later = (await queueReminderFanOut('roles:2'))!;
    await waitFor(async () => (await statusOf(later)) === 'done', 10_000);
  }, 60_000);

  it('a worker answers its health, with its role and runner, and 404 in the envelope elsewhere', async () => {
    const worker = instances[1]!;
    const health = await get(worker, '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ code: 0, data: { role: 'worker', job_runner: 'running' } });
    for (const [pathname, method] of [
      ['/api/captcha', 'GET'],
      ['/api/login', 'POST'],
      ['/api/meetings?page=1', 'GET'],
      ['/', 'GET'],
      ['/api/health/extra', 'GET'],
    ] as const) {
      const answer = await get(worker, pathname, method);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 404 });
      expect(answer.body).toMatchObject({
        code: ERRORS.NOT_FOUND.code,
        data: null,
        message: expect.any(String),
      });
    }
  });

  it('refuses an unknown ROLE at start, saying which values it takes', () => {
    const result = spawnSync(process.execPath, [MAIN], {
      env: { ...process.env, NODE_ENV: 'test', ROLE: 'cook', DATA_DIR: ctx.config.dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('ROLE: ROLE must be web, worker or all');
  });

  it('a stopping runner claims no further batch and hands back a job still running after the wait', async () => {
    const jobs = createJobs({
      db: ctx.db,
      dbKind: TEST_DB,
      clock: () => Date.now(),
      log: { warn: () => undefined, error: () => undefined },
      batch: 1,
    });
    let release = () => {};
    const started: number[] = [];
    jobs.handle('slow', (job) => {
      started.push(job.id);
      return new Promise<void>((resolve) => (release = resolve));
    });
    const ids = await ctx.db
      .transaction()
      .execute(async (trx) => [
        (await jobs.enqueue(trx, { kind: 'slow', key: 'slow:1' }))!,
        (await jobs.enqueue(trx, { kind: 'slow', key: 'slow:2' }))!,
      ]);
    const pass = jobs.runDue();
    await waitFor(async () => started.length === 1, 5_000);
    await jobs.stop({ handBackAfterMs: 50 });
    const [first, second] = await Promise.all(ids.map((id) => ctx.app.jobs.findJob(id)));
    // The job in hand is queued again (its lease cleared), the other was never claimed.
    expect(first).toMatchObject({ status: 'queued', lease_until: null, attempts: 1 });
    expect(second).toMatchObject({ status: 'queued', attempts: 0 });
    release();
    expect(await pass).toBe(1);
    expect(started).toEqual([ids[0]]);
    // A finish after the hand-back still counts while no other runner has claimed the job since.
    expect(await statusOf(ids[0]!)).toBe('done');
  });
});
