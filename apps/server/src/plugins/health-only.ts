import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

const HEALTH_PATH = '/api/health';
/** A path no route takes: the app's own not-found answer (the envelope's 404, in the asker's language). */
const NOT_ON_THIS_INSTANCE = '/api/not-on-a-worker';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A worker instance (ROLE=worker) answers its health check and nothing else: every other request
 * reaches the app as a path no route takes, so it gets the envelope's 404 — before any route's
 * authorisation or body parsing runs — and a worker put behind the load balancer by mistake serves
 * no page and no API. The app itself is built whole, so that every module registers its job
 * handlers as on any instance (docs/decisions/0084-instance-roles.md). Called before the app listens.
 */
export function answerHealthOnly(app: FastifyInstance): void {
  const server = app.server;
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== HEALTH_PATH) request.url = NOT_ON_THIS_INSTANCE;
    for (const handle of handlers) handle.call(server, request, response);
  });
}
