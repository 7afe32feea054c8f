import SwaggerParser from '@apidevtools/swagger-parser';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload } from '../src/lib/multipart-upload.ts';
import { multipartForm, pdfAnswer } from '../src/lib/openapi-files.ts';
import { openapi } from '../src/plugins/openapi.ts';
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

  const binary = { type: 'string', format: 'binary' };
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const mediaTypesOf = (method: string, path: string) => {
    const answer = operations.find((o) => o.method === method && o.path === path)?.operation.responses['200'];
    return Object.keys((answer as OpenAPIV3.ResponseObject | undefined)?.content ?? {});
  };

  it('gives every successful answer a media type: the JSON envelope or a binary file', () => {
    for (const { method, path, operation } of operations) {
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      for (const [status, answer] of successes) {
        const content = (answer as OpenAPIV3.ResponseObject).content ?? {};
        expect(Object.keys(content), `${method} ${path} ${status}`).not.toEqual([]);
        for (const [type, media] of Object.entries(content)) {
          if (type === 'application/json') continue;
          const expected = type === 'text/event-stream' ? { type: 'string' } : binary;
          expect(media.schema, `${method} ${path} ${status} ${type}`).toEqual(expected);
        }
      }
    }
    // The downloads clients use, by kind: spreadsheets, PDFs, a ZIP, stored images and PDFs.
    for (const path of [
      '/api/meetings/{id}/guests/export',
      '/api/meetings/{id}/waitlist/export',
      '/api/meetings/{id}/guest-imports/template',
      '/api/guest-imports/{id}/failed-rows',
      '/api/meetings/{id}/schedule-imports/template',
      '/api/meetings/{id}/schedule-detail/export',
      '/api/system-logs/export',
      '/api/meetings/{id}/certificates/export',
      '/api/attendance/records/export',
    ])
      expect(mediaTypesOf('get', path), path).toEqual([XLSX]);
    for (const path of [
      '/api/meetings/{id}/certificates/{guestId}/pdf',
      '/api/meetings/{id}/badges',
      '/api/public/guest/certificate/pdf',
    ])
      expect(mediaTypesOf('get', path), path).toEqual(['application/pdf']);
    expect(mediaTypesOf('post', '/api/meetings/{id}/certificates/preview')).toEqual(['application/pdf']);
    expect(mediaTypesOf('get', '/api/meetings/{id}/certificates/zip')).toEqual(['application/zip']);
    expect(mediaTypesOf('get', '/api/files/{id}')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'application/pdf']),
    );
  });

  it('describes every upload as multipart/form-data with a binary `file` and its other fields', () => {
    const uploads = operations.filter(({ operation }) => {
      const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      return Object.keys(body?.content ?? {}).some((type) => type !== 'application/json');
    });
    const formOf = (path: string) => {
      const body = uploads.find((o) => o.method === 'post' && o.path === path)?.operation.requestBody;
      return (body as OpenAPIV3.RequestBodyObject | undefined)?.content['multipart/form-data']?.schema;
    };
    expect(uploads.map(({ path }) => path).sort()).toEqual([
      '/api/files',
      '/api/meetings/{id}/guest-imports',
      '/api/meetings/{id}/schedule-imports',
      '/api/meetings/{id}/statements/preview',
      '/api/organizations/{id}/members/imports',
      '/api/public/guest/orders/{id}/proof',
      '/api/public/meetings/{publicId}/uploads',
    ]);
    for (const { path } of uploads) {
      expect(formOf(path), path).toMatchObject({ type: 'object', properties: { file: binary } });
      expect((formOf(path) as OpenAPIV3.SchemaObject).required, path).toContain('file');
      expect(uploads.find((o) => o.path === path)?.operation.responses['413'], path).toBeDefined();
    }
    expect(formOf('/api/files')).toMatchObject({ properties: { kind: { enum: ['banner', 'pdf'] } } });
    expect(formOf('/api/meetings/{id}/guest-imports')).toMatchObject({
      properties: { encoding: { enum: ['auto', 'utf-8', 'big5', 'gb18030'] } },
    });
  });
});

describe('a route that gives or takes a file without describing it', () => {
  const pdf = Buffer.from('%PDF-1.7\n');
  async function appWith(declared: boolean) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapi, { strict: true });
    await app.register(multipart);
    app.get(
      '/api/download',
      { schema: declared ? { response: { 200: pdfAnswer('A PDF') } } : {} },
      async (_request, reply) => reply.header('content-type', 'application/pdf').send(pdf),
    );
    app.post(
      '/api/upload',
      { schema: declared ? { multipartBody: multipartForm({}) } : {} },
      async (request) => ({ size: (await readUpload(request)).file?.bytes.length }),
    );
    return app;
  }
  const form = new FormData();
  form.append('file', new Blob([pdf]), 'a.pdf');
  const upload = async (app: Awaited<ReturnType<typeof appWith>>) => {
    const request = new Request('http://x/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const headers = { 'content-type': request.headers.get('content-type') ?? '' };
    return app.inject({ method: 'POST', url: '/api/upload', headers, body });
  };

  it('fails when undeclared, so the route’s own test catches it; works once declared', async () => {
    const bare = await appWith(false);
    expect((await bare.inject({ method: 'GET', url: '/api/download' })).statusCode).toBe(500);
    expect((await upload(bare)).statusCode).toBe(500);
    await bare.close();
    const described = await appWith(true);
    const download = await described.inject({ method: 'GET', url: '/api/download' });
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await upload(described)).json()).toEqual({ size: pdf.length });
    await described.close();
  });
});
