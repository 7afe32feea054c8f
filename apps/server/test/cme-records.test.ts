import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { grouped, insertCertificate, insertGuest } from './cme-fixtures.ts';
import { pdfFonts, pdftotext } from './pdf-fixtures.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';

/** Macao is UTC+8 all year: a local time as ms. */
const macao = (y: number, m: number, d: number, h = 9, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);

/** The file as LibreOffice reads it, as CSV rows (a profile of its own: another soffice may hold the default). */
async function throughLibreOffice(bytes: Buffer): Promise<string[][]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mf-cme-soffice-'));
  try {
    await writeFile(path.join(dir, 'return.xlsx'), bytes);
    await promisify(execFile)('soffice', [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76',
      '--outdir',
      path.join(dir, 'out'),
      path.join(dir, 'return.xlsx'),
    ]);
    const text = await readFile(path.join(dir, 'out', 'return.csv'), 'utf8');
    return text
      .trim()
      .split('\n')
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/*
 * The CME record (issue 43): guests of an organisation's meetings linked to people by licence, else
 * e-mail; merge and split kept by later linkings; transcripts that count issued, unrevoked
 * certificates only; the yearly return; erasure reaching the people.
 */
describe(`CME record (${TEST_DB})`, () => {
  let ctx: TestContext;
  let api: Api;
  let orgA: number;
  let orgB: number;
  const meetings: Record<string, number> = {};
  const g: Record<string, number> = {};
  const codes: Record<string, string> = {};

  type Person = {
    id: number;
    name: string;
    licence_number: string;
    email: string;
    meetings: number;
    credits: number;
  };
  const people = async (org: number, keyword = '') => {
    const res = await api('GET', `/api/organizations/${org}/cme/people?page_size=100&keyword=${keyword}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as Person[];
  };
  const personHolding = async (org: number, guestId: number) => {
    for (const p of await people(org)) {
      const detail = (await api('GET', `/api/cme/people/${p.id}`)).json().data;
      if (detail.entries.some((e: { guest_id: number }) => e.guest_id === guestId)) return detail;
    }
    return undefined;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    api = adminApi(ctx, (await ctx.login()).access_token);
    [orgA, orgB] = [await createOrganization(ctx.db), await createOrganization(ctx.db)];
    for (const [key, org] of [
      ['m1', orgA],
      ['m2', orgA],
      ['b1', orgB],
    ] as const)
      meetings[key] = (await createMeeting(ctx.db, org, { name: `會議 ${key}` })).id;
    const guest = (key: string, meeting: string, name: string, licence: string, email: string) =>
      insertGuest(ctx.db, meetings[meeting]!, { name, license_number: licence, email }).then(
        (id) => (g[key] = id),
      );
    await guest('chan1', 'm1', 'Dr Chan', ' m 123 ', 'chan@a.org');
    await guest('chan2', 'm2', 'Chan Tai Man', 'M123', 'other@a.org');
    await guest('lee1', 'm1', 'Dr Lee', 'N/A', 'Lee@B.org');
    await guest('lee2', 'm2', 'Lee', '', 'lee@b.org');
    await guest('wong1', 'm2', 'Dr Wong', 'W9', 'wong@c.org');
    await guest('nobody', 'm2', 'Walk-in', 'NA', '');
    await guest('elsewhere', 'b1', 'Dr Chan', 'M123', 'chan@a.org');
    codes.chan1 = await insertCertificate(ctx.db, meetings.m1!, g.chan1!, 2.5);
    codes.chan2 = await insertCertificate(ctx.db, meetings.m2!, g.chan2!, 3, ctx.now());
    codes.lee2 = await insertCertificate(ctx.db, meetings.m2!, g.lee2!, 1.25);
  });
  afterAll(() => ctx.close());

  it('links guests across meetings by licence, else by e-mail, within one organisation', async () => {
    const linked = await api('POST', `/api/organizations/${orgA}/cme/link`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({ linked: 5, people_created: 3 });
    const list = await people(orgA);
    expect(list.map((p) => [p.name, p.licence_number, p.email, p.meetings]).sort()).toEqual([
      ['Dr Chan', 'M123', 'chan@a.org', 2],
      ['Dr Lee', '', 'lee@b.org', 2],
      ['Dr Wong', 'W9', 'wong@c.org', 1],
    ]);
    // The other organisation's list is its own (linked lazily, on reading it).
    expect((await people(orgB)).map((p) => [p.name, p.meetings])).toEqual([['Dr Chan', 1]]);
    expect((await people(orgA, 'w9')).map((p) => p.name)).toEqual(['Dr Wong']);

    // A new sign-up is linked when the list is next read, without asking.
    g.wong2 = await insertGuest(ctx.db, meetings.m1!, { name: 'Wong', license_number: 'w 9', email: '' });
    expect((await people(orgA)).find((p) => p.name === 'Dr Wong')?.meetings).toBe(2);
  });

  it('sums the credits of issued, unrevoked certificates only, in the record and the transcript PDF', async () => {
    const chan = (await people(orgA)).find((p) => p.name === 'Dr Chan')!;
    expect(chan.credits).toBe(2.5);
    const detail = (await api('GET', `/api/cme/people/${chan.id}`)).json().data;
    expect(
      detail.entries.map((e: { guest_id: number; credits: number; certificate_code: string | null }) => [
        e.guest_id,
        e.credits,
        e.certificate_code,
      ]),
    ).toEqual([
      [g.chan1, 2.5, codes.chan1],
      [g.chan2, 0, null], // revoked
    ]);

    const pdf = await api('GET', `/api/cme/people/${chan.id}/transcript.pdf?language=en`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const fonts = pdfFonts(pdf.rawPayload);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded && f.subset)).toBe(true);
    expect(fonts.some((f) => f.name.includes('NotoSansTC'))).toBe(true);
    const text = pdftotext(pdf.rawPayload);
    expect(text).toContain('CME transcript');
    expect(text).toContain('Dr Chan');
    expect(text).toContain('M123');
    expect(text).toContain('Total credits: 2.5');
    expect(text).toContain(grouped(codes.chan1!));
    expect(text).not.toContain(grouped(codes.chan2!));
    // The organisation's language by default (no region: traditional Chinese), in its script.
    const zh = pdftotext((await api('GET', `/api/cme/people/${chan.id}/transcript.pdf`)).rawPayload);
    expect(zh).toContain('學分合計：2.5');
    expect(zh).toContain('會議 m1');
  });

  it('keeps merges and splits made by hand through later linkings, and redoes stale automatic links', async () => {
    const byName = async (name: string) => (await people(orgA)).find((p) => p.name === name)!;
    const [chan, lee] = [await byName('Dr Chan'), await byName('Dr Lee')];
    const merged = await api('POST', `/api/cme/people/${chan.id}/merge`, { other_id: lee.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toEqual({ person_id: chan.id });

    const split = await api('POST', `/api/cme/people/${chan.id}/split`, { guest_ids: [g.chan2] });
    expect(split.statusCode, split.body).toBe(200);
    const splitId = split.json().data.person_id as number;

    // Wong's first sign-up is corrected to another licence: its automatic link is redone.
    await ctx.db.updateTable('guests').set({ license_number: 'W10' }).where('id', '=', g.wong1!).execute();
    const relinked = await api('POST', `/api/organizations/${orgA}/cme/link`);
    expect(relinked.json().data).toEqual({ linked: 1, people_created: 1 });

    const chanNow = (await api('GET', `/api/cme/people/${chan.id}`)).json().data;
    expect(
      chanNow.entries.map((e: { guest_id: number; linked_by: string }) => [e.guest_id, e.linked_by]),
    ).toEqual([
      [g.chan1, 'auto'],
      [g.lee1, 'manual'],
      [g.lee2, 'manual'],
    ]);
    expect(chanNow.person.credits).toBe(3.75);
    const splitNow = (await api('GET', `/api/cme/people/${splitId}`)).json().data;
    expect(
      splitNow.entries.map((e: { guest_id: number; linked_by: string }) => [e.guest_id, e.linked_by]),
    ).toEqual([[g.chan2, 'manual']]);
    expect((await personHolding(orgA, g.wong1!))?.person.licence_number).toBe('W10');
    expect((await personHolding(orgA, g.wong2!))?.person.licence_number).toBe('W9');

    // A merge across organisations, or of a person with themselves, or a split of every guest, is refused.
    const other = (await people(orgB))[0]!;
    expect((await api('POST', `/api/cme/people/${chan.id}/merge`, { other_id: other.id })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `/api/cme/people/${chan.id}/merge`, { other_id: chan.id })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `/api/cme/people/${splitId}/split`, { guest_ids: [g.chan2] })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `/api/cme/people/${chan.id}/split`, { guest_ids: [g.wong2] })).statusCode).toBe(
      400,
    );
    const audit = await ctx.db
      .selectFrom('system_logs')
      .select('message_key')
      .where('message_key', 'like', 'cme.%')
      .execute();
    expect(audit.map((r) => r.message_key)).toEqual(
      expect.arrayContaining(['cme.merged', 'cme.split', 'cme.linked']),
    );
  });

  it('keeps a merge for later sign-ups with the licence or address of the person merged away', async () => {
    const org = await createOrganization(ctx.db);
    const [m1, m2] = [(await createMeeting(ctx.db, org)).id, (await createMeeting(ctx.db, org)).id];
    await insertGuest(ctx.db, m1, { name: 'Dr Au', license_number: 'A1', email: 'au@a.org' });
    await insertGuest(ctx.db, m1, { name: 'Dr Au Ka', license_number: 'B1', email: 'auka@b.org' });
    const byName = async (name: string) => (await people(org)).find((p) => p.name === name)!;
    const [a, b] = [await byName('Dr Au'), await byName('Dr Au Ka')];
    expect((await api('POST', `/api/cme/people/${b.id}/merge`, { other_id: a.id })).statusCode).toBe(200);

    const byLicence = await insertGuest(ctx.db, m2, {
      name: 'Au',
      license_number: 'a 1',
      email: 'new@a.org',
    });
    const byEmail = await insertGuest(ctx.db, m2, { name: 'Au', email: 'AU@a.org' });
    const linked = await api('POST', `/api/organizations/${org}/cme/link`);
    expect(linked.json().data).toEqual({ linked: 2, people_created: 0 });
    expect((await personHolding(org, byLicence))?.person.id).toBe(b.id);
    expect((await personHolding(org, byEmail))?.person.id).toBe(b.id);
    // And those links hold: the next pass finds nothing to redo.
    expect((await api('POST', `/api/organizations/${org}/cme/link`)).json().data).toEqual({
      linked: 0,
      people_created: 0,
    });
  });

  it('writes the yearly return of meetings started that year in TIME_ZONE, in the columns saved', async () => {
    // 00:30 on 1 January in Macao is still 2025 in UTC: only the local year counts.
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: macao(2026, 1, 1, 0, 30), end_at: macao(2026, 1, 2) })
      .where('id', '=', meetings.m1!)
      .execute();
    await ctx.db
      .updateTable('meetings')
      .set({ start_at: macao(2025, 12, 31, 23, 0), end_at: macao(2026, 1, 1, 12) })
      .where('id', '=', meetings.m2!)
      .execute();

    const defaults = await api('GET', `/api/organizations/${orgA}/cme/return-columns`);
    expect(defaults.json().data.columns).toHaveLength(7);
    const chosen = ['licence_number', 'name', 'meeting', 'credits', 'certificate_code'];
    const saved = await api('PUT', `/api/organizations/${orgA}/cme/return-columns`, { columns: chosen });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await api('GET', `/api/organizations/${orgA}/cme/return-columns`)).json().data.columns).toEqual(
      chosen,
    );
    expect(
      (await api('PUT', `/api/organizations/${orgA}/cme/return-columns`, { columns: ['name', 'name'] }))
        .statusCode,
    ).toBe(400);

    const file = await api('GET', `/api/organizations/${orgA}/cme/return.xlsx?year=2026`);
    expect(file.statusCode, file.body).toBe(200);
    const rows = await throughLibreOffice(file.rawPayload);
    expect(rows[0]).toEqual(['Licence number', 'Name', 'Meeting', 'Credits', 'Certificate code']);
    // m1 only (m2 began on 31 December): Chan (2.5), Lee (merged into Chan), Wong's second sign-up.
    expect(rows.slice(1).sort()).toEqual(
      [
        ['M123', 'Dr Chan', 'Test meeting', '2.5', grouped(codes.chan1!)],
        ['M123', 'Dr Chan', 'Test meeting', '0', ''],
        ['W9', 'Dr Wong', 'Test meeting', '0', ''],
      ].sort(),
    );
    expect((await api('GET', `/api/organizations/${orgA}/cme/return.xlsx?year=2025`)).statusCode).toBe(200);
    expect((await api('GET', `/api/organizations/${orgA}/cme/return.xlsx`)).statusCode).toBe(400);
  });

  it("keeps an organiser to their organisation's people", async () => {
    const organiser = adminApi(ctx, await userWithRole(ctx, api, 'organiser', orgB));
    const chan = (await people(orgA)).find((p) => p.name === 'Dr Chan')!;
    expect((await organiser('GET', `/api/organizations/${orgA}/cme/people`)).statusCode).toBe(404);
    expect((await organiser('GET', `/api/cme/people/${chan.id}`)).statusCode).toBe(404);
    expect((await organiser('GET', `/api/cme/people/${chan.id}/transcript.pdf`)).statusCode).toBe(404);
    expect((await organiser('POST', `/api/organizations/${orgA}/cme/link`)).statusCode).toBe(404);
    expect((await organiser('GET', `/api/organizations/${orgB}/cme/people`)).statusCode).toBe(200);
    const door = adminApi(ctx, await userWithRole(ctx, api, 'door_staff', orgA));
    expect((await door('GET', `/api/organizations/${orgA}/cme/people`)).statusCode).toBe(403);
  });

  it('forgets erased guests: their links go, a person left with none goes, the others are renamed', async () => {
    const wong = await personHolding(orgA, g.wong2!);
    expect((await api('POST', `/api/guests/${g.wong2}/withdraw`)).statusCode).toBe(200);
    expect((await api('GET', `/api/cme/people/${wong.person.id}`)).statusCode).toBe(404);

    const chan = await personHolding(orgA, g.chan1!);
    expect((await api('POST', `/api/guests/${g.chan1}/withdraw`)).statusCode).toBe(200);
    const after = (await api('GET', `/api/cme/people/${chan.person.id}`)).json().data;
    expect(after.entries.map((e: { guest_id: number }) => e.guest_id)).toEqual([g.lee2, g.lee1]); // m2 now starts first
    // Named again from the guests that remain: nothing the erased guest gave stays.
    expect([after.person.name, after.person.licence_number, after.person.email]).toEqual([
      'Lee',
      '',
      'lee@b.org',
    ]);
    const left = await ctx.db.selectFrom('cme_links').select('guest_id').execute();
    expect(left.map((l) => l.guest_id)).not.toContain(g.chan1);
  });
});
