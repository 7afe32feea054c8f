import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, PermanentJobError } from '../src/modules/jobs/jobs.service.ts';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

/*
 * The operator's command line (src/cli/admin.ts) as a child process on the test's fresh database,
 * read through the same settings as the server (DATABASE_URL or DATA_DIR); what it does is checked
 * through the API and the system log.
 */
const ADMIN_CLI = path.resolve(import.meta.dirname, '../src/cli/admin.ts');

describe(`admin command line (${TEST_DB})`, () => {
  let ctx: TestContext;
  /** The administrator's password: the reset below replaces it. */
  let adminPassword = ADMIN.password;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  function admin(args: string[], input?: string) {
    const { databaseUrl, dataDir } = ctx.config;
    const result = spawnSync(process.execPath, [ADMIN_CLI, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      },
      encoding: 'utf8',
      input: input ?? '',
      timeout: 30_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }
  const printedPassword = (stdout: string) => /^Password: (\S+)$/m.exec(stdout)?.[1];

  async function login(account: string, password: string, ip = '10.9.0.1') {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
      payload: { account, password, captcha_id: await ctx.captcha(), verify_code: CAPTCHA_ANSWER },
    });
    return { status: res.statusCode, token: res.json().data?.token as { refresh_token: string } | undefined };
  }
  const refresh = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/create',
      headers: { authorization: `Bearer ${token}` },
    });
  const logEntries = (username: string) =>
    ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'action_type', 'content'])
      .where('username', '=', username)
      .orderBy('id')
      .execute();

  it('creates a user with a generated password, printed once, that logs in; the log names the command line', async () => {
    const created = admin(['user:create', 'carol.ops', '--name', 'Carol', '--role', 'administrator']);
    expect(created).toMatchObject({ code: 0 });
    const password = printedPassword(created.stdout)!;
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(created.stderr).not.toContain(password);
    expect((await login('carol.ops', password)).status).toBe(200);
    expect(await logEntries('command line')).toContainEqual(
      expect.objectContaining({ message_key: 'user.created', action_type: 'create' }),
    );
    const logged = await ctx.db.selectFrom('system_logs').select('content').execute();
    expect(logged.some((row) => row.content.includes(password))).toBe(false);
  });

  it("takes a password on standard input, checked by the server's rules, and prints none", async () => {
    const weak = admin(
      ['user:create', 'dave.ops', '--name', 'Dave', '--role', 'administrator', '--password-stdin'],
      'password1\n',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/password/i);
    expect((await login('dave.ops', 'password1')).status).toBe(401);
    const chosen = 'Quiet-harbour-lamp-42';
    const ok = admin(
      ['user:create', 'dave.ops', '--name', 'Dave', '--role', 'administrator', '--password-stdin'],
      `${chosen}\n`,
    );
    expect(ok).toMatchObject({ code: 0, stdout: '' });
    expect((await login('dave.ops', chosen)).status).toBe(200);
  });

  it('resets a password: the old one fails, the new one works, and the old sessions are over', async () => {
    const before = await login(ADMIN.account, adminPassword);
    const reset = admin(['user:reset-password', ADMIN.account]);
    expect(reset.code).toBe(0);
    const password = printedPassword(reset.stdout)!;
    expect((await login(ADMIN.account, adminPassword)).status).toBe(401);
    expect((await refresh(before.token!.refresh_token)).statusCode).toBe(401);
    expect((await login(ADMIN.account, password)).status).toBe(200);
    adminPassword = password;
    expect(await logEntries('command line')).toContainEqual(
      expect.objectContaining({ message_key: 'user.password_reset' }),
    );
  });

  it('ends every session of a user: their refresh token is refused', async () => {
    const session = await login(ADMIN.account, adminPassword);
    expect(admin(['user:end-sessions', ADMIN.account]).code).toBe(0);
    expect((await refresh(session.token!.refresh_token)).statusCode).toBe(401);
    expect(await logEntries('command line')).toContainEqual(
      expect.objectContaining({ message_key: 'user.sessions_ended' }),
    );
  });

  it('lifts the login waits of an account after repeated failures', async () => {
    const ip = '10.9.0.77';
    for (let i = 0; i < 5; i++) expect((await login(ADMIN.account, `wrong-${i}`, ip)).status).toBe(401);
    expect((await login(ADMIN.account, adminPassword, ip)).status).toBe(429);
    const unlocked = admin(['user:unlock', ADMIN.account]);
    expect(unlocked).toMatchObject({ code: 0 });
    expect(unlocked.stderr).toContain('2 failure count(s) cleared');
    expect((await login(ADMIN.account, adminPassword, ip)).status).toBe(200);
    expect(await logEntries('command line')).toContainEqual(
      expect.objectContaining({ message_key: 'user.login_waits_lifted' }),
    );
  });

  it('lists failed jobs and puts one back in the queue', async () => {
    const jobs = createJobs({
      db: ctx.db,
      dbKind: TEST_DB,
      clock: Date.now,
      log: { warn: () => undefined, error: () => undefined },
    });
    jobs.handle('test.doomed', async () => {
      throw new PermanentJobError('the receiver said no');
    });
    const id = (await ctx.db
      .transaction()
      .execute((trx) => jobs.enqueue(trx, { kind: 'test.doomed', key: 'doomed:1' })))!;
    await jobs.runDue();
    const listed = admin(['jobs:failed', '--kind', 'test.doomed']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${id}\\ttest\\.doomed\\t1\\t\\d{4}-.*\\tthe receiver said no$`, 'm'),
    );
    expect(admin(['jobs:retry', String(id)]).code).toBe(0);
    expect(await jobs.findJob(id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(admin(['jobs:retry', String(id)])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not failed'),
    });
    expect(admin(['jobs:failed', '--kind', 'test.doomed']).stderr).toContain('No failed jobs');
    await jobs.runDue();
    expect(admin(['jobs:retry', '--all-failed', '--kind', 'test.doomed']).code).toBe(0);
    expect(await jobs.findJob(id)).toMatchObject({ status: 'queued' });
    const entries = (await logEntries('command line')).filter((e) => e.message_key === 'jobs.retried');
    expect(entries.map((e) => e.content)).toEqual([
      `Put 1 failed background job(s) back in the queue: ${id}`,
      `Put 1 failed background job(s) back in the queue: ${id}`,
    ]);
  });

  it('answers wrong use with exit code 2, and reports its version and migrations', () => {
    for (const args of [
      [],
      ['user:fly'],
      ['user:create', 'x.y.z'],
      ['jobs:failed', '--colour'],
      ['jobs:retry'],
    ]) {
      const result = admin(args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toContain('npm run admin -- help');
    }
    expect(admin(['help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('user:reset-password'),
    });
    expect(admin(['version']).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const migrations = admin(['migrations']);
    expect(migrations.stdout).toMatch(/^applied .*\t2026-11-22-01-foundation$/m);
    expect(migrations.stderr).toMatch(/^All \d+ applied/);
  });
});
