import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { certificatesWorld, settingsBody } from './certificates-fixtures.ts';
import { adminApi, readWorkbook, sheetValues, userWithRole, type Api } from './guest-fixtures.ts';
import { TEST_DB, type TestContext } from './helpers.ts';
import { fontDictionaryNames, pdfFonts, pdftotext, pdfText } from './pdf-fixtures.ts';
import type { MeetingFixture } from './registration-fixtures.ts';

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
 * What certificates and badges print and export (issue 18): every live certificate as one ZIP, the
 * certificate list and the guest list with their exports, a template's preview, badge sheets and the
 * PDFs' subset fonts. Guests 0 and 1 hold certificates, guest 2's is revoked, guest 3 never came.
 */
describe(`certificates' files and badges (${TEST_DB})`, () => {
  const world = certificatesWorld();
  const { guests, json } = world;
  let ctx: TestContext;
  let admin: Api;
  let meeting: MeetingFixture;
  let orgId: number;
  beforeAll(() => {
    ({ ctx, admin, meeting, orgId } = world);
  });
  beforeAll(async () => {
    // As certificates.test.ts leaves them: issued to all who earned one an hour, guest 2's revoked.
    const settings = settingsBody(world.morning, world.afternoon);
    await json('PUT', `/api/meetings/${meeting.id}/certificate-settings`, {
      ...settings,
      rule: { ...settings.rule, min_minutes: 60, every_day: false },
    });
    await json('POST', `/api/meetings/${meeting.id}/certificates/issue`, {
      guest_ids: guests.map((g) => g.id),
    });
    await json('POST', `/api/meetings/${meeting.id}/certificates/revoke`, {
      guest_ids: [guests[2]!.id],
      reason: 'left early',
    });
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
});
