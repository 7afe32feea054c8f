import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import { call, freePort, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/*
 * The outbox under several runners: two instances on one database send each message once, a
 * runner killed with SIGKILL in the middle of a send leaves the message to another, and a mail
 * server that is down delays messages without losing or doubling them.
 */
describe(`guest mail across instances and crashes (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('two instances draining one outbox side by side send each of 200 messages once', async () => {
    smtp.received.length = 0;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    for (let n = 0; n < 200; n += 1) {
      const res = await signUp(ctx, meeting.publicId, generalBody(1000 + n), 1000 + n);
      expect(res.statusCode).toBe(200);
    }
    const second = await buildApp({
      config: ctx.config,
      db: ctx.db,
      dbKind: TEST_DB,
      clock: () => ctx.now(),
    });
    try {
      // The first pass queues the 200 confirmations (one transaction) and then sends ten at a time;
      // the second joins once they are in the outbox (started together, it could find it still empty).
      const first = ctx.app.jobs.runDue();
      await waitFor(async () => {
        const row = await ctx.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('meeting_id', '=', meeting.id)
          .executeTakeFirstOrThrow();
        return Number(row.n) === 200;
      }, 10_000);
      const [a, b] = await Promise.all([first, second.jobs.runDue()]);
      expect(a + b).toBe(200);
      // Both took part: claims interleave while sends wait on the network.
      expect(Math.min(a, b)).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    expect(smtp.received).toHaveLength(200);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(200);
    expect(new Set(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).size).toBe(200);
  }, 60_000); // 200 real SMTP sends: ~11 s on a quiet two-core machine, twice that under load

  it('delays a message while the mail server is down and sends it once when it is back', async () => {
    const port = smtp.port;
    await smtp.close();
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const res = await signUp(ctx, meeting.publicId, generalBody(2000), 2000);
    expect(res.statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    const [job] = await ctx.db.selectFrom('jobs').selectAll().where('meeting_id', '=', meeting.id).execute();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtp(port);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0); // the back-off has not passed yet
    ctx.advance(60_000);
    await ctx.app.jobs.runDue();
    ctx.advance(3_600_000);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to && 'text' in smtp.received[0]!.to ? smtp.received[0]!.to.text : '').toBe(
      'guest2000@example.com',
    );
  });

  it('a runner killed (SIGKILL) in the middle of a send leaves the message to the next one, which sends it once', async () => {
    smtp.received.length = 0;
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const env = { SMTP_URL: smtp.url, JOB_LEASE_MS: '2000' };
    let first: Instance | undefined = await startInstance(ctx, await freePort(), env);
    let second: Instance | undefined;
    try {
      let held = false;
      smtp.holdData = true;
      // The message arrives in full and waits for the server's answer: the runner is mid-send.
      smtp.onHeld = () => {
        held = true;
      };
      const res = await call(first.url, `/api/public/meetings/${meeting.publicId}/sign-ups`, {
        body: generalBody(3000),
        headers: { 'x-forwarded-for': '10.3.0.1' },
      });
      expect(res.status).toBe(200);
      await waitFor(async () => held, 15_000);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first!.child.once('exit', resolve));
      first = undefined;
      expect(smtp.received).toHaveLength(0); // never accepted

      smtp.holdData = false;
      second = await startInstance(ctx, await freePort(), env);
      await waitFor(async () => smtp.received.length > 0, 20_000);
      // Until the job is marked done: from then on no attempt can send it again.
      const status = async () =>
        (
          await ctx.db
            .selectFrom('jobs')
            .select('status')
            .where('meeting_id', '=', meeting.id)
            .executeTakeFirst()
        )?.status;
      await waitFor(async () => (await status()) === 'done', 20_000);
      expect(smtp.received).toHaveLength(1);
      const [job] = await ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('meeting_id', '=', meeting.id)
        .execute();
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      smtp.holdData = false;
      smtp.onHeld = undefined;
      if (first) await stopInstance(first);
      if (second) await stopInstance(second);
    }
  });
});
