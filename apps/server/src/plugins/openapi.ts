import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelope } from '@meetflow/shared/schemas/envelope';
import { apiDocsTheme } from './api-docs-theme.ts';
import type { RouteAuth } from './request-context.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The form a multipart upload takes (`multipartForm` in lib/openapi-files.ts), for the document
     * only: the plugin reads the parts itself, so nothing validates it as a body.
     */
    multipartBody?: z.ZodObject;
  }
}

/**
 * A stable, readable operationId from the method and path, so clients generated from the document
 * keep their function names: `GET /api/meetings/:id/guests` → `getMeetingsByIdGuests`.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalized.join('');
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

/** Why a route answers 403; a route that needs several permissions at once names them. */
function forbiddenWhen(auth: RouteAuth | undefined): string {
  if (typeof auth === 'object' && 'allOf' in auth)
    return `The user lacks one of the permissions it needs together: ${auth.allOf.join(', ')}`;
  return 'The user lacks the permission';
}

/** The envelope's failures an operation can answer, from who may call it and what it takes. */
function errorAnswers(route: RouteOptions, schema: FastifySchema, needsToken: boolean) {
  const auth = route.config?.auth;
  const takesBody = Boolean(schema.body ?? schema.consumes ?? schema.multipartBody);
  return {
    400: errorAnswer('Malformed request or invalid input; `data.fields` has a message per field'),
    ...(needsToken ? { 401: errorAnswer('No valid token, or it has expired') } : {}),
    ...(auth !== 'public' && auth !== 'user' ? { 403: errorAnswer(forbiddenWhen(auth)) } : {}),
    404: errorAnswer('Not found, or outside the user’s organisations'),
    ...(route.url.includes(':') ? { 414: errorAnswer('A path parameter is too long') } : {}),
    ...(takesBody
      ? { 413: errorAnswer('The body is too large'), 415: errorAnswer('Unsupported content type') }
      : {}),
    default: errorAnswer('Any other failure: conflicts (409), rate limits (429), server errors (5xx)'),
  };
}

/**
 * The OpenAPI document is generated from the routes' zod schemas. What every operation shares is
 * added here rather than in each route: its operationId, who may call it and its error answers.
 */
function transform(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const route = document.route as RouteOptions;
  const schema: FastifySchema = document.schema ?? {};
  if (schema.hide) return jsonSchemaTransform(document);
  const method = [route.method].flat()[0] ?? 'GET';
  const security = schema.security ?? (route.config?.auth === 'public' ? [] : [{ bearer: [] }]);
  const { multipartBody, ...rest } = schema;
  // No fallback success answer: a route that declares none is caught by the document's test.
  return jsonSchemaTransform({
    ...document,
    schema: {
      ...rest,
      ...(multipartBody ? { body: multipartBody, consumes: ['multipart/form-data'] } : {}),
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      security,
      response: { ...errorAnswers(route, schema, security.length > 0), ...(schema.response as object) },
    },
  });
}

/** The media type's essence: `text/csv; charset=utf-8` → `text/csv`. */
const essence = (type: unknown) =>
  String(type ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();

/**
 * A successful answer that is not JSON must be one its route declares (`fileAnswer` and friends):
 * otherwise clients generated from the document cannot read it. Outside production this fails the
 * request, so the route's own test catches a file answer nobody described.
 */
function undeclaredFileAnswer(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const type = essence(reply.getHeader('content-type'));
  const schema = request.routeOptions.schema;
  if (!type || type === 'application/json' || reply.statusCode >= 300 || reply.statusCode < 200) return;
  if (!request.url.startsWith('/api/') || !schema || schema.hide) return;
  const answer = (schema.response as Record<string, { content?: object }> | undefined)?.[reply.statusCode];
  if (answer?.content && type in answer.content) return;
  return `${request.method} ${request.routeOptions.url} answers ${type} without declaring it`;
}

export const openapi = fp<{ strict: boolean }>(async (app, { strict }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const problem = undeclaredFileAnswer(request, reply);
    if (problem && strict) throw new Error(problem);
    if (problem) request.log.error(problem);
    return payload;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MeetFlow API',
        version: '1.0.0',
        description:
          'Every answer is the envelope `{code, message, data}`; code 0 is success, failures carry a catalogue code and the HTTP status that goes with it. Messages follow `Accept-Language` (zh-tw, zh-cn, en). Protected operations need `Authorization: Bearer <token>`: an API token (`mfpat_…`, made in the back office under System → API tokens, with the permissions it was given) or a session’s access token (from `POST /api/login`). Choose Authorize, paste the token, then Try it out. The visitor’s guest operations need `X-Guest-Token`. Webhooks are signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (mfpat_…), or the access_token of POST /api/login (renewed with POST /api/tokens/create)',
          },
          guestToken: { type: 'apiKey', in: 'header', name: 'X-Guest-Token' },
          groupToken: { type: 'apiKey', in: 'header', name: 'X-Group-Token' },
        },
      },
    },
    transform,
    // Schemas with an `id` (the recursive organisation tree, the error envelope) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own strict CSP with two changes: no 'upgrade-insecure-requests' (venues often serve
    // over plain http on a LAN address, where upgrading breaks every asset of the page), and inline
    // styles allowed as in the app, since Swagger UI sets them at run time where hashes cannot reach
    // (the browser console showed the refusals). No third-party hosts: the online validator is off.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/ https:| validator\.swagger\.io/g, ''),
    // Accessible colours, a main landmark and a title (api-docs-theme.ts).
    theme: apiDocsTheme,
    // The token pasted into Authorize lives in the page only: never kept in the browser's storage.
    // BaseLayout: without the top bar's logo (no text alternative) and its unlabelled address field,
    // which only served to load another document.
    uiConfig: {
      docExpansion: 'list',
      deepLinking: false,
      validatorUrl: null,
      persistAuthorization: false,
      layout: 'BaseLayout',
    },
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
