import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ERRORS } from '@meetflow/shared/errors';
import type { Role } from '@meetflow/shared/schemas/users';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, generalBody, signUp } from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

const PASSWORD = 'Preview-pass-123';
const EXAMPLE_CODE = 'EXAMPLE-GUEST-CODE';

/** The guest code in the preview's QR image (a data: URL in the HTML). */
function qrOf(html: string): string | undefined {
  const base64 = /src="data:image\/png;base64,([^"]+)"/.exec(html)?.[1];
  if (!base64) return undefined;
  const image = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/**
 * A mail preview renders a guest's confirmation: name, guest code (text and QR) and guest-page link.
 * The guest code is the entry credential, so the preview needs the mail settings' permission (or the
 * broadcasts' one), and shows a real guest only to a user who may see the guest list.
 */
describe(`who may preview a guest mail, and whose (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: SmtpFixture;
  let meetingId: number;
  let realCode: string;
  const tokens: Record<string, string> = {};

  const preview = (token: string, type = 'confirmation') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meetingId}/mail-preview`,
      headers: bearer(token),
      payload: {
        type,
        language: 'en',
        ...(type === 'broadcast' ? { text: { subject: 'Hi {name}', body: '{code}' } } : {}),
      },
    });

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ PUBLIC_URL: 'https://meet.example.org', SMTP_URL: smtp.url });
    const admin = (await ctx.login()).access_token;
    const call = async (url: string, payload: object, token = admin) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const org = (await call('/api/organizations', { name: 'Preview org' })).id as number;
    const roles = (await ctx.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) })).json()
      .data as Role[];
    for (const code of ['door_staff', 'organiser']) {
      await call('/api/users', {
        account: `preview_${code}`,
        name: code,
        role_id: roles.find((r) => r.code === code)!.id,
        organization_id: org,
        password: PASSWORD,
      });
      tokens[code] = (await ctx.login({ account: `preview_${code}`, password: PASSWORD })).access_token;
    }
    // Programs with narrow API tokens: the mail settings' permission alone, the broadcasts' alone.
    for (const permission of ['meeting:edit', 'guest:edit']) {
      const minted = await call('/api/api-tokens', {
        name: `only ${permission}`,
        permissions: [permission],
        expires_at: null,
      });
      tokens[permission] = minted.secret as string;
    }
    meetingId = (await createMeeting(ctx.db, org)).id;
    const signed = await signUp(ctx, (await meetingPublicId()) ?? '', generalBody(1), 1, 'en');
    expect(signed.statusCode, signed.body).toBe(200);
    realCode = signed.json().data.guest.guest_code as string;
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const meetingPublicId = async () =>
    (await ctx.db.selectFrom('meetings').select('public_id').where('id', '=', meetingId).executeTakeFirst())
      ?.public_id;

  it('refuses door staff (no mail settings permission) with a 403 envelope', async () => {
    const res = await preview(tokens.door_staff!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ERRORS.FORBIDDEN.code, data: null });
    expect(res.body).not.toContain(realCode);
  });

  it('shows an example guest to a user who may edit the mail settings but not see the guests', async () => {
    const res = await preview(tokens['meeting:edit']!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.example_guest).toBe(true);
    expect(res.body).not.toContain(realCode);
    expect(res.body).not.toContain('Guest 1');
    expect(data.text).toContain(EXAMPLE_CODE);
    expect(qrOf(data.html)).toBe(EXAMPLE_CODE);
    // The broadcasts' permission previews a broadcast, also with the example guest.
    const broadcast = await preview(tokens['guest:edit']!, 'broadcast');
    expect(broadcast.statusCode, broadcast.body).toBe(200);
    expect(broadcast.json().data).toMatchObject({ subject: 'Hi 陳大文', example_guest: true });
    expect(broadcast.body).not.toContain(realCode);
  });

  it("shows the meeting's first guest to a user who may see the guest list", async () => {
    const res = await preview(tokens.organiser!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.example_guest).toBe(false);
    expect(data.text).toContain(realCode);
    expect(data.text).toContain('Guest 1');
    expect(qrOf(data.html)).toBe(realCode);
  });

  it("sends a broadcast's test to oneself with the same rule: the example guest without guest:view", async () => {
    // The tokens above are the administrator's: their own address receives the tests.
    await ctx.db
      .updateTable('users')
      .set({ email: 'admin@example.org' })
      .where('account', '=', 'admin')
      .execute();
    const texts = { en: { subject: 'Draft for {name}', body: 'Your code: {code}' } };
    const send = async (token: string) => {
      smtp.received.length = 0;
      ctx.advance(1000); // a test send is one per user and moment
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/meetings/${meetingId}/broadcasts/test`,
        headers: bearer(token),
        payload: { texts, language: 'en' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.jobs.runDue();
      // The guest's own confirmation may go out in the same pass.
      const own = smtp.received.filter((m) => m.subject?.startsWith('[TEST]'));
      expect(own).toHaveLength(1);
      return own[0]!;
    };
    const blind = await send(tokens['guest:edit']!);
    expect(blind.subject).toBe('[TEST] Draft for 陳大文');
    expect(blind.text).toContain(EXAMPLE_CODE);
    expect(blind.text).not.toContain(realCode);
    const admin = (await ctx.login()).access_token;
    const seeing = await send(admin);
    expect(seeing.subject).toBe('[TEST] Draft for Guest 1');
    expect(seeing.text).toContain(realCode);
  });
});
