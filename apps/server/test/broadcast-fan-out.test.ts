import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../src/modules/jobs/jobs.service.ts';
import { broadcastTextsReader, fanOutBroadcast } from '../src/modules/mail/broadcast-jobs.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

/*
 * A broadcast's fan-out queues its recipients' jobs in multi-row inserts, and each message reads the
 * broadcast's texts once per broadcast: its payload also lists every recipient.
 */
describe(`broadcast fan-out (${TEST_DB})`, () => {
  let ctx: TestContext;
  let meetingId: number;
  // More than one chunk of the fan-out (500), and not a multiple of it.
  const guestIds = Array.from({ length: 1_203 }, (_, i) => 10_000 + i);
  const texts = { en: { subject: 'Hall B', body: 'The plenary moves to Hall B.' } };

  beforeAll(async () => {
    // No mail server: the messages stay queued for the test to read. Ten a second.
    ctx = await createTestContext({ MAIL_BROADCAST_PER_MINUTE: '600' });
    meetingId = (await createMeeting(ctx.db, await createOrganization(ctx.db))).id;
  });
  afterAll(() => ctx.close());

  const queueBroadcast = (key: string) =>
    ctx.db.transaction().execute((trx) =>
      ctx.app.jobs.enqueue(trx, {
        kind: 'mail.broadcast',
        key,
        payload: { texts, guest_ids: guestIds, created_by: 'admin' },
        meetingId,
      }),
    );
  const messages = (broadcastId: number) =>
    ctx.db
      .selectFrom('jobs')
      .select(['guest_id', 'run_at', 'payload', 'kind', 'status'])
      .where('idempotency_key', 'like', `broadcast:${broadcastId}:%`)
      .orderBy('run_at')
      .execute();

  it('queues one paced job per recipient, and a second fan-out of the same broadcast adds none', async () => {
    const id = (await queueBroadcast('broadcasts:fan-out'))!;
    await ctx.app.jobs.runDue();
    const broadcast = (await ctx.app.jobs.findJob(id))!;
    expect(broadcast.status).toBe('done');
    const queued = await messages(id);
    expect(queued).toHaveLength(guestIds.length);
    expect(queued.map((job) => job.guest_id)).toEqual(guestIds);
    // 600 a minute: one every 100 ms from the broadcast's creation.
    expect(queued.map((job) => job.run_at)).toEqual(guestIds.map((_, i) => broadcast.created_at + i * 100));
    for (const job of queued) {
      expect(job).toMatchObject({ kind: 'mail', status: 'queued' });
      expect(JSON.parse(job.payload)).toEqual({ type: 'broadcast', broadcast_id: id });
    }

    // A fan-out taken again (its runner died after some chunks): the keys already there are skipped.
    await ctx.db.updateTable('jobs').set({ status: 'done' }).where('guest_id', '=', guestIds[0]!).execute();
    await fanOutBroadcast({ db: ctx.db, jobs: ctx.app.jobs, broadcastPerMinute: 600 }, broadcast);
    const again = await messages(id);
    expect(again).toHaveLength(guestIds.length);
    expect(again[0]!.status).toBe('done');
  });

  it("reads a broadcast's texts once, and refuses a message whose broadcast is gone", async () => {
    const id = (await queueBroadcast('broadcasts:texts'))!;
    let reads = 0;
    const read = broadcastTextsReader({
      findJob: (jobId) => {
        reads += 1;
        return ctx.app.jobs.findJob(jobId);
      },
    });
    expect(await read(id)).toEqual(texts);
    expect(await read(id)).toEqual(texts);
    expect(reads).toBe(1);
    await expect(read(id + 1_000_000)).rejects.toBeInstanceOf(PermanentJobError);
  });
});
