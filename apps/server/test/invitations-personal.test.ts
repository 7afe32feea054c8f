import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import type { Invitation, PersonalInvitationsResult } from '@meetflow/shared/schemas/invitations';
import { eraseGuests } from '../src/modules/privacy/erase-guests.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  createUserType,
  generalBody,
  signUp,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/**
 * Personal invitations (issue 45): an imported list gets one single-use code each and a mail with
 * the personal sign-up link, in the invitee's language; the link's code signs up once.
 */
describe(`personal invitations (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let organiser: Api;
  let door: Api;
  let orgId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    const admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    organiser = adminApi(ctx, await userWithRole(ctx, admin, 'organiser', orgId));
    door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgId));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const mailsTo = (address: string) => smtp.received.filter((m) => JSON.stringify(m.to).includes(address));
  /** The code of the personal link in a mail's text part (the hash route's `invitation` query). */
  const linkCode = (text: string | undefined) => /[?&]invitation=([A-Z0-9]+)/.exec(text ?? '')?.[1];
  const logs = (key: string) =>
    ctx.db.selectFrom('system_logs').selectAll().where('message_key', '=', key).orderBy('id').execute();
  const check = (publicId: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/meetings/${publicId}/invitations/check`,
      payload: { code },
      remoteAddress: '10.78.0.1',
    });

  it('mails each invitee a working single-use link in their language', async () => {
    const m = await createMeeting(ctx.db, orgId, { registration_limit: 1 });
    const doctor = await createUserType(ctx.db, m.id, [], 'Doctor');
    // The one public seat goes to the public: the invitees' bypass seats pass the limit.
    expect((await signUp(ctx, m.publicId, generalBody(3001), 3001)).statusCode).toBe(200);
    const res = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'bypass',
      user_type_id: doctor,
      invitees: [
        { name: '陳大文', email: 'Chan@Example.com', language: 'zh-tw' },
        { name: 'Mary Lee', email: 'mary@example.com', language: 'en' },
        { name: '李小明', email: 'li@example.com' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as PersonalInvitationsResult;
    expect(result.already_invited).toEqual([]);
    expect(result.created).toHaveLength(3);
    const chan = result.created.find((i) => i.invitee_email === 'chan@example.com')!;
    expect(chan).toMatchObject({ kind: 'personal', max_uses: 1, used_count: 0, language: 'zh-tw' });
    expect(chan.code).toMatch(/^[A-Z0-9]{20}$/);
    expect(chan.sent_at).not.toBeNull();
    // The answer names no one in the audit entry: one entry for the list, with the count.
    const imported = (await logs('invitations.personal_imported')).at(-1);
    expect(imported?.message_params).toContain('"count":3');
    expect(JSON.stringify(imported)).not.toContain('chan@example.com');

    await ctx.app.jobs.runDue();
    const [zh] = mailsTo('chan@example.com');
    expect(zh?.subject).toContain('誠邀您參加');
    expect(zh?.text).toContain('陳大文 您好');
    expect(zh?.text).toContain('您將以「Doctor」身份報名');
    expect(zh?.text).toContain(`/#/sign-up/${m.publicId}?invitation=${chan.code}&lang=zh-tw`);
    expect(zh?.attachments.map((a) => a.filename)).not.toContain('qr-code.png');
    const [en] = mailsTo('mary@example.com');
    expect(en?.subject).toContain('You are invited');
    expect(en?.text).toContain('&lang=en');
    // The list's language where a row names none.
    expect(mailsTo('li@example.com')[0]?.subject).toContain('誠邀您參加');

    // The link's code: checked (personal, the type it fixes), then signs up once, past the full meeting.
    const code = linkCode(zh?.text);
    expect(code).toBe(chan.code);
    const checked = await check(m.publicId, code!);
    expect(checked.json().data).toMatchObject({
      valid: true,
      reason: null,
      user_type_id: doctor,
      personal: true,
      user_type: { name: 'Doctor' },
    });
    const first = await signUp(
      ctx,
      m.publicId,
      generalBody(3002, { invitation_code: code!.toLowerCase() }),
      3002,
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await signUp(ctx, m.publicId, generalBody(3003, { invitation_code: code }), 3003);
    expect(second.json().code).toBe(ERRORS.INVITATION_USED_UP.code);
    expect((await check(m.publicId, code!)).json().data).toMatchObject({ valid: false, reason: 'used_up' });

    // Per invitee: mailed and used; a used one is neither resent nor deleted.
    const list = (await organiser('GET', `/api/meetings/${m.id}/invitations`)).json().data as Invitation[];
    expect(list.find((i) => i.id === chan.id)).toMatchObject({ used_count: 1 });
    expect((await organiser('POST', `/api/invitations/${chan.id}/resend`)).json().code).toBe(
      ERRORS.INVITATION_USED_UP.code,
    );
    expect((await organiser('DELETE', `/api/invitations/${chan.id}`)).statusCode).toBe(409);

    // An unused one: resent (a second mail), then deleted, after which its queued mail sends nothing.
    const mary = result.created.find((i) => i.invitee_email === 'mary@example.com')!;
    ctx.advance(1000);
    const resent = await organiser('POST', `/api/invitations/${mary.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json().data as Invitation).sent_at).toBeGreaterThan(mary.sent_at!);
    await ctx.app.jobs.runDue();
    expect(mailsTo('mary@example.com')).toHaveLength(2);
    expect((await logs('invitations.personal_resent')).at(-1)?.message_params).toContain(String(mary.id));
    ctx.advance(1000);
    expect((await organiser('POST', `/api/invitations/${mary.id}/resend`)).statusCode).toBe(200);
    expect((await organiser('DELETE', `/api/invitations/${mary.id}`)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(mailsTo('mary@example.com')).toHaveLength(2);

    // Importing the same address again leaves it alone.
    const again = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'bypass',
      invitees: [{ name: 'Chan', email: 'chan@example.com' }],
    });
    expect(again.json().data).toEqual({ created: [], already_invited: ['chan@example.com'] });
  });

  it('refuses a list with an address twice or a foreign type, and those without the permission', async () => {
    const m = await createMeeting(ctx.db, orgId);
    const other = await createMeeting(ctx.db, orgId);
    const foreign = await createUserType(ctx.db, other.id, [], 'Foreign');
    const res = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'reserved',
      invitees: [
        { name: 'A', email: 'a@example.com' },
        { name: 'B', email: 'A@example.com', user_type_id: foreign },
        { name: 'C', email: 'not-an-address' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.fields)).toContain('invitees.2.email');
    const judged = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'reserved',
      invitees: [
        { name: 'A', email: 'a@example.com' },
        { name: 'B', email: 'A@example.com', user_type_id: foreign },
      ],
    });
    expect(judged.statusCode).toBe(400);
    expect(Object.keys(judged.json().data.fields).sort()).toEqual([
      'invitees.1.email',
      'invitees.1.user_type_id',
    ]);
    expect(
      (await ctx.db.selectFrom('invitations').select('id').where('meeting_id', '=', m.id).execute()).length,
    ).toBe(0);
    const refused = await door('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'reserved',
      invitees: [{ name: 'A', email: 'a@example.com' }],
    });
    expect(refused.statusCode).toBe(403);
  });

  it("reaches the invitees with the meeting's erasure: names, addresses and their queued mails", async () => {
    const m = await createMeeting(ctx.db, orgId);
    const res = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
      seats: 'bypass',
      invitees: [{ name: '張三', email: 'erased@example.com', language: 'zh-cn' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.db.transaction().execute((trx) => eraseGuests(trx, m.id, ctx.now()));
    const rows = await ctx.db
      .selectFrom('invitations')
      .select(['invitee_name', 'invitee_email'])
      .where('meeting_id', '=', m.id)
      .execute();
    expect(rows).toEqual([{ invitee_name: '', invitee_email: '' }]);
    await ctx.app.jobs.runDue();
    expect(mailsTo('erased@example.com')).toHaveLength(0);
  });

  it('rate-limits the lists and resends per organiser', async () => {
    const m = await createMeeting(ctx.db, orgId);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await organiser('POST', `/api/meetings/${m.id}/invitations/personal`, {
        seats: 'bypass',
        invitees: [{ name: `N${i}`, email: `limit${i}@example.com` }],
      });
      statuses.push(res.statusCode);
    }
    // The earlier tests of this file took some of the 20 already.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
