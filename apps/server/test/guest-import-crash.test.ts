import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { uploadGuestFile, xlsxOf } from './import-fixtures.ts';
import { createMeeting, createOrganization, macaoPhone } from './registration-fixtures.ts';
import { freePort, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';

/*
 * A server killed (SIGKILL) in the middle of an import: what it wrote is whole batches — guests,
 * seats and the import's counts together — and the next server takes the job over after its lease
 * and finishes it without writing a row twice.
 */

const ROWS = 6_000;
const BATCH = 30;

describe(`guest import killed mid-way (${TEST_DB})`, () => {
  let ctx: TestContext;
  let instance: Instance | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    if (instance) await stopInstance(instance);
    await ctx.close();
  });

  it('leaves whole batches, and another server finishes the job once', async () => {
    const token = (await ctx.login()).access_token;
    const api = adminApi(ctx, token);
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `Crash ${i}`,
      i % 2 ? 'Male' : 'Female',
      'Yes',
      '853',
      macaoPhone(i),
      `crash${i}@example.com`,
      '28000000',
      '66999999',
    ]);
    const file = await xlsxOf([
      [
        'Name',
        'Gender',
        'Local guest',
        'Area code',
        'Mobile number',
        'E-mail',
        'Contact number',
        'Contact mobile',
      ],
      ...rows,
    ]);
    const uploaded = await uploadGuestFile(ctx, token, meeting.id, { bytes: file, name: 'crash.xlsx' });
    const imp = uploaded.json().data as GuestImport;
    // Queued through this process, whose runner is not started: the real server below takes it.
    await api('POST', `/api/guest-imports/${imp.id}/start`, { mapping: imp.mapping });

    const progress = () =>
      ctx.db
        .selectFrom('imports')
        .select(['status', 'processed', 'created'])
        .where('id', '=', imp.id)
        .executeTakeFirstOrThrow();
    const guests = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('guests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('meeting_id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seats = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('meetings')
            .select('registered_count')
            .where('id', '=', meeting.id)
            .executeTakeFirstOrThrow()
        ).registered_count,
      );

    const env = { IMPORT_BATCH_ROWS: String(BATCH), JOB_LEASE_MS: '1500' };
    instance = await startInstance(ctx, await freePort(), env);
    await waitFor(async () => (await progress()).processed >= 10 * BATCH, 60_000);
    instance.child.kill('SIGKILL');
    await stopInstance(instance);
    instance = undefined;

    const cut = await progress();
    expect(cut.status).toBe('running');
    expect(cut.processed).toBeLessThan(ROWS);
    expect(cut.processed % BATCH).toBe(0);
    // Whole batches: every committed batch's guests, its seats and its counts, nothing else.
    expect(await guests()).toBe(cut.created);
    expect(await seats()).toBe(cut.created);
    expect(cut.created).toBe(cut.processed);

    instance = await startInstance(ctx, await freePort(), env);
    await waitFor(async () => (await progress()).status === 'done', 90_000);
    const done = await progress();
    expect(done).toMatchObject({ processed: ROWS, created: ROWS });
    expect(await guests()).toBe(ROWS);
    expect(await seats()).toBe(ROWS);
    const phones = await ctx.db
      .selectFrom('guests')
      .select('phone')
      .where('meeting_id', '=', meeting.id)
      .execute();
    expect(new Set(phones.map((p) => p.phone)).size).toBe(ROWS);
  }, 180_000);
});
