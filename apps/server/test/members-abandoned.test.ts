import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberImportPreview } from '@meetflow/shared/schemas/members';
import { multipart } from './file-fixtures.ts';
import { adminApi, userWithRole, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { xlsxOf } from './import-fixtures.ts';
import { createOrganization } from './registration-fixtures.ts';
import { auditCount } from './waitlist-fixtures.ts';

/*
 * A member list's upload that nobody finishes (issue 45): one left unapplied, one whose apply
 * crashed mid-way. The job runner's pass marks them failed and drops their staged rows, a running
 * apply only once it has been still for ten minutes.
 */

const MINUTE = 60_000;
const HEADERS = ['Licence number', 'Chinese name', 'English name', 'Member class', 'Valid until'];

let ctx: TestContext;
let api: Api;
let token: string;
let org: number;

async function upload(rows: string[][]): Promise<MemberImportPreview> {
  const { payload, headers } = multipart([
    {
      name: 'file',
      value: await xlsxOf([HEADERS, ...rows], 'Members'),
      filename: 'members.xlsx',
      contentType: 'application/octet-stream',
    },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${org}/members/imports`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MemberImportPreview;
}

const stored = (id: number) =>
  ctx.db
    .selectFrom('member_imports')
    .select(['status', 'rows_data'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** An organiser of the organisation, signed in now (a day later the earlier sign-in has lapsed). */
async function signIn() {
  const admin = adminApi(ctx, (await ctx.login()).access_token);
  token = await userWithRole(ctx, admin, 'organiser', org);
  api = adminApi(ctx, token);
}

beforeAll(async () => {
  ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
  org = await createOrganization(ctx.db);
  await signIn();
});

afterAll(async () => {
  await ctx.close();
});

describe(`abandoned member list uploads (${TEST_DB})`, () => {
  it('marks a crashed apply failed after ten still minutes and an unapplied upload after a day', async () => {
    const left = await upload([['L-1', '陳大文', '', '', '']]);
    const crashed = await upload([['C-1', '李小龍', '', '', '']]);
    // The apply claimed the upload and its instance went away before the first batch.
    await ctx.db
      .updateTable('member_imports')
      .set({ status: 'running', touched_at: ctx.now() })
      .where('id', '=', crashed.id)
      .execute();

    ctx.advance(9 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(await stored(crashed.id)).toMatchObject({ status: 'running' });

    ctx.advance(2 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(await stored(crashed.id)).toEqual({ status: 'failed', rows_data: null });
    expect(await stored(left.id)).toMatchObject({ status: 'uploaded' });
    const progress = await api('GET', `/api/organizations/${org}/members/imports/${crashed.id}`);
    expect(progress.json().data).toMatchObject({ status: 'failed' });

    ctx.advance(24 * 60 * MINUTE);
    await ctx.app.jobs.runDue();
    expect(await stored(left.id)).toEqual({ status: 'failed', rows_data: null });
    await signIn();
    const late = await api('POST', `/api/organizations/${org}/members/imports/${left.id}/apply`);
    expect(late.statusCode).toBe(409);
    expect(await auditCount(ctx.db, 'members.abandoned')).toBe(2);

    // A new upload applies as usual.
    const fresh = await upload([['C-1', '李小龍', '', '', '']]);
    const applied = await api('POST', `/api/organizations/${org}/members/imports/${fresh.id}/apply`);
    expect(applied.json().data).toMatchObject({ status: 'done', created: 1 });
  });
});
