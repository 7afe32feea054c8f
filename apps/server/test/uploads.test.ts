import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { BANNER_MAX_BYTES, PDF_MAX_BYTES } from '@meetflow/shared/schemas/files';
import { hashPassword } from '../src/core/password.ts';
import { jpeg, multipart, pdf, png, webp, type Part } from './file-fixtures.ts';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

describe(`uploads (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
  });
  afterAll(() => ctx.close());

  const upload = (
    kind: string | undefined,
    file?: { bytes: Buffer; name: string; type: string },
    lang = 'en',
  ) => {
    const parts: Part[] = [];
    if (kind !== undefined) parts.push({ name: 'kind', value: kind });
    if (file) parts.push({ name: 'file', value: file.bytes, filename: file.name, contentType: file.type });
    const { payload, headers } = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...bearer(token), 'accept-language': lang },
      payload,
    });
  };

  it('stores a banner by content hash, answers { id, mime, size } and logs the upload', async () => {
    const bytes = png(1200, 400);
    const res = await upload('banner', { bytes, name: 'banner.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // The type comes from the bytes, not from the name or the declared mime.
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/),
      mime: 'image/png',
      size: bytes.length,
    });
    const again = await upload('banner', { bytes, name: 'other.png', type: 'image/png' });
    expect(again.json().data.id).toBe(data.id);
    const rows = await ctx.db.selectFrom('files').select(['id']).where('id', '=', data.id).execute();
    expect(rows).toHaveLength(1);
    const logs = await ctx.db
      .selectFrom('system_logs')
      .select(['action_type', 'username', 'content'])
      .where('action_type', '=', 'create')
      .execute();
    expect(logs.some((l) => l.username === 'admin' && l.content.includes(data.id))).toBe(true);
  });

  it('accepts JPEG, WebP and PDF for their kinds', async () => {
    const jpg = await upload('banner', { bytes: jpeg(800, 600), name: 'a.jpg', type: 'image/jpeg' });
    expect(jpg.json().data.mime).toBe('image/jpeg');
    const wp = await upload('banner', { bytes: webp(640, 480), name: 'a.webp', type: 'image/webp' });
    expect(wp.json().data.mime).toBe('image/webp');
    const doc = await upload('pdf', { bytes: pdf(), name: 'guide.pdf', type: 'application/pdf' });
    expect(doc.json().data.mime).toBe('application/pdf');
  });

  it.each([
    [
      'SVG bytes named .png',
      'banner',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['HTML named .png', 'banner', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
    ['a PDF declared as a banner', 'banner', pdf()],
    ['a JPEG declared as a pdf', 'pdf', jpeg(100, 100)],
    ['HTML declared as a pdf', 'pdf', '<html><body>%PDF-1.4</body></html>'],
  ])('rejects %s with 415', async (_label, kind, content) => {
    const res = await upload(kind, { bytes: Buffer.from(content), name: 'x.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: ERRORS.FILE_TYPE_NOT_ALLOWED.code,
      message: 'This file type is not allowed',
      data: null,
    });
  });

  it('rejects files over the size limit of their kind with 413', async () => {
    const bigBanner = await upload('banner', {
      bytes: png(100, 100, BANNER_MAX_BYTES),
      name: 'big.png',
      type: 'image/png',
    });
    expect(bigBanner.statusCode).toBe(413);
    expect(bigBanner.json().code).toBe(ERRORS.FILE_TOO_LARGE.code);
    const bigPdf = await upload('pdf', {
      bytes: pdf('%'.repeat(PDF_MAX_BYTES)),
      name: 'big.pdf',
      type: 'application/pdf',
    });
    expect(bigPdf.statusCode).toBe(413);
    expect(bigPdf.json()).toMatchObject({
      code: ERRORS.FILE_TOO_LARGE.code,
      message: 'The file is larger than allowed',
    });
    // A PDF between the two limits is fine: the raised limit applies to this route.
    const mid = await upload('pdf', {
      bytes: pdf('%'.repeat(BANNER_MAX_BYTES + 1024)),
      name: 'mid.pdf',
      type: 'application/pdf',
    });
    expect(mid.statusCode).toBe(200);
  });

  it('rejects a pixel flood from the header before decoding anything', async () => {
    for (const bytes of [png(20_000, 20_000), png(10_001, 10), png(8000, 8000), jpeg(9000, 9000)]) {
      const res = await upload('banner', { bytes, name: 'flood.png', type: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe(ERRORS.IMAGE_DIMENSIONS_TOO_LARGE.code);
    }
    expect(
      (await upload('banner', { bytes: png(10_000, 4000), name: 'ok.png', type: 'image/png' })).statusCode,
    ).toBe(200);
  });

  it('answers 400 without a file or with a wrong kind, localised', async () => {
    const none = await upload('banner', undefined, 'zh-tw');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      code: ERRORS.FILE_REQUIRED.code,
      message: '請選擇要上傳的檔案',
      data: null,
    });
    const badKind = await upload('svg', { bytes: png(10, 10), name: 'a.png', type: 'image/png' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({
      code: ERRORS.VALIDATION_FAILED.code,
      data: { fields: { kind: 'Not one of the allowed values' } },
    });
    const noKind = await upload(undefined, { bytes: png(10, 10), name: 'a.png', type: 'image/png' });
    expect(noKind.json().data.fields.kind).toBe('This field is required');
  });

  it('refuses two files in one request and non-multipart bodies', async () => {
    const { payload, headers } = multipart([
      { name: 'kind', value: 'banner' },
      { name: 'file', value: png(10, 10), filename: 'a.png', contentType: 'image/png' },
      { name: 'file', value: png(20, 20), filename: 'b.png', contentType: 'image/png' },
    ]);
    const two = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(two.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: bearer(token),
      payload: { kind: 'banner', file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // Other routes do not accept multipart at all.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      ...multipart([{ name: 'account', value: 'admin' }]),
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('refuses anonymous uploads with 401 and users without meeting:edit with 403', async () => {
    const { payload, headers } = multipart([
      { name: 'kind', value: 'banner' },
      { name: 'file', value: png(10, 10), filename: 'a.png', contentType: 'image/png' },
    ]);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/files', headers, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ERRORS.UNAUTHORIZED.code);
    const role = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', 'door_staff')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        account: 'door',
        name: 'Door',
        password_hash: await hashPassword('Door-pass-123'),
        role_id: role.id,
        enabled: 1,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .execute();
    const door = await ctx.login({ account: 'door', password: 'Door-pass-123' });
    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...bearer(door.access_token) },
      payload,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('serves a file publicly with safe, immutable caching headers and answers 304 to its ETag', async () => {
    const bytes = png(300, 100);
    const { id } = (await upload('banner', { bytes, name: '<evil>.html', type: 'text/html' })).json().data;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/files/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe(`"${id}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${id.slice(0, 16)}.png"`);

    const notModified = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}`,
      headers: { 'if-none-match': `"${id}"` },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(`"${id}"`);

    const doc = (
      await upload('pdf', { bytes: pdf('% guide\n'), name: 'g.pdf', type: 'application/pdf' })
    ).json().data;
    const pdfRes = await ctx.app.inject({ method: 'GET', url: `/api/files/${doc.id}` });
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['x-content-type-options']).toBe('nosniff');
    // No sandbox for PDFs (browsers' PDF viewers refuse to run sandboxed), but nothing else may load.
    expect(pdfRes.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(pdfRes.headers['content-security-policy']).not.toMatch(/script-src|sandbox/);
    // A 304 carries the same policy as the 200 (browsers merge its headers into the cached copy).
    const pdf304 = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${doc.id}`,
      headers: { 'if-none-match': `W/"x", "${doc.id}"` },
    });
    expect(pdf304.statusCode).toBe(304);
    expect(pdf304.headers['content-security-policy']).toBe(pdfRes.headers['content-security-policy']);
    expect(pdfRes.headers['content-disposition']).toBe(`inline; filename="${doc.id.slice(0, 16)}.pdf"`);
  });

  it('answers 404 (not cached) for an unknown id and 400 for a malformed one', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/files/${'0'.repeat(64)}` });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['cache-control'] ?? '')).not.toContain('immutable');
    const missingTag = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${'0'.repeat(64)}`,
      headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
    });
    expect(missingTag.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/files/..%2F..%2Fetc' });
    expect(malformed.statusCode).toBe(400);
  });
});
