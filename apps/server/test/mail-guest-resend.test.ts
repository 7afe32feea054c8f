import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/*
 * The guest page's "a confirmation was sent to j***@…" and its "send again" (issue 39): the guest
 * token alone says whose mail it is, the answer shows the address masked, and both routes are
 * limited per client address before the token is even looked at (so guessed tokens are counted),
 * resends also per guest. Each test uses addresses and guests of its own: any one runs alone,
 * in any order.
 */

/** Requests per client address per minute, both routes together: as many as sign-ups (a venue's Wi-Fi). */
const PER_ADDRESS = 60;
describe(`guest page: where the confirmation went, and send it again (${TEST_DB})`, () => {
  const lines: string[] = [];
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let meeting: MeetingFixture;
  const tokens = new Map<number, string>();

  const status = (token: string | undefined, ip = '10.9.0.1') =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/public/guest/confirmation-mail',
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...(token ? { 'x-guest-token': token } : {}) },
    });
  const resend = (token: string | undefined, ip = '10.9.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/public/guest/confirmation-mail/resend',
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...(token ? { 'x-guest-token': token } : {}) },
    });
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
  async function signUpGuest(target: MeetingFixture, n: number): Promise<string> {
    const res = await signUp(ctx, target.publicId, generalBody(n), n);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.guest_token as string;
    tokens.set(n, token);
    return token;
  }

  const countJobs = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext(
      { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    for (const n of [1, 2, 3]) await signUpGuest(meeting, n);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(3);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('tells the masked address and sends the confirmation again through the outbox', async () => {
    const line = await status(tokens.get(1));
    expect(line.statusCode, line.body).toBe(200);
    expect(line.json().data).toEqual({ masked_email: 'g***@example.com', awaiting: null });

    const again = await resend(tokens.get(1));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      code: 0,
      data: { masked_email: 'g***@example.com', awaiting: null },
    });
    expect(again.body).not.toContain('guest1@example.com');
    await ctx.app.jobs.runDue();
    const received = mailsTo('guest1@example.com');
    expect(received).toHaveLength(2);
    expect(received[1]!.text).toContain('Guest 1');
    expect(received[1]!.attachments.map((a) => a.filename)).toContain('qr-code.png');

    const audit = await ctx.db
      .selectFrom('system_logs')
      .selectAll()
      .where('message_key', '=', 'mail.resent_by_guest')
      .where('ip', '=', '10.9.0.1')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ source_type: 'public', action_type: 'update', ip: '10.9.0.1' });
    expect(JSON.parse(audit[0]!.message_params ?? '{}')).toMatchObject({ meeting_id: meeting.id });
  });

  it("sends only the token's own guest's mail: another guest's token cannot reach someone else", async () => {
    await ctx.app.jobs.runDue(); // whatever another test queued goes first
    const before = mailsTo('guest2@example.com').length;
    const third = await resend(tokens.get(3), '10.9.0.2');
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().data).toEqual({ masked_email: 'g***@example.com', awaiting: null });
    await ctx.app.jobs.runDue();
    expect(mailsTo('guest2@example.com')).toHaveLength(before);
    expect(mailsTo('guest3@example.com')).toHaveLength(2);

    for (const token of [undefined, 'not-a-guest-token']) {
      const refused = await resend(token, '10.9.0.2');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(ERRORS.GUEST_TOKEN_INVALID.code);
      expect((await status(token)).statusCode).toBe(401);
    }
  });

  it('answers 429 in the envelope after three resends of one guest, whatever the address', async () => {
    // Guest 2: three from three addresses go, the fourth is refused whatever its address.
    for (const ip of ['10.9.1.1', '10.9.1.2', '10.9.1.3']) {
      expect((await resend(tokens.get(2), ip)).statusCode).toBe(200);
    }
    const limited = await resend(tokens.get(2), '10.9.1.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: ERRORS.RATE_LIMITED.code,
      message: ERRORS.RATE_LIMITED.message.en,
      data: null,
    });
  });

  it("counts a bad token's resends against the address, then refuses even a good token there", async () => {
    const ip = '10.9.2.1';
    const answers = [];
    for (let i = 0; i <= PER_ADDRESS; i += 1)
      answers.push((await resend('not-a-guest-token', ip)).statusCode);
    expect(answers).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429]);
    const token = await signUpGuest(meeting, 50);
    const jobsBefore = await countJobs();
    const blocked = await resend(token, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ERRORS.RATE_LIMITED.code, data: null });
    // The address was refused first: nothing queued, and the guest's own three resends are untouched.
    expect(await countJobs()).toBe(jobsBefore);
    for (const other of ['10.9.2.2', '10.9.2.3', '10.9.2.4']) {
      expect((await resend(token, other)).statusCode).toBe(200);
    }
  });

  it('limits the masked-address look-up per address too, bad tokens and good ones alike', async () => {
    const ip = '10.9.5.1';
    const answers = [];
    for (let i = 0; i < PER_ADDRESS / 2; i += 1)
      answers.push((await status('not-a-guest-token', ip)).statusCode);
    for (let i = 0; i < PER_ADDRESS / 2; i += 1) answers.push((await status(tokens.get(1), ip)).statusCode);
    expect(answers).toEqual([
      ...Array<number>(PER_ADDRESS / 2).fill(401),
      ...Array<number>(PER_ADDRESS / 2).fill(200),
    ]);
    const limited = await status(tokens.get(1), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: ERRORS.RATE_LIMITED.code, data: null });
    // Another address is not held back by this one.
    expect((await status(tokens.get(1), '10.9.5.2')).statusCode).toBe(200);
  });

  it('says nothing and sends nothing when the meeting sends no confirmations', async () => {
    const quiet = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const admin = (await ctx.login()).access_token;
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${quiet.id}/mail-settings`,
      headers: bearer(admin),
      payload: { confirmation_enabled: false, reminder_hours: 0, templates: {} },
    });
    expect(off.statusCode, off.body).toBe(200);
    const token = await signUpGuest(quiet, 40);
    expect((await status(token)).json().data).toEqual({ masked_email: null, awaiting: null });
    const refused = await resend(token, '10.9.3.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ERRORS.NO_GUEST_EMAIL.code);
  });

  it('never writes a full address to the log or the system log', async () => {
    const token = await signUpGuest(meeting, 60);
    expect((await status(token, '10.9.6.1')).statusCode).toBe(200);
    expect((await resend(token, '10.9.6.1')).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(mailsTo('guest60@example.com')).toHaveLength(2);
    const logs = await ctx.db.selectFrom('system_logs').selectAll().execute();
    const everything = `${lines.join('\n')}\n${JSON.stringify(logs)}`;
    expect(lines.some((line) => line.includes('/api/public/guest/confirmation-mail/resend'))).toBe(true);
    expect(everything).not.toMatch(/guest\d+@example\.com/);
  });
});
