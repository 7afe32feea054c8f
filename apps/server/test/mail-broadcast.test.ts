import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

type Mail = SmtpFixture['received'][number];
const to = (m: Mail) => (m.to && 'text' in m.to ? m.to.text : '');
/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (m: Mail, key: string) =>
  m.headerLines
    .find((h) => h.key === key)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, '') ?? '';

describe(`organiser broadcasts (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: string;
  let meeting: MeetingFixture;

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  const progress = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/meetings/${meeting.id}/broadcasts`,
        headers: bearer(admin),
      })
    ).json().data.items[0];

  beforeAll(async () => {
    smtp = await startSmtp();
    // One message a second: the test sees the pacing.
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_BROADCAST_PER_MINUTE: '60',
      PUBLIC_URL: 'https://meet.example.org',
    });
    admin = (await ctx.login()).access_token;
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const people = [
      { n: 1, lang: 'zh-tw', institution: 'Kiang Wu Hospital' },
      { n: 2, lang: 'en', institution: 'Kiang Wu Hospital' },
      { n: 3, lang: 'zh-cn', institution: 'Kiang Wu Hospital' },
      { n: 4, lang: 'en', institution: 'University Hospital' },
    ];
    for (const p of people) {
      const res = await signUp(
        ctx,
        meeting.publicId,
        generalBody(p.n, { institution: p.institution }),
        p.n,
        p.lang,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await ctx.app.jobs.runDue(); // the four confirmations
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('counts the filtered guests, refuses a send whose confirmed count is stale, and paces the messages', async () => {
    const filters = { keyword: 'Kiang Wu' };
    const count = await post(`/api/meetings/${meeting.id}/broadcasts/count`, { filters });
    expect(count.json().data).toEqual({ count: 3 });
    const texts = {
      'zh-tw': { subject: '會議更新', body: '{name} 您好，會場改在二樓。' },
      en: { subject: 'Meeting update', body: 'Dear {name}, the venue moved to the 2nd floor.' },
    };
    const stale = await post(`/api/meetings/${meeting.id}/broadcasts`, {
      filters,
      texts,
      confirmed_count: 4,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(ERRORS.BROADCAST_RECIPIENTS_CHANGED.code);

    const sent = await post(`/api/meetings/${meeting.id}/broadcasts`, { filters, texts, confirmed_count: 3 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.recipients).toBe(3);

    await ctx.app.jobs.runDue();
    // One a second: only the first is due yet.
    expect(smtp.received).toHaveLength(1);
    expect(await progress()).toMatchObject({
      recipients: 3,
      sent: 1,
      queued: 2,
      failed: 0,
      subject: '會議更新',
    });
    ctx.advance(2000);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(3);
    expect(await progress()).toMatchObject({ recipients: 3, sent: 3, queued: 0 });

    const byAddress = new Map(smtp.received.map((m) => [to(m), m]));
    expect(byAddress.get('guest1@example.com')!.subject).toBe('會議更新');
    expect(byAddress.get('guest1@example.com')!.text).toContain('Guest 1 您好');
    expect(byAddress.get('guest2@example.com')!.subject).toBe('Meeting update');
    // No Simplified Chinese text was written: the first written language stands in.
    expect(byAddress.get('guest3@example.com')!.subject).toBe('會議更新');
    expect(byAddress.has('guest4@example.com')).toBe(false);
    // A broadcast is not a ticket: no code or calendar, and it can be unsubscribed from.
    expect(byAddress.get('guest2@example.com')!.attachments.map((a) => a.filename)).not.toContain(
      'meeting.ics',
    );
    expect(rawHeader(byAddress.get('guest2@example.com')!, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe=One-Click',
    );
  });

  it('unsubscribes with one click from the List-Unsubscribe address, and later broadcasts leave the guest out', async () => {
    const texts = { en: { subject: 'Reminder', body: 'Bring your badge.' } };
    const sent = await post(`/api/meetings/${meeting.id}/broadcasts`, {
      filters: {},
      texts,
      confirmed_count: 4,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    ctx.advance(10_000);
    await ctx.app.jobs.runDue();
    const mail = smtp.received.find((m) => to(m) === 'guest4@example.com')!;
    const header = rawHeader(mail, 'list-unsubscribe');
    const url = new URL(/<([^>]+)>/.exec(header)![1]!);
    expect(url.origin).toBe('https://meet.example.org');

    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${url.searchParams.get('token')!.replace(/^\d+/, '1')}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(404);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(
      (await post(`/api/meetings/${meeting.id}/broadcasts/count`, { filters: {} })).json().data.count,
    ).toBe(3);
  });

  it("sends a test to the organiser's own address, and asks for one when there is none", async () => {
    const texts = { en: { subject: 'Draft', body: 'Hello {name}' } };
    const none = await post(`/api/meetings/${meeting.id}/broadcasts/test`, { texts, language: 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(ERRORS.NO_OWN_EMAIL.code);
    await ctx.db
      .updateTable('users')
      .set({ email: 'organiser@example.org' })
      .where('account', '=', 'admin')
      .execute();
    const test = await post(`/api/meetings/${meeting.id}/broadcasts/test`, { texts, language: 'en' });
    expect(test.statusCode, test.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(smtp.received.map((m) => [to(m), m.subject])).toEqual([['organiser@example.org', '[TEST] Draft']]);
  });
});
