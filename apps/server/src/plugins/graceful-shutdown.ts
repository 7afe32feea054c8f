import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining: health answers 503 so that a load balancer stops routing here. */
    startDraining(): void;
    isDraining(): boolean;
  }
}

/** How long a connection opened but never used may hold a closing server: a client sends at once. */
const UNUSED_CONNECTION_GRACE_MS = 1_000;

/**
 * While the server drains, every request that reaches it is still served (nothing a guest sent is
 * refused), but its connection closes after the answer, so that the client's next request opens a
 * connection to another instance. Once Fastify closes, it stops accepting; idle keep-alive
 * connections are closed, and so are those opened without a request (a client's or load
 * balancer's spare connection), which Node would otherwise wait on for ever. The close waits for
 * every connection the server was handed, also those its extra listening sockets took
 * (lib/accept-spread.ts), which Node's own close does not count.
 */
export const gracefulShutdown = fp(async (app) => {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', () => draining);
  // At sending, not on arrival: an answer to a request that came in before the drain closes too.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const open = new Set<Socket>();
  const unused = new Set<Socket>();
  let allClosed: (() => void) | null = null;
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    unused.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      unused.delete(socket);
      if (open.size === 0) allClosed?.();
    });
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    const closingSince = Date.now();
    // Node closes the connections idle when the close begins; these sweeps close those that become
    // idle later (an answer begun before the drain) or stay unused past the grace.
    sweep = setInterval(() => {
      app.server.closeIdleConnections();
      if (Date.now() - closingSince < UNUSED_CONNECTION_GRACE_MS) return;
      for (const socket of unused) socket.destroy();
    }, 250).unref();
  });
  // After Node's own close, which counts only the connections its socket took: the others too.
  app.addHook('onClose', async () => {
    if (sweep && open.size > 0) await new Promise<void>((resolve) => (allClosed = resolve));
    clearInterval(sweep);
  });
});
