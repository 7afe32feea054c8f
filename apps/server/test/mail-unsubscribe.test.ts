import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@meetflow/shared/errors';
import { unsubscribeToken } from '../src/modules/mail/mail-signing.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';

/** A field no stored row may ever contain: the one-click body is read and dropped. */
const MARKER = 'never-stored-7f3a';

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the link of the
 * List-Unsubscribe header, as application/x-www-form-urlencoded or as multipart/form-data. Both are
 * accepted over a real HTTP connection; the body is ignored, never stored, and bounded.
 */
describe(`one-click unsubscribe bodies (${TEST_DB})`, () => {
  let ctx: TestContext;
  let base: string;
  let secret: string;
  let meetingPublicId: string;
  let next = 0;

  /** A new guest and their signed unsubscribe link. */
  async function guestLink(): Promise<{ id: number; url: string }> {
    next++;
    const res = await signUp(ctx, meetingPublicId, generalBody(next), next, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('guest_code', '=', res.json().data.guest.guest_code as string)
      .executeTakeFirstOrThrow();
    return { id: row.id, url: `${base}/api/public/unsubscribe?token=${unsubscribeToken(secret, row.id)}` };
  }
  const optedOut = async (id: number) =>
    (
      await ctx.db
        .selectFrom('guests')
        .select('broadcast_opt_out')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).broadcast_opt_out;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    secret = (
      await ctx.db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', 'mail')
        .executeTakeFirstOrThrow()
    ).value;
    meetingPublicId = (await createMeeting(ctx.db, await createOrganization(ctx.db))).publicId;
  });
  afterAll(() => ctx.close());

  it('accepts the one-click POST as multipart/form-data, ignores its body and stores none of it', async () => {
    const guest = await guestLink();
    expect(await optedOut(guest.id)).toBe(0);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    form.set('note', MARKER);
    const res = await fetch(guest.url, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 0, data: null });
    expect(await optedOut(guest.id)).toBe(1);
    const logs = await ctx.db.selectFrom('system_logs').selectAll().execute();
    expect(logs.some((row) => JSON.stringify(row).includes('mail.unsubscribed'))).toBe(true);
    expect(logs.some((row) => JSON.stringify(row).includes(MARKER))).toBe(false);
  });

  it('still accepts the urlencoded form', async () => {
    const guest = await guestLink();
    const res = await fetch(guest.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await optedOut(guest.id)).toBe(1);
  });

  it('refuses a large body (413 in the envelope) and leaves the guest subscribed', async () => {
    const guest = await guestLink();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    form.set('padding', 'x'.repeat(64 * 1024));
    const res = await fetch(guest.url, { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: ERRORS.PAYLOAD_TOO_LARGE.code, data: null });
    expect(await optedOut(guest.id)).toBe(0);
  });
});
