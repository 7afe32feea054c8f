import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { createJobs } from '../src/modules/jobs/jobs.service.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

/*
 * The job runner when its database goes away mid-pass (a failover cutting connections): the pass
 * fails to its caller, and nothing else — an unhandled rejection would end the server process.
 */
describe(`job runner losing its database (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reports a failed pass to its caller and leaves no unhandled rejection behind', async () => {
    const { db } = openDatabase(ctx.config);
    const jobs = createJobs({
      db,
      dbKind: TEST_DB,
      clock: () => ctx.now(),
      log: { warn: () => undefined, error: () => undefined },
    });
    jobs.handle('noop', async () => undefined);
    expect(await jobs.runDue()).toBe(0);
    await db.destroy();

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await expect(jobs.runDue()).rejects.toThrow();
      // A second pass waits for the first, then fails on its own.
      await expect(jobs.runDue()).rejects.toThrow();
      // Node reports a rejection left unhandled at the end of the turn it happened in: one more turn.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
