import fp from 'fastify-plugin';
import { ERRORS, errorMessage } from '@meetflow/shared';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts answering new requests with 503 while those already running go on. */
    startDraining(): void;
  }
}

/**
 * While the server drains and closes, requests already running finish and new ones get a 503 envelope
 * (Fastify's built-in 503 is switched off in app.ts so this answer carries our format).
 */
export const gracefulShutdown = fp(async (app) => {
  let closing = false;
  app.decorate('startDraining', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.status(503).send({
      code: ERRORS.SERVICE_UNAVAILABLE.code,
      message: errorMessage('SERVICE_UNAVAILABLE', request.lang),
      data: null,
    });
  });
});
