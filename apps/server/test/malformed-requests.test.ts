import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorName } from '@meetflow/shared/errors';
import { LANGUAGES } from '@meetflow/shared/languages';
import { bearer, createTestContext, TEST_DB, type TestContext } from './helpers.ts';

interface ParameterSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
}
interface Operation {
  requestBody?: unknown;
  parameters?: { in: 'path' | 'query'; name: string; schema: ParameterSchema }[];
}

const ERROR_NAMES = new Map(Object.entries(ERRORS).map(([name, entry]) => [entry.code, name as ErrorName]));

/** Values the parameter's schema must refuse; none when any string is acceptable. */
function wrongValues(schema: ParameterSchema): string[] {
  if (schema.type === 'integer' || schema.type === 'number') return ['abc', '1.5x', '%zz'];
  if (schema.enum) return ['not-an-option', '%zz'];
  if (schema.pattern) return ['!!', '%zz'];
  if (schema.maxLength !== undefined) return ['x'.repeat(schema.maxLength + 1)];
  return [];
}

describe(`malformed requests on every operation (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let operations: { method: string; path: string; operation: Operation }[];
  let overLong: string;
  /** Requests sent so far: each asks for the next language in turn. */
  let sentCount = 0;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operation,
        })),
    );
    // One character past the router's limit (Fastify's default of 100 unless the app sets one).
    overLong = 'x'.repeat((ctx.app.initialConfig.maxParamLength ?? 100) + 1);
  });
  afterAll(() => ctx.close());

  /** Every answer is the envelope with a catalogue failure, a client status and the asked-for language. */
  async function expectEnvelopeFailure(
    method: string,
    url: string,
    sent?: { type: string; payload: string },
  ) {
    const language = LANGUAGES[sentCount++ % LANGUAGES.length]!;
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      // Logged in as the administrator, so requests reach parsing and validation, not the token check.
      headers: {
        ...bearer(token),
        'accept-language': language,
        ...(sent ? { 'content-type': sent.type } : {}),
      },
      ...(sent ? { payload: sent.payload } : {}),
    });
    const where = `${method} ${url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort(), where).toEqual(['code', 'data', 'message']);
    const name = ERROR_NAMES.get(body.code);
    expect(name && body.code !== 0, where).toBe(true);
    expect(res.statusCode, where).toBe(ERRORS[name!].status);
    expect(res.statusCode, where).toBeLessThan(500);
    expect(body.message, where).toBe(ERRORS[name!].message[language]);
    expect(res.headers['cache-control'], where).toBe('no-store');
    return body.code as number;
  }

  /** The path with each parameter set to a harmless value, except `name`, set to `value`. */
  function fill(path: string, name?: string, value?: string) {
    return path.replace(/\{(\w+)\}/g, (_, param: string) => (param === name ? value! : '1'));
  }

  it('answers over-long and broken path parameters in the envelope', async () => {
    let swept = 0;
    for (const { method, path, operation } of operations) {
      for (const param of operation.parameters?.filter((p) => p.in === 'path') ?? []) {
        const url = (value: string) => fill(path, param.name, value);
        expect(await expectEnvelopeFailure(method, url(overLong))).toBe(ERRORS.URI_TOO_LONG.code);
        expect(await expectEnvelopeFailure(method, url('%zz'))).toBe(ERRORS.BAD_REQUEST.code);
        expect(await expectEnvelopeFailure(method, url('%E0%A4%A'))).toBe(ERRORS.BAD_REQUEST.code);
        for (const value of wrongValues(param.schema)) await expectEnvelopeFailure(method, url(value));
        swept++;
      }
    }
    expect(swept).toBeGreaterThan(40);
  });

  it('answers wrong and broken query parameters in the envelope', async () => {
    let swept = 0;
    for (const { method, path, operation } of operations) {
      for (const param of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        for (const value of wrongValues(param.schema)) {
          await expectEnvelopeFailure(method, `${fill(path)}?${param.name}=${value}`);
          swept++;
        }
      }
    }
    expect(swept).toBeGreaterThan(50);
  });

  it('answers a broken segment after any operation’s path in the envelope', async () => {
    for (const { method, path } of operations) {
      expect(await expectEnvelopeFailure(method, `${fill(path)}/%zz`)).toBe(ERRORS.BAD_REQUEST.code);
    }
  });

  it('answers bodies of an unsupported type or over the limit in the envelope, on every operation taking one', async () => {
    const overLimit = JSON.stringify({ text: 'x'.repeat(ctx.app.initialConfig.bodyLimit ?? 1_048_576) });
    const withBody = operations.filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    for (const { method, path } of withBody) {
      const xml = { type: 'application/xml', payload: '<a/>' };
      expect(await expectEnvelopeFailure(method, fill(path), xml)).toBe(ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
      // 413, except where a route raises its limit (uploads) and refuses the body otherwise.
      await expectEnvelopeFailure(method, fill(path), {
        type: 'application/json',
        payload: overLimit,
      });
    }
  });
});
