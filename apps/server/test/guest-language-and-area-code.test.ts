import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inheritedRegion } from '../src/modules/organizations/organizations.service.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import {
  createMeeting,
  createOrganization,
  generalBody,
  signUp,
  type MeetingFixture,
} from './registration-fixtures.ts';
import { startSmtp, type SmtpFixture } from './smtp-fixture.ts';

/*
 * Issue 39 item 5: the visitor's language travels with their guest row, their mails and the links
 * in them (a `lang` query the public pages honour on any phone); and the forms' area code starts at
 * the meeting's own default, else at its organisation's region's.
 */

const PUBLIC_URL = 'https://meet.example.org';

describe(`guest language in mails and links, default area code (${TEST_DB})`, () => {
  let smtp: SmtpFixture;
  let ctx: TestContext;
  let admin: string;
  let org: number;
  let meeting: MeetingFixture;

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, lang = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(admin), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const publicMeeting = async (publicId: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/meetings/${publicId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { default_area_code: string | null; display_config: Record<string, unknown> };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MeetFlow <no-reply@meetflow.test>',
      PUBLIC_URL: `${PUBLIC_URL}/`,
    });
    admin = (await ctx.login()).access_token;
    org = await createOrganization(ctx.db);
    meeting = await createMeeting(ctx.db, org, { name: '年會' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  for (const [n, lang, subject] of [
    [1, 'zh-cn', '报名成功'],
    [2, 'en', 'Registration confirmed'],
  ] as const) {
    it(`keeps a ${lang} guest's language: stored, the mail in it, its link carrying it`, async () => {
      const res = await signUp(ctx, meeting.publicId, generalBody(n), n, lang);
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().data.guest.guest_code as string;
      const row = await ctx.db
        .selectFrom('guests')
        .select('language')
        .where('guest_code', '=', code)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe(lang);

      expect(await ctx.app.jobs.runDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.subject).toContain(subject);
      const link = `${PUBLIC_URL}/#/enroll-info/${meeting.publicId}?lang=${lang}`;
      expect(mail.text).toContain(link);
      expect(mail.html || '').toContain(link);
      // The link names the meeting and the language only: no guest code, phone, address or token.
      const url = /https:\/\/meet\.example\.org\/\S+/.exec(mail.text ?? '')![0];
      expect(url).toBe(link);
    });
  }

  it('serves no default area code while neither the meeting nor its organisation names one', async () => {
    expect((await publicMeeting(meeting.publicId)).default_area_code).toBeNull();
  });

  it("defaults the area code from the organisation's region, inherited by its departments", async () => {
    const college = await createOrganization(ctx.db);
    const dept = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: bearer(admin),
      payload: { name: 'CME', parent_id: college },
    });
    expect(dept.statusCode, dept.body).toBe(200);
    const deptMeeting = await createMeeting(ctx.db, dept.json().data.id as number);
    const name = (await ctx.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', college)
      .executeTakeFirstOrThrow())!.name;

    const set = await call('PUT', `/api/organizations/${college}`, { name, region: 'MO' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id: college, name, region: 'MO' });
    expect((await publicMeeting(deptMeeting.publicId)).default_area_code).toBe('853');

    // A rename without `region` keeps it.
    const renamed = await call('PUT', `/api/organizations/${college}`, { name: `${name} renamed` });
    expect(renamed.json().data.region).toBe('MO');
    const tree = await call('GET', '/api/organizations');
    expect(JSON.stringify(tree.json().data)).toContain('"region":"MO"');

    // The department's own region wins over its college's.
    await call('PUT', `/api/organizations/${dept.json().data.id as number}`, { name: 'CME', region: 'HK' });
    expect((await publicMeeting(deptMeeting.publicId)).default_area_code).toBe('852');
  });

  it('reads the region of a deep tree in two queries, not one per level', async () => {
    // Five levels below a Macao college, none with a region of its own.
    const college = await createOrganization(ctx.db);
    await ctx.db.updateTable('organizations').set({ region: 'MO' }).where('id', '=', college).execute();
    let leaf = college;
    for (let level = 0; level < 5; level += 1) {
      const child = await createOrganization(ctx.db);
      await ctx.db.updateTable('organizations').set({ parent_id: leaf }).where('id', '=', child).execute();
      leaf = child;
    }
    let queries = 0;
    const counted = ctx.db.withPlugin({
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    expect(await inheritedRegion(counted, leaf)).toBe('MO');
    // The ancestors (one recursive query) and their regions (one more).
    expect(queries).toBeLessThanOrEqual(2);
    expect((await publicMeeting((await createMeeting(ctx.db, leaf)).publicId)).default_area_code).toBe('853');
  });

  it("prefers the meeting's own default area code to the organisation's", async () => {
    const macao = await createOrganization(ctx.db);
    await ctx.db.updateTable('organizations').set({ region: 'MO' }).where('id', '=', macao).execute();
    const own = await createMeeting(ctx.db, macao);
    expect((await publicMeeting(own.publicId)).default_area_code).toBe('853');

    const set = await call('PUT', `/api/meetings/${own.id}/display-config`, { default_area_code: '886' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await publicMeeting(own.publicId)).default_area_code).toBe('886');
    expect((await call('GET', `/api/meetings/${own.id}/display-config`)).json().data.default_area_code).toBe(
      '886',
    );
    // Back to "the organisation's".
    await call('PUT', `/api/meetings/${own.id}/display-config`, { default_area_code: null });
    expect((await publicMeeting(own.publicId)).default_area_code).toBe('853');
  });

  it('refuses an unknown region or area code with a message in the reader language', async () => {
    const bad = await call('PUT', `/api/organizations/${org}`, { name: 'X', region: 'US' }, 'zh-cn');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.region).toBe('请选择中国内地、中国香港、中国澳门或中国台湾');
    const badCode = await call('PUT', `/api/meetings/${meeting.id}/display-config`, {
      default_area_code: '1',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().data.fields.default_area_code).toBe('Choose +86, +852, +853 or +886');
  });

  it('audits a region change and a default area code change', async () => {
    const audited = await createOrganization(ctx.db);
    const { name } = await ctx.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', audited)
      .executeTakeFirstOrThrow();
    const last = await ctx.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await call('PUT', `/api/organizations/${audited}`, { name, region: 'TW' });
    const own = await createMeeting(ctx.db, audited);
    await call('PUT', `/api/meetings/${own.id}/display-config`, { default_area_code: '86' });
    const rows = await ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'content', 'changes'])
      .where('id', '>', Number(last.id ?? 0))
      .orderBy('id')
      .execute();
    const region = rows.find((r) => r.content.includes(`Updated organisation "${name}"`));
    expect(region?.action_type).toBe('update');
    expect(JSON.parse(region!.changes!)).toEqual([{ field: 'region', before: null, after: 'TW' }]);
    const display = rows.find((r) => r.changes?.includes('default_area_code'));
    expect(JSON.parse(display!.changes!)).toContainEqual({
      field: 'default_area_code',
      before: null,
      after: '86',
    });
  });
});
