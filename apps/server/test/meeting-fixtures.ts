import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../src/core/password.ts';
import { pdf, png } from './file-fixtures.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

export const HOUR = 3_600_000;
export const T0 = Date.UTC(2027, 0, 10, 1, 0, 0);

/**
 * The meetings files' world (call inside a describe): an organisation tree (root, Macao with a child,
 * Taiwan), an organiser and door staff in Macao, an uploaded banner and PDF, and the admin API.
 */
export function meetingsFixture() {
  let ctx: TestContext;
  let admin: string;
  let organiser: string;
  let door: string;
  let banner: string;
  let pdfId: string;
  const orgs = { root: 0, macao: 0, macaoChild: 0, taiwan: 0 };

  async function addOrg(name: string, parentId: number | null): Promise<number> {
    const row = await ctx.db
      .insertInto('organizations')
      .values({ name, parent_id: parentId, created_at: ctx.now(), updated_at: ctx.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function addUser(account: string, roleCode: string, organizationId: number | null): Promise<string> {
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', roleCode)
      .executeTakeFirstOrThrow();
    const password = `${account}-Pass-123`;
    await ctx.db
      .insertInto('users')
      .values({
        account,
        name: account,
        password_hash: await hashPassword(password),
        role_id: role.id,
        organization_id: organizationId,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    return (await ctx.login({ account, password })).access_token;
  }

  async function uploadFile(kind: 'banner' | 'pdf', bytes: Buffer): Promise<string> {
    const boundary = 'mfboundary1234';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
      payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  }

  const body = (overrides: Record<string, unknown> = {}) => ({
    organization_id: orgs.macao,
    name: '年會',
    name_cn: '年会',
    name_en: 'Annual congress',
    location: '澳門',
    start_at: T0,
    end_at: T0 + 8 * HOUR,
    meeting_type: 'general',
    banner_file_id: banner,
    ...overrides,
  });

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
    lang = 'en',
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    // The date filter counts days in the server's zone, whatever the machine's.
    ctx = await createTestContext({ TIME_ZONE: 'Asia/Macau' });
    admin = (await ctx.login()).access_token;
    orgs.root = await addOrg('Root', null);
    orgs.macao = await addOrg('Macao college', orgs.root);
    orgs.macaoChild = await addOrg('Macao nursing', orgs.macao);
    orgs.taiwan = await addOrg('Taiwan college', orgs.root);
    organiser = await addUser('macao_org', 'organiser', orgs.macao);
    door = await addUser('door', 'door_staff', orgs.macao);
    banner = await uploadFile('banner', png(1600, 600));
    pdfId = await uploadFile('pdf', pdf());
  });
  afterAll(() => ctx.close());

  return {
    get ctx() {
      return ctx;
    },
    get admin() {
      return admin;
    },
    get organiser() {
      return organiser;
    },
    get door() {
      return door;
    },
    get banner() {
      return banner;
    },
    get pdfId() {
      return pdfId;
    },
    orgs,
    body,
    api,
    addOrg,
    addUser,
    uploadFile,
  };
}
