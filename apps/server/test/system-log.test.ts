import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { type SystemLogEntry, type SystemLogPage } from '@meetflow/shared/schemas/system-log';
import { ADMIN, bearer, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const DAY = 86_400_000;

function report(message: string) {
  return {
    url: 'http://localhost/#/meeting',
    message,
    stack: 'Error: x\n    at a (app.js:1:1)',
    info: 'window.onerror',
    time: '2026-11-23 10:00:00',
  };
}

describe(`system log (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    // The inject default address (127.0.0.1) stands for the reverse proxy.
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
    admin = (await ctx.login()).access_token;
  });
  afterAll(() => ctx.close());

  async function list(query: Record<string, string | number>, lang = 'en'): Promise<SystemLogPage> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/system-logs',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { ...bearer(admin), 'accept-language': lang },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SystemLogPage;
  }

  function sendReport(body: object, remoteAddress: string, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/public/client-errors',
      payload: body,
      remoteAddress,
      headers,
    });
  }

  const contents = (page: SystemLogPage) => page.items.map((e) => e.content.split(' [')[0]);

  it('filters by time presets counted back from the server clock, newest first', async () => {
    const marks: [string, number][] = [
      ['preset-a', 0],
      ['preset-b', 40 * DAY],
      ['preset-c', 20 * DAY],
      ['preset-d', 8 * DAY],
    ];
    for (const [mark, wait] of marks) {
      ctx.advance(wait);
      expect((await sendReport(report(mark), '10.1.0.1')).statusCode).toBe(200);
    }
    // The access token did not survive 68 days.
    admin = (await ctx.login()).access_token;
    // preset-d was written now, c 8 days ago, b 28 days ago, a 68 days ago.
    expect(contents(await list({ keyword: 'preset-', range: 'week' }))).toEqual(['preset-d']);
    expect(contents(await list({ keyword: 'preset-', range: 'month' }))).toEqual([
      'preset-d',
      'preset-c',
      'preset-b',
    ]);
    expect(contents(await list({ keyword: 'preset-', range: 'three_months' }))).toEqual([
      'preset-d',
      'preset-c',
      'preset-b',
      'preset-a',
    ]);
    const now = ctx.now();
    expect(contents(await list({ keyword: 'PRESET-', from: now - 30 * DAY, to: now - DAY }))).toEqual([
      'preset-c',
      'preset-b',
    ]);
  });

  it('filters by action, source, user name, IP prefix and text, with server-side pages', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: {
          account: 'Ghost_User',
          password: 'wrong-password-1',
          captcha_id: await ctx.captcha(),
          verify_code: CAPTCHA_ANSWER,
        },
        remoteAddress: `10.77.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const failed = await list({ action_type: 'login_failed', username: 'ghost_u' });
    expect(failed.total).toBe(3);
    expect(failed.items.every((e) => e.action_type === 'login_failed' && e.source_type === 'admin')).toBe(
      true,
    );
    expect(failed.items.map((e) => e.ip)).toEqual(['10.77.0.3', '10.77.0.2', '10.77.0.1']);

    const paged = await list({ action_type: 'login_failed', username: 'ghost', page: 2, page_size: 2 });
    expect(paged.total).toBe(3);
    expect(paged.items.map((e) => e.ip)).toEqual(['10.77.0.1']);

    expect((await list({ ip: '10.77.0.2' })).items.map((e) => e.ip)).toEqual(['10.77.0.2']);
    expect((await list({ ip: '10.77.' })).total).toBe(3);
    expect((await list({ source_type: 'client', keyword: 'preset-a' })).total).toBe(1);
    expect((await list({ source_type: 'public', keyword: 'preset-a' })).total).toBe(0);
    expect((await list({ keyword: '100%_' })).total).toBe(0);

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/system-logs?action_type=dance',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('locates a public IPv4, a private address and an IPv6 address offline, in the reader’s language', async () => {
    await sendReport(report('where-v4'), '8.8.8.8');
    await sendReport(report('where-private'), '192.168.1.20');
    await sendReport(report('where-v6'), '2001:4860:4860::8888');
    await sendReport(report('where-loopback'), '::1', { 'x-forwarded-for': '127.0.0.1' });

    const byContent = (page: SystemLogPage) =>
      Object.fromEntries(page.items.map((e) => [e.content.split(' [')[0], e] as [string, SystemLogEntry]));
    const en = byContent(await list({ keyword: 'where-', page_size: 10 }, 'en'));
    expect(en['where-v4']).toMatchObject({ ip: '8.8.8.8', ip_location: 'United States' });
    expect(en['where-private']).toMatchObject({ ip: '192.168.1.20', ip_location: 'Intranet' });
    expect(en['where-v6']).toMatchObject({ ip: '2001:4860:4860::8888', ip_location: 'United States' });
    expect(en['where-loopback']?.ip_location).toBe('Intranet');

    const zh = byContent(await list({ keyword: 'where-', page_size: 10 }, 'zh-tw'));
    expect(zh['where-v4']?.ip_location).toBe('美國');
    expect(zh['where-private']?.ip_location).toBe('內網');
    const cn = byContent(await list({ keyword: 'where-', page_size: 10 }, 'zh-cn'));
    expect(cn['where-private']?.ip_location).toBe('内网');
  });

  it('takes the client address from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    await sendReport(report('via-proxy'), '127.0.0.1', { 'x-forwarded-for': '8.8.4.4' });
    await sendReport(report('spoofed'), '10.20.30.40', { 'x-forwarded-for': '8.8.4.4' });
    const page = await list({ keyword: 'via-proxy' });
    expect(page.items[0]?.ip).toBe('8.8.4.4');
    const spoofed = await list({ keyword: 'spoofed' });
    expect(spoofed.items[0]?.ip).toBe('10.20.30.40');
    expect(spoofed.items[0]?.ip_location).toBe('Intranet');

    // Without TRUST_PROXY the header is ignored whoever sends it.
    const plain = await createTestContext();
    try {
      const token = (await plain.login()).access_token;
      await plain.app.inject({
        method: 'POST',
        url: '/api/public/client-errors',
        payload: report('no-proxy'),
        headers: { 'x-forwarded-for': '8.8.4.4' },
      });
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/system-logs?keyword=no-proxy',
        headers: bearer(token),
      });
      expect(res.json().data.items[0].ip).toBe('127.0.0.1');
    } finally {
      await plain.close();
    }
  });

  it('keeps browser error reports as source "client", with the user when a token comes along', async () => {
    const anonymous = await sendReport(report('client-anon'), '10.2.0.1');
    expect(anonymous.statusCode).toBe(200);
    await sendReport(report('client-admin'), '10.2.0.1', bearer(admin));
    const page = await list({ source_type: 'client', keyword: 'client-' });
    expect(page.items.map((e) => [e.content.split(' [')[0], e.username, e.action_type])).toEqual([
      ['client-admin', 'admin', 'error'],
      ['client-anon', null, 'error'],
    ]);
    expect(page.items[0]?.content).toContain('http://localhost/#/meeting');
    expect(page.items[0]?.content).toContain('at a (app.js:1:1)');
  });

  it('caps the size of a report and rate-limits each address', async () => {
    const long = await sendReport(report('x'.repeat(1001)), '10.3.0.1');
    expect(long.statusCode).toBe(400);
    const extra = await sendReport({ ...report('extra'), cookie: 'a' }, '10.3.0.1');
    expect(extra.statusCode).toBe(400);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/client-errors',
      payload: JSON.stringify({ ...report('huge'), stack: 'y'.repeat(20_000) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.3.0.1',
    });
    expect(huge.statusCode).toBe(413);

    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push((await sendReport(report(`burst-${i}`), '10.4.0.1')).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await list({ keyword: 'burst-' })).total).toBe(20);
  });

  it('offers no way to change or remove an entry', async () => {
    const routes = ctx.app.routeAuthTable.filter((r) => r.url.startsWith('/api/system-logs'));
    expect(routes.map((r) => r.method).sort()).toEqual(['GET', 'GET', 'HEAD', 'HEAD']);
    const before = await list({});
    const id = before.items[0]!.id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/system-logs/${id}`, '/api/system-logs']) {
        const res = await ctx.app.inject({ method, url, headers: bearer(admin), payload: { content: 'x' } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const after = await list({});
    expect(after.items.find((e) => e.id === id)).toEqual(before.items[0]);
  });

  async function exportedContents(query: string, lang: string): Promise<unknown[]> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/system-logs/export?${query}`,
      headers: { ...bearer(admin), 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    return sheet.getColumn(1).values.slice(2);
  }

  it('reads an entry of a real action in the reader’s language, in the list and in the export', async () => {
    // User text that looks like placeholders stays literal: `{id}` is not the organisation's id.
    const name = 'Log {id} {x} 協會';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: bearer(admin),
      payload: { name },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;

    const expected = {
      en: `Created organisation "${name}" (id ${id}) at the top level`,
      'zh-tw': `新增頂層組織「${name}」（id ${id}）`,
      'zh-cn': `新增顶层组织“${name}”（id ${id}）`,
    };
    for (const [lang, content] of Object.entries(expected)) {
      const page = await list({ action_type: 'create', keyword: 'Log {id}' }, lang);
      expect(page.items.map((e) => e.content)).toEqual([content]);
      expect(await exportedContents('action_type=create&keyword=Log%20%7Bid%7D', lang)).toEqual([content]);
    }
    // A keyword in the reader's own language finds the entry as well.
    expect((await list({ keyword: '頂層組織' }, 'zh-tw')).items.map((e) => e.content)).toEqual([
      expected['zh-tw'],
    ]);
    expect((await list({ keyword: 'top level' }, 'zh-cn')).items.map((e) => e.content)).toEqual([
      expected['zh-cn'],
    ]);
  });

  it('reads a list of changes in the reader’s language, and keeps passwords out of the stored parameters', async () => {
    const password = 'Changed-pass-456';
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: bearer(admin),
      payload: { name: 'Logged Admin', email: null, language: 'zh-cn' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(admin),
      payload: { old_password: ADMIN.password, new_password: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const content = async (lang: string) =>
      (await list({ action_type: 'update', username: 'admin', keyword: 'Logged Admin' }, lang)).items[0]
        ?.content;
    expect(await content('en')).toMatch(
      /^Updated own profile: name ".*" → "Logged Admin"; language - → zh-cn$/,
    );
    expect(await content('zh-tw')).toMatch(/^修改了個人資料：名稱「.*」→「Logged Admin」；語言 - → zh-cn$/);
    expect(await content('zh-cn')).toMatch(/^修改了个人资料：名称“.*”→“Logged Admin”；语言 - → zh-cn$/);
    expect((await list({ action_type: 'password_change' }, 'zh-tw')).items[0]?.content).toBe('修改了密碼');
    // A keyword finds the wording of one change inside the list, in the reader's language.
    expect((await list({ keyword: '語言' }, 'zh-tw')).items.map((e) => e.content)).toEqual([
      await content('zh-tw'),
    ]);

    const stored = await ctx.db.selectFrom('system_logs').select(['content', 'message_params']).execute();
    for (const row of stored) {
      expect(row.message_params ?? '').not.toContain(password);
      expect(row.content).not.toContain(password);
    }
  });

  it('shows an entry older than the message catalogue as it was stored, in every language', async () => {
    await ctx.db
      .insertInto('system_logs')
      .values({
        content: 'Legacy entry {name} kept as written',
        action_type: 'update',
        source_type: 'admin',
        username: 'admin',
        ip: '10.9.0.1',
        ip_location: null,
        created_at: ctx.now(),
      })
      .execute();
    for (const lang of ['en', 'zh-tw', 'zh-cn']) {
      const page = await list({ keyword: 'Legacy entry' }, lang);
      expect(page.items.map((e) => e.content)).toEqual(['Legacy entry {name} kept as written']);
      expect(await exportedContents('keyword=Legacy%20entry', lang)).toEqual([
        'Legacy entry {name} kept as written',
      ]);
    }
  });

  it('exports the filtered entries as XLSX, logs the export and notifies when it is done', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/system-logs/export?keyword=where-&source_type=client',
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Content');
    expect(sheet.rowCount).toBe(5);
    const locations = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(6).value);
    expect(locations).toContain('United States');
    expect(locations).toContain('Intranet');

    const exported = await list({ action_type: 'export' });
    expect(exported.items[0]?.content).toBe('Exported 4 system log entries');
    const notes = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/notifications',
      headers: bearer(admin),
    });
    expect(notes.json().data.items[0]).toMatchObject({ type: 'export_ready', read: false });

    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/system-logs/export' });
    expect(forbidden.json().code).toBe(ERRORS.UNAUTHORIZED.code);
  });
});
