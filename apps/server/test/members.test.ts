import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberImportPreview, MemberList } from '@meetflow/shared/schemas/members';
import { loadSpreadsheetReader } from '../src/lib/spreadsheet.ts';
import { createSignUpMembers } from '../src/modules/members/member-match.ts';
import type { SignUpMembers } from '../src/modules/registration/sign-up-admission.ts';
import { multipart } from './file-fixtures.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { csvOf, xlsxOf } from './import-fixtures.ts';
import { createOrganization } from './registration-fixtures.ts';

/*
 * An organisation's member and licence list (issue 45): the import (template, upload, preview with
 * row problems, apply, update on a second import), the list's routes and their scope, and the
 * sign-up's match across Traditional and Simplified names, case, width and spaces, never on a
 * near name, never on an expired row.
 */

const HEADERS = ['Licence number', 'Chinese name', 'English name', 'Member class', 'Valid until'];
// 2027-03-10 12:00 in Macau (UTC+8).
const NOON = Date.UTC(2027, 2, 10, 4, 0, 0);

let ctx: TestContext;
let admin: Api;
let organiser: string;
let orgA: number;
let orgB: number;
let members: SignUpMembers;

function upload(token: string, orgId: number, bytes: Buffer, name = 'members.xlsx', lang = 'en') {
  const { payload, headers } = multipart([
    { name: 'file', value: bytes, filename: name, contentType: 'application/octet-stream' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${orgId}/members/imports`,
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': lang },
    payload,
  });
}

async function importList(orgId: number, rows: string[][], token = organiser): Promise<MemberImportPreview> {
  const res = await upload(token, orgId, await xlsxOf([HEADERS, ...rows], 'Members'));
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json().data as MemberImportPreview;
  const applied = await adminApi(ctx, token)(
    'POST',
    `/api/organizations/${orgId}/members/imports/${preview.id}/apply`,
  );
  expect(applied.statusCode, applied.body).toBe(200);
  return preview;
}

/** The meeting as the match reads it: its organisation and its first day (today's noon unless told). */
const meetingOf = (organizationId: number, startAt = NOON) =>
  ({ organization_id: organizationId, start_at: startAt }) as Parameters<SignUpMembers['match']>[0];

beforeAll(async () => {
  ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
  ctx.advance(NOON - ctx.now());
  admin = adminApi(ctx, (await ctx.login()).access_token);
  orgA = await createOrganization(ctx.db);
  orgB = await createOrganization(ctx.db);
  organiser = await userWithRole(ctx, admin, 'organiser', orgA);
  members = createSignUpMembers({ db: ctx.db });
});

afterAll(async () => {
  await ctx.close();
});

describe('member matching', () => {
  beforeAll(async () => {
    await importList(orgA, [
      ['M-1001', '陳大文', 'Chan Tai Man', 'Full', '2027-12-31'],
      ['m 1002', '黃麗華', '', 'Associate', ''],
      ['M1003', '李小龍', 'Lee Siu Lung', 'Full', '2027-03-09'],
      ['M1004', '張國榮', 'Cheung Kwok Wing', 'Full', '2027-03-10'],
    ]);
  });

  it('matches a Simplified name to a Traditional one, and English names by case, spaces and dashes', async () => {
    const simplified = await members.match(
      meetingOf(orgA),
      { licenceNumber: 'm-1001', names: ['陈大文'] },
      NOON,
    );
    expect(simplified).toMatchObject({ memberClass: 'Full' });
    const english = await members.match(
      meetingOf(orgA),
      { licenceNumber: 'M1001', names: ['', 'CHAN  tai-man'] },
      NOON,
    );
    expect(english?.id).toBe(simplified?.id);
    const fullWidth = await members.match(
      meetingOf(orgA),
      { licenceNumber: 'Ｍ１００２', names: ['黄丽华'] },
      NOON,
    );
    expect(fullWidth).toMatchObject({ memberClass: 'Associate' });
  });

  it('does not match a licence number with another name, a near name, or another organisation', async () => {
    const miss = (licenceNumber: string, names: string[], org = orgA) =>
      members.match(meetingOf(org), { licenceNumber, names }, NOON);
    expect(await miss('M-1001', ['陳小文'])).toBeNull();
    expect(await miss('M-1001', ['Chan Tai Ming'])).toBeNull();
    expect(await miss('M-1001', ['黃麗華'])).toBeNull();
    expect(await miss('M-1009', ['陳大文'])).toBeNull();
    expect(await miss('', ['陳大文'])).toBeNull();
    expect(await miss('M-1001', ['陳大文'], orgB)).toBeNull();
  });

  it("matches a row through its last local day on the meeting's first day, whatever the sign-up day", async () => {
    const on = (licenceNumber: string, names: string[], startAt: number, signUpAt = NOON) =>
      members.match(meetingOf(orgA, startAt), { licenceNumber, names }, signUpAt);
    // Valid until yesterday: expired for a meeting starting today.
    expect(await on('M1003', ['李小龍'], NOON)).toBeNull();
    // Valid until today: a meeting starting at 23:59 Macau time still finds it, one at midnight not.
    const lastMinute = Date.UTC(2027, 2, 10, 15, 59, 0);
    expect(await on('M1004', ['张国荣'], lastMinute)).not.toBeNull();
    expect(await on('M1004', ['张国荣'], lastMinute + 60_000)).toBeNull();
    // Signed up today (the row still valid) for tomorrow's meeting: the meeting's day decides.
    const tomorrow = NOON + 86_400_000;
    expect(await on('M1004', ['张国荣'], tomorrow)).toBeNull();
    // Signed up a day after the row lapsed, for a meeting that began while it held: matched.
    expect(await on('M1003', ['李小龍'], Date.UTC(2027, 2, 9, 2, 0, 0), NOON)).not.toBeNull();
  });
});

describe('member list import', () => {
  let orgC: number;
  let organiserC: Api;
  let tokenC: string;

  beforeAll(async () => {
    orgC = await createOrganization(ctx.db);
    tokenC = await userWithRole(ctx, admin, 'organiser', orgC);
    organiserC = adminApi(ctx, tokenC);
  });

  it('offers a template the reader reads back with the five columns', async () => {
    for (const [lang, first] of [
      ['zh-tw', '執照號碼'],
      ['en', 'Licence number'],
    ] as const) {
      const res = await organiserC('GET', `/api/organizations/${orgC}/members/template`, undefined, lang);
      expect(res.statusCode).toBe(200);
      const { readSheets } = await loadSpreadsheetReader();
      const rows = [];
      for await (const { row } of readSheets(res.rawPayload, { format: 'xlsx', maxRows: 10 }))
        rows.push(row.cells);
      expect(rows[0]).toHaveLength(5);
      expect(rows[0]![0]).toBe(first);
    }
  });

  it('previews row problems, writes the valid rows, and updates a licence number on a second import', async () => {
    const file = await xlsxOf(
      [
        ['執照號碼', '中文姓名', '英文姓名', '會員類別', '有效期至'],
        ['A-1', '陳大文', 'Chan Tai Man', '正式', '2027/12/31'],
        ['', '無號碼', '', '', ''],
        ['A-2', '', '', '', ''],
        ['A-3', '何敏', '', '', '2027-02-30'],
        ['a 1', '重複', '', '', ''],
        ['A-4', '', 'Ho Man', '', ''],
      ],
      '會員',
    );
    const res = await upload(tokenC, orgC, file, 'list.xlsx', 'zh-tw');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as MemberImportPreview;
    expect(preview).toMatchObject({ total: 6, create: 2, update: 0, invalid: 4, issues_total: 4 });
    expect(preview.issues.map((i) => [i.row, i.kind, i.column])).toEqual([
      [3, 'invalid', '執照號碼'],
      [4, 'invalid', '中文姓名'],
      [5, 'invalid', '有效期至'],
      [6, 'duplicate_in_file', '執照號碼'],
    ]);
    expect(preview.issues[0]!.message).toBe('請填寫執照號碼');

    // Nothing is written before the apply.
    const before = (await organiserC('GET', `/api/organizations/${orgC}/members`)).json().data as MemberList;
    expect(before.all).toBe(0);

    const url = `/api/organizations/${orgC}/members/imports/${preview.id}/apply`;
    // Two applies at once: one writes, the other is refused.
    const [first, second] = await Promise.all([organiserC('POST', url), organiserC('POST', url)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = [first, second].find((r) => r.statusCode === 200)!.json().data;
    expect(done).toMatchObject({ status: 'done', processed: 2, created: 2, updated: 0, skipped: 4 });

    const list = (await organiserC('GET', `/api/organizations/${orgC}/members`)).json().data as MemberList;
    expect(list.items.map((m) => [m.licence_number, m.name_zh, m.valid_until])).toEqual([
      ['A-1', '陳大文', '2027-12-31'],
      ['A-4', '', null],
    ]);

    // A CSV with the same licence number (written differently) updates the row.
    const csv = csvOf(
      [
        ['licence no', 'name', 'class'],
        ['a1', 'Chan Tai-Man', 'Fellow'],
        ['A-5', 'Wong', 'Fellow'],
      ],
      'utf-8-bom',
    );
    const again = await upload(tokenC, orgC, csv, 'list.csv');
    expect(again.statusCode, again.body).toBe(200);
    const second2 = again.json().data as MemberImportPreview;
    expect(second2).toMatchObject({ create: 1, update: 1, invalid: 0 });
    const applied = await organiserC(
      'POST',
      `/api/organizations/${orgC}/members/imports/${second2.id}/apply`,
    );
    expect(applied.json().data).toMatchObject({ created: 1, updated: 1 });
    const progress = await organiserC('GET', `/api/organizations/${orgC}/members/imports/${second2.id}`);
    expect(progress.json().data).toMatchObject({ status: 'done', processed: 2, total: 2 });
    const updated = (await organiserC('GET', `/api/organizations/${orgC}/members?q=A1`)).json()
      .data as MemberList;
    expect(updated.items).toHaveLength(1);
    expect(updated.items[0]).toMatchObject({
      licence_number: 'a1',
      name_en: 'Chan Tai-Man',
      member_class: 'Fellow',
    });
    expect(
      await members.match(meetingOf(orgC), { licenceNumber: 'A-1', names: ['chan tai man'] }, NOON),
    ).not.toBeNull();
    // The Chinese name went with the update (the second file had none).
    expect(
      await members.match(meetingOf(orgC), { licenceNumber: 'A-1', names: ['陳大文'] }, NOON),
    ).toBeNull();
  });

  it('searches by a name in the other script, deletes one row and clears the list, with audit entries', async () => {
    const found = (
      await organiserC('GET', `/api/organizations/${orgC}/members?q=${encodeURIComponent('王')}`)
    ).json().data as MemberList;
    expect(found.total).toBe(0);
    await importList(orgC, [['B-1', '蘇珊', '', '', '']], tokenC);
    const bySimplified = (
      await organiserC('GET', `/api/organizations/${orgC}/members?q=${encodeURIComponent('苏珊')}`)
    ).json().data as MemberList;
    expect(bySimplified.items.map((m) => m.licence_number)).toEqual(['B-1']);

    const del = await organiserC('DELETE', `/api/organizations/${orgC}/members/${bySimplified.items[0]!.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (await organiserC('DELETE', `/api/organizations/${orgC}/members/${bySimplified.items[0]!.id}`))
        .statusCode,
    ).toBe(404);
    const cleared = await organiserC('DELETE', `/api/organizations/${orgC}/members`);
    expect(cleared.json().data).toEqual({ deleted: 3 });
    expect(
      ((await organiserC('GET', `/api/organizations/${orgC}/members`)).json().data as MemberList).all,
    ).toBe(0);

    const logs = await ctx.db
      .selectFrom('system_logs')
      .select(['message_key', 'message_params'])
      .where('message_key', 'like', 'members.%')
      .execute();
    const keys = logs.map((l) => l.message_key);
    expect(keys).toContain('members.imported');
    expect(keys).toContain('members.deleted');
    expect(keys).toContain('members.cleared');
    expect(JSON.stringify(logs)).not.toContain('蘇珊');
  });

  it("keeps another organisation's list out of reach and refuses users without member:manage", async () => {
    const other = adminApi(ctx, organiser);
    expect((await other('GET', `/api/organizations/${orgC}/members`)).statusCode).toBe(404);
    expect((await other('DELETE', `/api/organizations/${orgC}/members`)).statusCode).toBe(404);
    expect((await upload(organiser, orgC, await xlsxOf([HEADERS, ['X', 'Y', '', '', '']]))).statusCode).toBe(
      404,
    );
    const door = adminApi(ctx, await userWithRole(ctx, admin, 'door_staff', orgC));
    expect((await door('GET', `/api/organizations/${orgC}/members`)).statusCode).toBe(403);
  });

  it('refuses a file without a licence column', async () => {
    const res = await upload(
      tokenC,
      orgC,
      await xlsxOf([
        ['Phone', 'Name'],
        ['1', 'A'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40052);
  });
});
