import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { CertificatePage, CertificateSettings } from '@meetflow/shared/schemas/certificates';
import { localDayBounds } from '../src/lib/local-time.ts';
import { adminApi, readWorkbook, sheetValues, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { fontDictionaryNames, pdfFonts, pdftotext, pdfText } from './pdf-fixtures.ts';
import {
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
  guestRequest,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';

const ZONE = 'Asia/Macau';
const DAY1 = '2027-03-01';
const DAY2 = '2027-03-02';
/** An instant on Macao's clock, e.g. at(DAY1, '09:00'). */
const at = (day: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(day, ZONE).from + (h * 60 + m) * 60_000;
};

function zipEntries(bytes: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; data: Buffer }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(parts) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/**
 * Certificates of attendance (issue 18): the rule read against a constructed scan log (a day
 * boundary, overlapping sessions, a missing exit), PDFs whose text a reader extracts, the public
 * verification, revocation, the guest's own download, the ZIP, the export and badges.
 */
describe(`certificates and badges (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let morning: number;
  let afternoon: number;
  let otherMeetingSession: number;
  const guests: { id: number; token: string; code: string }[] = [];
  let orgId: number;

  const json = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    status = 200,
  ): Promise<T> => {
    const res = await admin(method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data as T;
  };
  const scans = (guestId: number, list: [scope: number, type: 'in' | 'out', day: string, clock: string][]) =>
    ctx.db
      .insertInto('check_ins')
      .values(
        list.map(([scope, type, day, clock]) => ({
          meeting_id: meeting.id,
          guest_id: guestId,
          scope_id: scope,
          type,
          station: 'Gate',
          operator_id: null,
          operator_name: null,
          nonce: randomUUID(),
          created_at: at(day, clock),
        })),
      )
      .execute();
  const rowOf = (page: CertificatePage, guestId: number) => page.items.find((r) => r.guest_id === guestId)!;

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: ZONE });
    admin = adminApi(ctx, (await ctx.login()).access_token);
    orgId = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule', name: '澳門醫學年會' });
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: at(DAY1, '09:00'), end_at: at(DAY2, '17:00'), name_en: 'Macao Medical Congress' })
      .where('id', '=', meeting.id)
      .execute();
    morning = await createSchedule(ctx.db, meeting.id, 0, 'Morning lecture');
    afternoon = await createSchedule(ctx.db, meeting.id, 0, 'Afternoon workshop');
    const other = await createMeeting(ctx.db, orgId, { meeting_type: 'date_schedule' });
    otherMeetingSession = await createSchedule(ctx.db, other.id, 0, 'Elsewhere');
    const type = await createUserType(ctx.db, meeting.id, [morning, afternoon]);
    const names = [
      ['陳大文', 'Chan Tai Man'],
      ['劉曉議', 'Lau Hiu Yi'], // 議 in a traditional name, 议 below in a simplified one
      ['李四', 'Li Si'],
      ['王五', 'Wong Ng'],
    ];
    for (const [n, [zh, en]] of names.entries()) {
      const res = await signUp(
        ctx,
        meeting.publicId,
        { ...dateScheduleBody(n, type, [morning, afternoon]), name_zh: zh, name_en: en },
        n,
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const row = await ctx.db
        .selectFrom('guests')
        .select('id')
        .where('guest_code', '=', data.guest.guest_code)
        .executeTakeFirstOrThrow();
      guests.push({ id: row.id, token: data.guest_token, code: data.guest.guest_code });
    }
    // Guest 0: both days in the hall, both sessions (they overlap), and day one's exit never scanned.
    await scans(guests[0]!.id, [
      [0, 'in', DAY1, '09:00'],
      [morning, 'in', DAY1, '09:30'],
      [afternoon, 'in', DAY1, '10:00'], // overlaps the morning lecture: counted once in the total
      [morning, 'out', DAY1, '11:00'],
      [afternoon, 'out', DAY1, '12:00'],
      [0, 'in', DAY2, '09:00'], // day one's hall entry had no exit: it closed at midnight
      [0, 'out', DAY2, '10:00'],
    ]);
    // Guest 1: only the morning lecture, 90 minutes, day one only.
    await scans(guests[1]!.id, [
      [morning, 'in', DAY1, '09:30'],
      [morning, 'out', DAY1, '11:00'],
    ]);
    // Guest 2: a 23:00 entry that runs past midnight without an exit: one hour, not a day.
    await scans(guests[2]!.id, [
      [0, 'in', DAY1, '23:00'],
      [0, 'in', DAY2, '09:00'],
      [0, 'out', DAY2, '09:30'],
    ]);
    // Guest 3 never came. The certificates are read on the evening of day two.
    ctx.advance(at(DAY2, '20:00') - ctx.now());
    admin = adminApi(ctx, (await ctx.login()).access_token);
  });
  afterAll(() => ctx.close());

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
      {
        rule: {
          min_minutes: 120,
          every_day: true,
          session_min_minutes: 60,
          meeting_credits: 2,
          session_credits: [
            { schedule_id: morning, credits: 1.5 },
            { schedule_id: afternoon, credits: 2 },
          ],
        },
        template: {
          language: 'zh-tw',
          blocks: [
            { text: '出席證明書', x: 50, y: 10, size: 30, bold: true },
            { text: '{name} {name_en}', x: 50, y: 30, size: 24 },
            { text: '學分 Credits {credits}｜{hours}｜{sessions}', x: 50, y: 50, size: 14 },
            { text: '驗證碼 {code} {verify_url}', x: 10, y: 85, size: 9, align: 'left', width: 85 },
          ],
        },
        guest_download: true,
      },
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

  it('downloads every live certificate as one ZIP and the list as XLSX', async () => {
    const zip = await admin('GET', `/api/meetings/${meeting.id}/certificates/zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    // Guests 0 and 1; guest 2's was revoked.
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(entries.map((e) => e.name).join()).toContain('陳大文');
    // Info-ZIP's unzip (CRCs and sizes of every entry) and poppler read the same file.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-certificates-zip-'));
    try {
      const file = path.join(dir, 'certificates.zip');
      writeFileSync(file, zip.rawPayload);
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(names).toEqual(entries.map((e) => e.name));
      expect(pdftotext(execFileSync('unzip', ['-p', file, names[0]!]))).toContain('陳大文');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const xlsx = await admin('GET', `/api/meetings/${meeting.id}/certificates/export`);
    expect(xlsx.statusCode).toBe(200);
    const rows = sheetValues((await readWorkbook(xlsx.rawPayload)).worksheets[0]!);
    expect(rows).toHaveLength(5);
    expect(rows.flat()).toEqual(expect.arrayContaining(['Issued', 'Revoked', 'Not earned']));
  });

  it("shows each guest's certificate in the guest list and its export", async () => {
    const list = await json<{ items: { id: number; certificate: string | null }[] }>(
      'GET',
      `/api/meetings/${meeting.id}/guests?page_size=100`,
    );
    const state = (n: number) => list.items.find((g) => g.id === guests[n]!.id)?.certificate;
    expect([state(0), state(1), state(2), state(3)]).toEqual(['issued', 'issued', 'revoked', 'not_earned']);
    const xlsx = await admin('GET', `/api/meetings/${meeting.id}/guests/export`);
    const rows = sheetValues((await readWorkbook(xlsx.rawPayload)).worksheets[0]!);
    const column = (rows[0] as string[]).indexOf('Certificate');
    expect(column).toBeGreaterThan(0);
    expect(
      rows
        .slice(1)
        .map((r) => r[column])
        .sort(),
    ).toEqual(['Issued', 'Issued', 'Not earned', 'Revoked']);
  });

  it('previews an unsaved template with sample figures', async () => {
    const res = await admin('POST', `/api/meetings/${meeting.id}/certificates/preview`, {
      template: {
        language: 'en',
        blocks: [{ text: 'Certificate for {name}, {credits} credits', x: 50, y: 20 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pdfText(res.rawPayload))[0]).toContain('Certificate for Chan Tai Man, 6.5 credits');
  });

  it('prints badges: 2×4 sheets for the organiser, one badge for door staff and nothing more', async () => {
    const sheet = await admin('GET', `/api/meetings/${meeting.id}/badges?layout=a4_2x4`);
    expect(sheet.statusCode).toBe(200);
    const pages = await pdfText(sheet.rawPayload);
    expect(pages).toHaveLength(1);
    for (const name of ['陳大文', 'Chan Tai Man', '李四', 'Wong Ng']) expect(pages[0]).toContain(name);

    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgId));
    const single = await door(
      'GET',
      `/api/meetings/${meeting.id}/badges?layout=single&guest_id=${guests[1]!.id}`,
    );
    expect(single.statusCode).toBe(200);
    const singlePages = await pdfText(single.rawPayload);
    expect(singlePages).toHaveLength(1);
    expect(singlePages[0]).toContain('劉曉議');
    expect((await door('GET', `/api/meetings/${meeting.id}/badges?layout=a4_2x4`)).statusCode).toBe(403);
    expect((await door('GET', `/api/meetings/${meeting.id}/certificates`)).statusCode).toBe(403);
  });

  it('tags its subset fonts as subsets (ISO 32000-1 §9.6.4), as poppler reads them', async () => {
    const certificate = await admin('GET', `/api/meetings/${meeting.id}/certificates/${guests[0]!.id}/pdf`);
    const sheet = await admin('GET', `/api/meetings/${meeting.id}/badges?layout=a4_2x4`);
    for (const pdf of [certificate, sheet]) {
      expect(pdf.statusCode).toBe(200);
      const fonts = pdfFonts(pdf.rawPayload);
      expect(fonts.map((font) => font.name).join()).toMatch(/NotoSansTC-/);
      for (const font of fonts) {
        expect(font, font.name).toMatchObject({ embedded: true, subset: true });
        expect(font.name).toMatch(/^[A-Z]{6}\+NotoSans(TC|SC)-/);
      }
      const tags = fonts.map((font) => font.name.slice(0, 6));
      expect(new Set(tags).size, 'a tag per subset').toBe(tags.length);
      // The descendant CIDFont and the descriptor carry the same tagged name as the Type0 font.
      const names = await fontDictionaryNames(pdf.rawPayload);
      expect(names).toHaveLength(fonts.length * 3);
      for (const font of fonts) expect(names.filter((name) => name === font.name)).toHaveLength(3);
    }
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
