import { beforeAll, describe, expect, it } from 'vitest';
import type { CertificatePage, CertificateSettings } from '@meetflow/shared/schemas/certificates';
import { certificatesWorld, settingsBody } from './certificates-fixtures.ts';
import type { Api } from './guest-fixtures.ts';
import { TEST_DB, type TestContext } from './helpers.ts';
import { pdfText } from './pdf-fixtures.ts';
import { guestRequest, type MeetingFixture } from './registration-fixtures.ts';

/**
 * Certificates of attendance (issue 18): the rule read against a constructed scan log (a day
 * boundary, overlapping sessions, a missing exit), PDFs whose text a reader extracts, the public
 * verification, revocation and issuing again, the guest's own download and the mails. The ZIP, the
 * exports, the preview and badges are in certificates-output.test.ts.
 */
describe(`certificates (${TEST_DB})`, () => {
  const world = certificatesWorld();
  const { guests, json, rowOf } = world;
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let morning: number;
  let afternoon: number;
  let otherMeetingSession: number;
  beforeAll(() => {
    ({ ctx, admin, meeting, morning, afternoon, otherMeetingSession } = world);
  });

  it('refuses a session of another meeting and a background that is not an image', async () => {
    const res = await admin('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      rule: { required_session_ids: [otherMeetingSession] },
      template: { blocks: [] },
      guest_download: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toMatchObject({ 'rule.required_session_ids': expect.any(String) });
  });

  it('reads the rule against the scan log: overlaps once, missing exits close at midnight, every day', async () => {
    const settings = await json<CertificateSettings>(
      'PUT',
      `/api/meetings/${meeting.id}/certificate-settings`,
      settingsBody(morning, afternoon),
    );
    expect(settings.rule.min_minutes).toBe(120);
    const page = await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates?page_size=100`);
    // Guest 0: hall 09:00→24:00 on day one (900 min) ∪ sessions inside it, + 60 min on day two.
    expect(rowOf(page, guests[0]!.id)).toMatchObject({
      minutes: 960,
      days_present: 2,
      sessions: [morning, afternoon].sort((a, b) => a - b),
      credits: 5.5,
      earned: true,
      state: 'earned',
    });
    // Guest 1: 90 minutes of one session, one day: not earned (120 minutes and every day asked).
    expect(rowOf(page, guests[1]!.id)).toMatchObject({ minutes: 90, earned: false, state: 'not_earned' });
    // Guest 2: 23:00→24:00 and 09:00→09:30: 90 minutes over both days.
    expect(rowOf(page, guests[2]!.id)).toMatchObject({ minutes: 90, days_present: 2, earned: false });
    expect(rowOf(page, guests[3]!.id)).toMatchObject({ minutes: 0, earned: false });
    expect(page.counts).toEqual({ guests: 4, earned: 1, issued: 0, revoked: 0 });
  });

  it('issues to those who earned it; the PDF carries CJK and Latin names, credits and a code that verifies', async () => {
    // Lower the bar so guest 1 earns it too: 60 minutes, no day rule.
    const current = await json<CertificateSettings>(
      'GET',
      `/api/meetings/${meeting.id}/certificate-settings`,
    );
    await json('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      rule: { ...current.rule, min_minutes: 60, every_day: false },
      template: current.template,
      guest_download: true,
    });
    const result = await json<{ done: number; skipped: number }>(
      'POST',
      `/api/meetings/${meeting.id}/certificates/issue`,
      {
        guest_ids: guests.map((g) => g.id),
      },
    );
    expect(result).toEqual({ done: 3, skipped: 1 });
    // Issuing again changes nothing.
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { all_earned: true }),
    ).toEqual({
      done: 0,
      skipped: 3,
    });
    const page = await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates?state=issued`);
    expect(page.total).toBe(3);
    const first = rowOf(page, guests[0]!.id);

    const pdf = await admin('GET', `/api/meetings/${meeting.id}/certificates/${guests[0]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [text] = await pdfText(pdf.rawPayload);
    expect(text).toContain('出席證明書');
    expect(text).toContain('陳大文 Chan Tai Man');
    expect(text).toContain('學分 Credits 5.5');
    expect(text).toContain('16 小時 0 分鐘');
    expect(text).toContain('Morning lecture');
    expect(text).toContain(first.code!.match(/.{4}/g)!.join('-'));

    // A traditional name keeps its characters; a simplified character the TC font lacks still shows.
    await ctx.db
      .updateTable('certificates')
      .set({ name_zh: '刘晓议' })
      .where('guest_id', '=', guests[1]!.id)
      .execute();
    const second = await admin('GET', `/api/meetings/${meeting.id}/certificates/${guests[1]!.id}/pdf`);
    expect((await pdfText(second.rawPayload))[0]).toContain('刘晓议 Lau Hiu Yi');

    // The public page confirms it, with dashes or without, in any case; no contact data in the answer.
    for (const typed of [first.code!, first.code!.toLowerCase().match(/.{4}/g)!.join('-')]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/certificates/${typed}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'valid',
        name: '陳大文',
        meeting: { name: '澳門醫學年會' },
      });
      expect(res.body).not.toMatch(/example\.com|\+853|66\d{6}/);
    }
    // The link printed on the certificate leads to the app's verification page.
    expect(text).toContain(`/verify/${first.code}`);
    const link = await ctx.app.inject({ method: 'GET', url: `/verify/${first.code}` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/#/verify/${first.code}`);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/certificates/AAAABBBBCCCCDDDDEEEEFFFF',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('revokes: the code then verifies as revoked and the PDF is refused; issuing again gives a new code', async () => {
    const before = rowOf(
      await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates`),
      guests[2]!.id,
    );
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/revoke`, {
        guest_ids: [guests[2]!.id],
        reason: 'left early',
      }),
    ).toEqual({ done: 1, skipped: 0 });
    const check = await ctx.app.inject({ method: 'GET', url: `/api/public/certificates/${before.code}` });
    expect(check.json().data).toMatchObject({ status: 'revoked', revoked_at: expect.any(Number) });
    expect(
      (await admin('GET', `/api/meetings/${meeting.id}/certificates/${guests[2]!.id}/pdf`)).statusCode,
    ).toBe(409);
    const guestPdf = await guestRequest(ctx, guests[2]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(guestPdf.statusCode).toBe(409);
    expect(
      (await guestRequest(ctx, guests[2]!.token, 'GET', '/api/public/guest/certificate')).json().data,
    ).toMatchObject({ revoked: true, available: false });
    // "Issue to all who earned it" leaves a revoked certificate revoked.
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { all_earned: true }),
    ).toMatchObject({ done: 0 });
    const after = await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates`);
    expect(rowOf(after, guests[2]!.id)).toMatchObject({ state: 'revoked', code: before.code });

    const logs = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', 'like', 'certificates.%')
      .execute();
    expect(logs.map((l) => l.message_key)).toEqual(
      expect.arrayContaining([
        'certificates.settings_updated',
        'certificates.issued',
        'certificates.revoked',
      ]),
    );
  });

  it("lets a guest download their own certificate, and not another's state", async () => {
    const status = await guestRequest(ctx, guests[0]!.token, 'GET', '/api/public/guest/certificate');
    expect(status.json().data).toMatchObject({ offered: true, earned: true, available: true, credits: 5.5 });
    const pdf = await guestRequest(ctx, guests[0]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload))[0]).toContain('陳大文');
    const never = await guestRequest(ctx, guests[3]!.token, 'GET', '/api/public/guest/certificate/pdf');
    expect(never.statusCode).toBe(409);
    expect((await guestRequest(ctx, 'not-a-token', 'GET', '/api/public/guest/certificate')).statusCode).toBe(
      401,
    );
  });

  it('queues one certificate mail per live certificate with an address', async () => {
    const sent = await json<{ done: number; skipped: number }>(
      'POST',
      `/api/meetings/${meeting.id}/certificates/send`,
      {
        all_earned: true,
      },
    );
    // Guests 0 and 1 hold live certificates (2's is revoked, 3 has none): both queued.
    expect(sent).toEqual({ done: 2, skipped: 0 });
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('idempotency_key')
      .where('idempotency_key', 'like', 'certificate:%')
      .execute();
    expect(jobs).toHaveLength(2);
    const page = await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates?state=issued`);
    expect(rowOf(page, guests[0]!.id).emailed_at).toEqual(expect.any(Number));
  });

  it('re-issues a revoked certificate to a guest chosen by name, under a new code', async () => {
    const before = rowOf(
      await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates`),
      guests[2]!.id,
    );
    expect(
      await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, { guest_ids: [guests[2]!.id] }),
    ).toEqual({ done: 1, skipped: 0 });
    const after = rowOf(
      await json<CertificatePage>('GET', `/api/meetings/${meeting.id}/certificates`),
      guests[2]!.id,
    );
    expect(after.state).toBe('issued');
    expect(after.code).not.toBe(before.code);
    const old = await ctx.app.inject({ method: 'GET', url: `/api/public/certificates/${before.code}` });
    expect(old.statusCode).toBe(404);
  });
});
