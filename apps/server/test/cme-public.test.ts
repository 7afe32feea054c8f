import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { adminApi } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { grouped, insertCertificate, insertGuest } from './cme-fixtures.ts';
import { pdftotext } from './pdf-fixtures.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/*
 * The doctor's public transcript page (issue 43): a one-time code by e-mail (the same answer for an
 * unknown address), counted wrong tries, single use, expiry on the server's clock, then a token in
 * a header for the PDF; codes and tokens purged once expired.
 */
describe(`CME public transcript access (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let orgId: number;
  let code1: string;

  const post = (url: string, payload: object, ip = '10.9.0.1') =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });
  const askCode = (email: string, ip?: string) => post('/api/public/cme/code', { email }, ip);
  const verify = (email: string, code: string, ip?: string) =>
    post('/api/public/cme/verify', { email, code }, ip);
  const pdf = (token: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/public/cme/transcript.pdf?organization_id=${orgId}&language=en`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: '10.9.0.1',
    });
  /** The code in the newest mail to the address ("123456 is your CME transcript code"). */
  const mailedCode = (to: string) => {
    const mail = smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(to)).at(-1);
    return /^(\d{6}) /.exec(mail?.subject ?? '')?.[1] ?? '';
  };
  /** A code mailed to the address now (a code request from `ip`, the mail job run). */
  const freshCode = async (email: string, ip: string) => {
    expect((await askCode(email, ip)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    return mailedCode(email);
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    orgId = await createOrganization(ctx.db);
    const [m1, m2] = [(await createMeeting(ctx.db, orgId)).id, (await createMeeting(ctx.db, orgId)).id];
    const g1 = await insertGuest(ctx.db, m1, {
      name: 'Dr Ho',
      license_number: 'H1',
      email: 'ho@example.com',
    });
    const g2 = await insertGuest(ctx.db, m2, {
      name: 'Dr Ho',
      license_number: 'h1',
      email: 'HO@example.com',
    });
    await insertGuest(ctx.db, m2, { name: 'Dr Ip', license_number: 'I1', email: 'ip@example.com' });
    code1 = await insertCertificate(ctx.db, m1, g1, 4);
    await insertCertificate(ctx.db, m2, g2, 6, ctx.now()); // revoked: no credits
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('answers an unknown address as a known one, and mails a code only to the known', async () => {
    const unknown = await askCode('nobody@example.com');
    const known = await askCode('Ho@Example.com'); // not linked yet: the request links it
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(known.body);
    expect(known.json().data).toEqual({ code_sent: true });
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(JSON.stringify(smtp.received[0]!.to)).toContain('ho@example.com');
    expect(mailedCode('ho@example.com')).toMatch(/^\d{6}$/);
    // The outbox never held the code or the address.
    const jobs = await ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'cme.code').execute();
    expect(jobs.map((j) => j.payload).join()).not.toContain(mailedCode('ho@example.com'));
    expect(jobs.map((j) => j.payload).join()).not.toContain('ho@example.com');
  });

  it('counts a wrong code, takes the right one once, and gives a token for the PDF', async () => {
    const code = mailedCode('ho@example.com');
    const refused = await verify('ho@example.com', wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ERRORS.LOGIN_CODE_WRONG.code);
    const row = await ctx.db
      .selectFrom('cme_access_codes')
      .select(['attempts', 'code_hash'])
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.code_hash).not.toContain(code);

    const ok = await verify('ho@example.com', code);
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ok.json().data;
    expect(data.transcripts).toHaveLength(1);
    expect(data.transcripts[0]).toMatchObject({
      organization_id: orgId,
      name: 'Dr Ho',
      licence_number: 'H1',
      total_credits: 4,
    });
    expect(
      data.transcripts[0].entries.map((e: { certificate_code: string | null }) => e.certificate_code),
    ).toEqual([code1, null]);
    expect((await verify('ho@example.com', code)).statusCode).toBe(400); // spent

    expect((await pdf(undefined)).statusCode).toBe(401);
    expect((await pdf('x'.repeat(43))).statusCode).toBe(401);
    const file = await pdf(data.token);
    expect(file.statusCode, file.body).toBe(200);
    const text = pdftotext(file.rawPayload);
    expect(text).toContain('Total credits: 4');
    expect(text).toContain(grouped(code1));
    // The token lapses.
    ctx.advance(31 * 60_000);
    expect((await pdf(data.token)).statusCode).toBe(401);
  });

  it('refuses an expired code, and a code after five wrong tries', async () => {
    await askCode('ip@example.com', '10.9.0.2');
    await ctx.app.jobs.runDue();
    const late = mailedCode('ip@example.com');
    ctx.advance(16 * 60_000);
    expect((await verify('ip@example.com', late)).statusCode).toBe(400);

    await askCode('ip@example.com', '10.9.0.2');
    await ctx.app.jobs.runDue();
    const capped = mailedCode('ip@example.com');
    expect(capped).not.toBe(late);
    for (let i = 0; i < 5; i++) expect((await verify('ip@example.com', wrong(capped))).statusCode).toBe(400);
    expect((await verify('ip@example.com', capped)).statusCode).toBe(400);
  });

  it('limits code requests per address', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await askCode('limit@example.com', `10.9.1.${i}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('takes at most five tries of a code however many come at once, and spends it once', async () => {
    const meeting = (await createMeeting(ctx.db, await createOrganization(ctx.db))).id;
    await insertGuest(ctx.db, meeting, { name: 'Dr Race', license_number: 'R1', email: 'race@example.com' });
    const code = await freshCode('race@example.com', '10.9.2.1');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => verify('race@example.com', wrong(code), '10.9.2.2')),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(20).fill(400));
    const row = await ctx.db
      .selectFrom('cme_access_codes')
      .select('attempts')
      .where('email', '=', 'race@example.com')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5); // only five were compared
    const exhausted = await verify('race@example.com', code, '10.9.2.2');
    expect(exhausted.json().code).toBe(ERRORS.LOGIN_CODE_WRONG.code);

    const next = await freshCode('race@example.com', '10.9.2.1');
    const both = await Promise.all([1, 2].map(() => verify('race@example.com', next, '10.9.2.3')));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const tokens = await ctx.db
      .selectFrom('cme_access_codes')
      .select('token_hash')
      .where('email', '=', 'race@example.com')
      .where('token_hash', 'is not', null)
      .execute();
    expect(tokens).toHaveLength(1);
  });

  it('limits wrong codes per address across its codes: then even the right one waits', async () => {
    const meeting = (await createMeeting(ctx.db, await createOrganization(ctx.db))).id;
    await insertGuest(ctx.db, meeting, {
      name: 'Dr Guess',
      license_number: 'G1',
      email: 'guess@example.com',
    });
    for (let round = 0; round < 2; round++) {
      const code = await freshCode('guess@example.com', '10.9.3.1');
      for (let i = 0; i < 5; i++)
        expect((await verify('guess@example.com', wrong(code), '10.9.3.2')).statusCode).toBe(400);
    }
    const right = await verify(
      'guess@example.com',
      await freshCode('guess@example.com', '10.9.3.1'),
      '10.9.3.2',
    );
    expect(right.statusCode).toBe(429);
  });

  it('shows an address only its own sign-ups, never those of a person it shares a licence with', async () => {
    const org = await createOrganization(ctx.db);
    const [m1, m2, m3] = [
      (await createMeeting(ctx.db, org)).id,
      (await createMeeting(ctx.db, org)).id,
      (await createMeeting(ctx.db, org)).id,
    ];
    // Victims: one gave no address, one another; each has an issued certificate.
    const victim = await insertGuest(ctx.db, m1, { name: 'Dr Victim', license_number: 'V1' });
    const victimCode = await insertCertificate(ctx.db, m1, victim, 5);
    const other = await insertGuest(ctx.db, m1, {
      name: 'Dr Other',
      license_number: 'V2',
      email: 'o@example.com',
    });
    const otherCode = await insertCertificate(ctx.db, m1, other, 7);
    const api = adminApi(ctx, (await ctx.login()).access_token);
    expect((await api('POST', `/api/organizations/${org}/cme/link`)).statusCode).toBe(200);
    // Someone signs up with each licence and an address of their own.
    await insertGuest(ctx.db, m2, { name: 'Mallory', license_number: 'v 1', email: 'mal@example.com' });
    await insertGuest(ctx.db, m3, { name: 'Mallory', license_number: 'V2', email: 'Mal@example.com' });

    const opened = await verify(
      'mal@example.com',
      await freshCode('mal@example.com', '10.9.4.1'),
      '10.9.4.2',
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const { transcripts, token } = opened.json().data;
    expect(
      transcripts.map((t: { name: string; total_credits: number; entries: { meeting_id: number }[] }) => [
        t.name,
        t.total_credits,
        t.entries.map((e) => e.meeting_id),
      ]),
    ).toEqual([
      ['Mallory', 0, [m2]],
      ['Mallory', 0, [m3]],
    ]);
    expect(opened.body).not.toContain(victimCode);
    expect(opened.body).not.toContain(otherCode);
    expect(opened.body).not.toContain('Victim');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/cme/transcript.pdf?organization_id=${org}&person_id=${transcripts[0].person_id}&language=en`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.9.4.2',
    });
    expect(file.statusCode, file.body).toBe(200);
    const text = pdftotext(file.rawPayload);
    expect(text).toContain('Total credits: 0');
    expect(text).not.toContain(grouped(victimCode));
    expect(text).not.toContain('Victim');
  });

  it('purges codes and tokens once expired, with their addresses', async () => {
    expect(await ctx.db.selectFrom('cme_access_codes').select('id').execute()).not.toHaveLength(0);
    ctx.advance(31 * 60_000);
    await ctx.app.jobs.runDue();
    expect(await ctx.db.selectFrom('cme_access_codes').select('id').execute()).toHaveLength(0);
  });

  it('lets the back office link the same guests, with the public records intact', async () => {
    const api = adminApi(ctx, (await ctx.login()).access_token);
    const list = (await api('GET', `/api/organizations/${orgId}/cme/people`)).json().data;
    expect(list.items.map((p: { name: string; meetings: number }) => [p.name, p.meetings]).sort()).toEqual([
      ['Dr Ho', 2],
      ['Dr Ip', 1],
    ]);
  });
});
