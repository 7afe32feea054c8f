import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { adminApi } from './guest-fixtures.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import { auditCount } from './waitlist-fixtures.ts';

const DAY = 86_400_000;

/** Until `n` statements of this database wait for a lock (as PostgreSQL itself reports). */
async function lockWaiters(monitor: pg.Client, n: number, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await monitor.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    if (performance.now() > deadline) throw new Error(`${n} lock waiter(s) expected, ${rows[0]!.n} seen`);
    // A poll interval (the condition above is what synchronises), so as not to spin the server.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/*
 * A purge erases what is committed when it runs (issue 38). A sign-up that read its meeting just
 * before the purge committed (open, not purged) writes its guest just after: the next retention
 * pass erases it. On PostgreSQL the test makes that order happen for real, with the meeting row's
 * lock; on SQLite, whose writes run one at a time, the late guest is written as it would commit.
 */
describe(`a purge and the writes in flight (${TEST_DB})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a guest written just after the purge committed is erased by the next retention pass', async () => {
    const now = ctx.now();
    const name = `Ended ${randomBytes(3).toString('hex')}`;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db), { name });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: now - 2 * DAY, end_at: now - DAY, signup_enabled: 1 })
      .where('id', '=', meeting.id)
      .execute();
    const late = {
      name: `Late${randomBytes(4).toString('hex')}`,
      email: `late${randomBytes(4).toString('hex')}@late.example`,
    };
    const admin = adminApi(ctx, (await ctx.login()).access_token);

    if (TEST_DB === 'postgres') {
      // The purge and then the sign-up queue for the meeting's row, which the test holds: the
      // sign-up has read the meeting (open) and written its guest's row before it waits.
      const url = ctx.config.databaseUrl!;
      const holder = new pg.Client({ connectionString: url });
      const monitor = new pg.Client({ connectionString: url });
      await Promise.all([holder.connect(), monitor.connect()]);
      try {
        await holder.query('begin');
        await holder.query('select id from meetings where id = $1 for update', [meeting.id]);
        const purged = admin('POST', `/api/meetings/${meeting.id}/purge`, { confirm: name });
        await lockWaiters(monitor, 1);
        const signedUp = signUp(ctx, meeting.publicId, generalBody(1, late), 1);
        await lockWaiters(monitor, 2);
        await holder.query('commit');
        expect((await purged).json().data).toMatchObject({ guests: 0 });
        expect((await signedUp).statusCode).toBe(200);
      } finally {
        await Promise.all([holder.end(), monitor.end()]);
      }
    } else {
      const purged = await admin('POST', `/api/meetings/${meeting.id}/purge`, { confirm: name });
      expect(purged.json().data).toMatchObject({ guests: 0 });
      await ctx.db
        .insertInto('guests')
        .values({
          meeting_id: meeting.id,
          guest_code: randomUUID(),
          token_hash: randomUUID(),
          area_code: '853',
          phone: '+85366000001',
          email: late.email,
          name: late.name,
          created_at: ctx.now(),
        })
        .execute();
    }
    const lateRow = () =>
      ctx.db
        .selectFrom('guests')
        .select(['name', 'email', 'erased_at'])
        .where('meeting_id', '=', meeting.id)
        .executeTakeFirstOrThrow();
    // Committed after the purge: the guest holds personal data of a purged meeting.
    expect(await lateRow()).toMatchObject({ name: late.name, erased_at: null });

    // The next retention pass (at most once a minute) erases it, audited.
    const before = await auditCount(ctx.db, 'privacy.purged');
    ctx.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    expect(await lateRow()).toMatchObject({ name: '', email: '', erased_at: ctx.now() });
    expect(await auditCount(ctx.db, 'privacy.purged')).toBe(before + 1);
    // Nothing left for a later pass.
    ctx.advance(2 * 60_000);
    await ctx.app.jobs.runDue();
    expect(await auditCount(ctx.db, 'privacy.purged')).toBe(before + 1);
  });
});
