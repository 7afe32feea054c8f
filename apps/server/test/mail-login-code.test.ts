import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  guestRequest,
  macaoPhone,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/* A meeting whose organiser wants more than a phone number before the check-in page shows a code. */
describe(`look-up with a one-time code by e-mail (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let meeting: MeetingFixture;

  const lookup = (n: number, ip = '10.7.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup`,
      payload: { area_code: '853', phone: macaoPhone(n) },
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });
  const verify = (n: number, code: string, ip = '10.7.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${meeting.publicId}/lookup/verify`,
      payload: { area_code: '853', phone: macaoPhone(n), code },
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });
  /** The code in the newest mail's subject ("123456 is your verification code: …"). */
  const mailedCode = () => /^(\d{6}) /.exec(smtp.received.at(-1)?.subject ?? '')?.[1] ?? '';
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const admin = (await ctx.login()).access_token;
    const on = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${meeting.id}/mail-settings`,
      headers: bearer(admin),
      payload: { confirmation_enabled: false, reminder_hours: 0, lookup_code_by_email: true, templates: {} },
    });
    expect(on.statusCode, on.body).toBe(200);
    for (const n of [1, 2, 3])
      expect((await signUp(ctx, meeting.publicId, generalBody(n), n)).statusCode).toBe(200);
    await ctx.app.jobs.runDue(); // confirmations are off: nothing is sent
    expect(smtp.received).toHaveLength(0);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('answers the phone with a code sent by e-mail, and the code with a guest token', async () => {
    const first = await lookup(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      code_sent: true,
      masked_email: expect.stringContaining('@example.com'),
    });
    expect(first.body).not.toContain('guest_token');
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const code = mailedCode();
    expect(code).toMatch(/^\d{6}$/);
    // The message proves the address: it carries no entry code.
    expect(smtp.received[0]!.attachments.map((a) => a.filename)).not.toContain('qr-code.png');

    const refused = await verify(1, wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ERRORS.LOGIN_CODE_WRONG.code);
    const accepted = await verify(1, code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const token = accepted.json().data.guest_token as string;
    const me = await guestRequest(ctx, token, 'GET', '/api/public/guest');
    expect(me.statusCode).toBe(200);
    // Another guest's code does not open this one.
    expect((await verify(2, code)).statusCode).toBe(400);
  });

  it('sends one mail per guest per ten minutes however often asked, and lets a code expire', async () => {
    smtp.received.length = 0;
    ctx.advance(10 * 60_000);
    await lookup(2, '10.7.0.2');
    await lookup(2, '10.7.0.3');
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(1);
    const code = mailedCode();
    ctx.advance(21 * 60_000);
    expect((await verify(2, code)).json().code).toBe(ERRORS.LOGIN_CODE_WRONG.code);
  });

  it('stops guessing after five wrong codes: then even the right one waits', async () => {
    smtp.received.length = 0;
    ctx.advance(10 * 60_000);
    const asked = await lookup(3, '10.7.0.4');
    expect(asked.statusCode, asked.body).toBe(200);
    await ctx.app.jobs.runDue();
    const code = mailedCode();
    // From five addresses: the limit is the phone's, wherever the guesses come from.
    for (let i = 1; i <= 5; i += 1) {
      expect((await verify(3, wrong(String(Number(code) + i)), `10.7.1.${i}`)).statusCode).toBe(400);
    }
    const limited = await verify(3, code, '10.7.1.9');
    expect(limited.statusCode).toBe(429);
  });
});
