import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas; nothing is written by hand. */
export const openapi = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MeetFlow API',
        version: '1.0.0',
        description:
          'Every answer is the envelope `{code, message, data}`; code 0 is success. Messages follow `Accept-Language` (zh-tw, zh-cn, en). Protected routes need `Authorization: Bearer <access_token>`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guestToken: { type: 'apiKey', in: 'header', name: 'X-Guest-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own strict CSP, minus 'upgrade-insecure-requests': venues often serve over plain
    // http on a LAN address, where upgrading would break every asset of the docs page.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
