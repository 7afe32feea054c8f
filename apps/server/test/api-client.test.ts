import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeetflowClient, MeetflowApiError, unwrap } from '@meetflow/api-client';
import { ADMIN, CAPTCHA_ANSWER, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

/*
 * The typed client (packages/api-client) against the real server on a loopback port: its types come
 * from the server's OpenAPI document (check:openapi fails when they drift), and here its calls,
 * bearer token, language and envelope handling work end to end.
 */
describe(`the typed API client (${TEST_DB})`, () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it('logs in, creates and reads with the token, and turns a failed envelope into an error in the asked language', async () => {
    const anonymous = createMeetflowClient({ baseUrl });
    const captcha = await unwrap(anonymous.GET('/api/captcha'));
    const login = await unwrap(
      anonymous.POST('/api/login', {
        body: { ...ADMIN, captcha_id: captcha.captcha_id ?? '', verify_code: CAPTCHA_ANSWER },
      }),
    );
    const api = createMeetflowClient({ baseUrl, token: login.token.access_token, language: 'zh-cn' });
    const created = await unwrap(api.POST('/api/organizations', { body: { name: 'Client org' } }));
    const tree = await unwrap(api.GET('/api/organizations'));
    expect(tree.map((o) => o.name)).toContain('Client org');
    expect(created.name).toBe('Client org');

    const missing = await unwrap(api.GET('/api/meetings/{id}', { params: { path: { id: 999_999 } } })).catch(
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(MeetflowApiError);
    expect(missing).toMatchObject({ code: 40400, status: 404, message: '找不到资源' });
    const refused = await unwrap(anonymous.GET('/api/organizations')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 40100, status: 401 });
  });
});
