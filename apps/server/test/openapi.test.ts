import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe(`OpenAPI document (${TEST_DB})`, () => {
  let ctx: TestContext;
  let doc: OpenAPIV3.Document;
  let operations: { method: string; path: string; operation: OpenAPIV3.OperationObject }[];
  beforeAll(async () => {
    ctx = await createTestContext();
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item?.[method] ? [{ method, path, operation: item[method] }] : [])),
    );
  });
  afterAll(() => ctx.close());

  it('is valid for swagger-parser: every $ref (the recursive organisation tree too) resolves', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    const tree = doc.paths['/api/organizations']?.get?.responses['200'] as OpenAPIV3.ResponseObject;
    const data = (tree.content?.['application/json']?.schema as OpenAPIV3.SchemaObject).properties?.data;
    expect(data).toEqual({ type: 'array', items: { $ref: '#/components/schemas/OrganizationNode' } });
  });

  it('gives every operation a unique, stable operationId derived from its method and path', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.operation.operationId;
    expect(idOf('post', '/api/login')).toBe('postLogin');
    expect(idOf('get', '/api/meetings/{id}/guests')).toBe('getMeetingsByIdGuests');
    expect(idOf('post', '/api/public/meetings/{publicId}/sign-ups')).toBe(
      'postPublicMeetingsByPublicIdSignUps',
    );
  });

  it('declares who may call each operation: none for public ones, the bearer or guest token otherwise', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const securityOf = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.operation.security;
    expect(securityOf('post', '/api/login')).toEqual([]);
    expect(securityOf('get', '/api/health')).toEqual([]);
    expect(securityOf('get', '/api/public/meetings/{publicId}')).toEqual([]);
    expect(securityOf('post', '/api/tokens/create')).toEqual([{ bearer: [] }]);
    expect(securityOf('get', '/api/me')).toEqual([{ bearer: [] }]);
    expect(securityOf('get', '/api/public/guest')).toEqual([{ guestToken: [] }]);
    for (const { method, path, operation } of operations)
      expect(operation.security, `${method} ${path}`).toBeDefined();
  });

  it('documents the envelope’s error answers on every operation', () => {
    expect(doc.components?.schemas?.ErrorEnvelope).toMatchObject({ required: ['code', 'message', 'data'] });
    const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      const answers = operation.responses as Record<string, OpenAPIV3.ResponseObject>;
      expect(
        Object.keys(answers).some((status) => status.startsWith('2')),
        where,
      ).toBe(true);
      for (const status of ['400', '404', 'default']) {
        expect(answers[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual(
          envelopeRef,
        );
      }
      if (operation.security?.length) expect(answers['401'], where).toBeDefined();
      if (path.includes('{')) expect(answers['414'], where).toBeDefined();
    }
  });
});
