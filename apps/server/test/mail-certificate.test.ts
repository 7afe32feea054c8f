import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLimiterFactory } from '../src/lib/rate-limiter.ts';
import { getOrCreateSecret } from '../src/modules/auth/secrets.repository.ts';
import { createJobs, type Jobs } from '../src/modules/jobs/jobs.service.ts';
import { createMailTransport, type MailTransport } from '../src/modules/mail/mail-transport.ts';
import { createMailService, type MailService } from '../src/modules/mail/mail.service.ts';
import { createSystemLog } from '../src/modules/system-log/system-log.service.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, generalBody, signUp } from './registration-fixtures.ts';
import { attachment, startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/*
 * Certificates of attendance by e-mail (issue 18), from the mail module's side: queueCertificates
 * and the `mail` job's certificate message with its PDF. Until the certificates module provides the
 * PDFs, this file builds a mail service of its own over the test context's database, with a
 * certificatePdf it controls, and drives that service's runner (the app's runner never runs here,
 * except in the last test, which checks what app.ts wires in).
 */

const pdfOf = (guestId: number) =>
  new Uint8Array(Buffer.from(`%PDF-1.7\n% certificate of guest ${guestId}\n%%EOF\n`, 'latin1'));

describe(`certificates by e-mail (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let runner: Jobs;
  let mail: MailService;
  let transport: MailTransport;
  let meetingId: number;
  let other: { id: number; publicId: string };
  let publicId: string;
  /** Guests whose certificate the (stand-in) certificates module calls revoked. */
  const revoked = new Set<number>();
  const asked: number[] = [];
  let seq = 0;

  async function guest(language: string, body: Record<string, unknown> = {}, meeting = publicId) {
    const n = ++seq;
    const res = await signUp(ctx, meeting, generalBody(n, body), n, language);
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.db
      .selectFrom('guests')
      .select('id')
      .where('guest_code', '=', res.json().data.guest.guest_code as string)
      .executeTakeFirstOrThrow();
    // Their confirmation is not what this file is about.
    await ctx.db.updateTable('guests').set({ mail_pending: 0 }).where('id', '=', row.id).execute();
    return row.id;
  }
  const item = (guestId: number) => ({ guestId, certificateId: 1000 + guestId, code: `CERT-${guestId}` });

  async function history(guestId: number) {
    const admin = (await ctx.login()).access_token;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/guests/${guestId}/messages`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: { type: string; status: string; reason: string | null }[] };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MeetFlow <no-reply@meetflow.test>',
      PUBLIC_URL: 'https://meet.example.org/',
    });
    const org = await createOrganization(ctx.db);
    ({ id: meetingId, publicId } = await createMeeting(ctx.db, org));
    other = await createMeeting(ctx.db, org);
    runner = createJobs({ db: ctx.db, dbKind: TEST_DB, clock: ctx.now, log: ctx.app.log });
    transport = createMailTransport(smtp.url, 'MeetFlow <no-reply@meetflow.test>');
    mail = createMailService({
      db: ctx.db,
      dbKind: TEST_DB,
      jobs: runner,
      clock: ctx.now,
      systemLog: createSystemLog(ctx.db, ctx.now),
      limiters: createLimiterFactory(undefined),
      publicUrl: ctx.config.publicUrl,
      mailFrom: ctx.config.mailFrom,
      transport,
      guests: { matchingGuestIds: async () => [] },
      signingSecret: await getOrCreateSecret(ctx.db, 'mail'),
      broadcastPerMinute: 600,
      certificatePdf: async (guestId) => {
        asked.push(guestId);
        return revoked.has(guestId)
          ? null
          : { fileName: `Certificate-${guestId}.pdf`, content: pdfOf(guestId) };
      },
    });
  });
  afterAll(async () => {
    await runner.stop();
    await mail.close();
    transport.close();
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    asked.length = 0;
  });

  it('mails each guest their certificate once, in their language, with the PDF the certificates module made', async () => {
    const english = await guest('en');
    const chinese = await guest('zh-cn');
    const requestedAt = ctx.now();
    expect(await mail.queueCertificates(meetingId, [item(english), item(chinese)], requestedAt)).toBe(2);
    expect(smtp.received).toHaveLength(0); // queued, not yet sent
    expect(await runner.runDue()).toBe(2);

    expect(smtp.received).toHaveLength(2);
    const byAddress = (n: string) =>
      smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === n) ??
      (() => {
        throw new Error(`no mail to ${n}`);
      })();
    const en = byAddress(`guest${seq - 1}@example.com`);
    const cn = byAddress(`guest${seq}@example.com`);
    expect(en.subject).toBe('Your certificate of attendance: Test meeting');
    expect(en.text).toContain('Thank you for attending Test meeting');
    expect(en.text).toContain('attached');
    expect(cn.subject).toBe('您的出席证明：测试会议');
    expect(cn.text).toContain('感谢您出席“测试会议”');

    for (const [mailed, guestId] of [
      [en, english],
      [cn, chinese],
    ] as const) {
      const pdf = attachment(mailed, `Certificate-${guestId}.pdf`);
      expect(pdf.contentType).toBe('application/pdf');
      expect(Buffer.compare(pdf.content, Buffer.from(pdfOf(guestId)))).toBe(0);
      // No entry ticket in a certificate mail: no QR code, no guest code, no calendar.
      expect(mailed.attachments.map((a) => a.filename)).toEqual([`Certificate-${guestId}.pdf`]);
      expect(mailed.html || '').not.toContain('cid:qr-code');
    }

    // Sent once: another pass sends nothing, and the guest's history says sent.
    expect(await runner.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(2);
    expect((await history(english)).items).toMatchObject([
      { type: 'certificate', status: 'sent', reason: null },
    ]);
  });

  it('queues a request once however often it arrives (a double click), and again when sent again later', async () => {
    const id = await guest('zh-tw');
    const requestedAt = ctx.now();
    expect(await mail.queueCertificates(meetingId, [item(id)], requestedAt)).toBe(1);
    expect(await mail.queueCertificates(meetingId, [item(id)], requestedAt)).toBe(0);
    await runner.runDue();
    expect(await mail.queueCertificates(meetingId, [item(id)], requestedAt)).toBe(0);
    await runner.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('您的出席證明：測試會議');

    ctx.advance(60_000);
    expect(await mail.queueCertificates(meetingId, [item(id)], ctx.now())).toBe(1);
    await runner.runDue();
    expect(smtp.received).toHaveLength(2);
    expect((await history(id)).items.map((m) => [m.type, m.status])).toEqual([
      ['certificate', 'sent'],
      ['certificate', 'sent'],
    ]);
  });

  it('skips a certificate revoked before its mail went out, and says why in the guest’s history', async () => {
    const id = await guest('en');
    expect(await mail.queueCertificates(meetingId, [item(id)], ctx.now())).toBe(1);
    revoked.add(id);
    await runner.runDue();
    expect(asked).toEqual([id]);
    expect(smtp.received).toHaveLength(0);
    expect((await history(id)).items).toMatchObject([
      { type: 'certificate', status: 'skipped', reason: 'the certificate is no longer valid' },
    ]);
  });

  it('leaves out guests without an e-mail address and guests of another meeting', async () => {
    const noAddress = await guest('en');
    await ctx.db.updateTable('guests').set({ email: '' }).where('id', '=', noAddress).execute();
    const elsewhere = await guest('en', {}, other.publicId);
    const fine = await guest('en');
    const queued = await mail.queueCertificates(
      meetingId,
      [item(noAddress), item(elsewhere), item(fine)],
      ctx.now(),
    );
    expect(queued).toBe(1);
    await runner.runDue();
    expect(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([
      `guest${seq}@example.com`,
    ]);
    expect((await history(noAddress)).items).toEqual([]);
    expect((await history(elsewhere)).items).toEqual([]);
  });

  it('lets organisers rewrite the certificate mail like the other kinds', async () => {
    const admin = (await ctx.login()).access_token;
    const settings = await ctx.app.inject({
      method: 'GET',
      url: `/api/meetings/${meetingId}/mail-settings`,
      headers: bearer(admin),
    });
    expect(settings.json().data.defaults.certificate.en.subject).toBe(
      'Your certificate of attendance: {meeting}',
    );
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/meetings/${meetingId}/mail-settings`,
      headers: bearer(admin),
      payload: {
        confirmation_enabled: true,
        reminder_hours: 0,
        lookup_code_by_email: false,
        templates: { certificate: { en: { subject: 'CME credits for {name}', body: 'Attached, {name}.' } } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await guest('en', { name: 'Dr Lee' });
    await mail.queueCertificates(meetingId, [item(id)], ctx.now());
    await runner.runDue();
    expect(smtp.received.map((m) => m.subject)).toEqual(['CME credits for Dr Lee']);
    expect(smtp.received[0]!.text).toContain('Attached, Dr Lee.');
    attachment(smtp.received[0]!, `Certificate-${id}.pdf`);

    const preview = await ctx.app.inject({
      method: 'POST',
      url: `/api/meetings/${meetingId}/mail-preview`,
      headers: bearer(admin),
      payload: { type: 'certificate', language: 'zh-tw', text: null },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.subject).toBe('您的出席證明：測試會議');
  });

  it('is skipped by the app’s own runner while no certificate can be found (app.ts wiring)', async () => {
    const id = await guest('en');
    expect(await mail.queueCertificates(meetingId, [item(id)], ctx.now())).toBe(1);
    await ctx.app.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
    expect((await history(id)).items).toMatchObject([
      { type: 'certificate', status: 'skipped', reason: 'the certificate is no longer valid' },
    ]);
  });
});
