import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

describe(`API conventions (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    // A route that fails unexpectedly, with internals in its message, to prove nothing leaks.
    ctx.app.get('/api/test/boom', { config: { auth: 'public' } }, async () => {
      throw new Error('select * from users where password_hash = secret');
    });
  });
  afterAll(() => ctx.close());

  it('answers health in the envelope, naming the database in use', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: '成功', data: { status: 'ok', database: TEST_DB } });
  });

  it.each([
    ['zh-TW,zh;q=0.9', '請先登入'],
    ['zh-CN', '请先登录'],
    ['en-US,en;q=0.9', 'Please log in first'],
    [undefined, '請先登入'],
  ])('localises error messages for Accept-Language %s', async (language, message) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: ERRORS.UNAUTHORIZED.code, message, data: null });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ERRORS.NOT_FOUND.code, message: 'Not found', data: null });
  });

  it('rejects unknown body fields with per-field messages in the user language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en' },
      payload: { account: '', password: 'x', is_admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ERRORS.VALIDATION_FAILED.code,
      message: 'Illegal input',
      data: { fields: { account: 'Please enter the account', is_admin: 'Unknown field' } },
    });
    const zh = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'x' } });
    expect(zh.json().data.fields.account).toBe('此欄位必填');
  });

  it('rejects prototype poisoning', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":"a","password":"b","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.BAD_REQUEST.code);
  });

  it('rejects malformed JSON as a bad request', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.BAD_REQUEST.code);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: ERRORS.PAYLOAD_TOO_LARGE.code,
      message: 'The request is too large',
      data: null,
    });
  });

  it('never leaks stack traces or SQL from unexpected errors', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: ERRORS.INTERNAL.code,
      message: 'Something went wrong on the server, please try again later',
      data: null,
    });
    expect(res.body).not.toMatch(/select|password_hash|at .*\.ts/);
    // The details go to the log instead, at error level (the one error this file expects).
    expect(ctx.takeErrorLogs()).toEqual([expect.stringContaining('unhandled error')]);
  });

  it('sends strict security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    // 'wasm-unsafe-eval' only: the door camera's QR reader compiles WebAssembly, never evaluates strings.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('publishes an OpenAPI document generated from the schemas, and the docs page', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['account', 'password']);
    expect(spec.paths['/api/tokens/create']).toBeDefined();
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    // Venues serve over plain http on a LAN address: nothing may force https sub-requests.
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Swagger UI sets inline styles at run time: without this the docs frame logs CSP refusals.
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(csp).toMatch(/script-src 'self'[^;]*; script-src-attr 'none'/);
    expect(csp).not.toMatch(/https:|validator\.swagger\.io/);
  });

  it('refuses protected routes without a token, and with a forged one', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/logout' });
    expect(none.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(ERRORS.UNAUTHORIZED.code);
  });
});
