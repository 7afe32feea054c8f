import { createServer, type AddressInfo, type ListenOptions, type Server as NetServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';

/**
 * Listening sockets on the app's address, its own included. Node takes one new connection per
 * listening socket per turn of its event loop (libuv reads one connection each time the socket is
 * ready). A turn under load lasts 10–25 ms (a batch of sign-ups is written synchronously inside
 * one), so 200 phones connecting at once queued for up to 1.4 s before their first byte was read
 * (sign-up bench; `ss -ltn` showed the accept queue draining by about two per 20 ms). With sockets
 * sharing the port (SO_REUSEPORT: the kernel spreads new connections over them) each turn takes one
 * per socket: 200 connections in 200 busy turns with one socket, about 10 with 32, 5–10 with 64.
 * (With HOST=localhost Fastify also listens on the other loopback address, with one socket.)
 */
export const LISTENING_SOCKETS = 64;

/**
 * The options Node's HTTP server gives its own listening socket (http.createServer's defaults, which
 * app.ts does not change), which a plain one lacks: Nagle's algorithm off (with it on, an answer
 * written in two parts waited ~40 ms for the client's delayed ACK: the door bench's search p95 went
 * from 12 to 56 ms), and half-open sockets, so that the HTTP layer, not the socket, decides what a
 * client's half-close means. Node's connection count (`getConnections`, `maxConnections`) covers
 * only the server's own socket.
 */
const HTTP_SOCKETS = { allowHalfOpen: true, noDelay: true };

/** SO_REUSEPORT spreads connections on Linux; elsewhere (a developer's Mac) one socket is kept. */
export const spreadsAccept = process.platform === 'linux';

function listen(server: NetServer, options: ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Fails as a plain listen does when another process holds the port: sockets that share a port share
 * it with anyone else who asks for SO_REUSEPORT, and a second instance started on the same port by
 * mistake must not quietly take half the traffic.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listen(probe, { host, port }); // without reusePort: refused if anyone holds the port
  await new Promise((resolve) => probe.close(resolve));
}

/**
 * Opens the extra listening sockets beside `server`'s own (which must have been opened with
 * `reusePort: true`) and hands their connections to it, as if it had accepted them. They stop
 * listening when the server closes, or earlier through the function returned; connections already
 * taken stay with the server, which closes them. An accept error reaches the server's own listeners,
 * as one on its own socket would.
 */
export async function spreadAccept(server: HttpServer, sockets = LISTENING_SOCKETS): Promise<() => void> {
  const address = server.address() as AddressInfo;
  const acceptors: NetServer[] = [];
  const stop = () => {
    for (const acceptor of acceptors.splice(0)) acceptor.close();
  };
  try {
    for (let i = 1; i < sockets; i++) {
      const acceptor = createServer(HTTP_SOCKETS, (socket) => server.emit('connection', socket));
      await listen(acceptor, { host: address.address, port: address.port, reusePort: true });
      acceptor.on('error', (error) => server.emit('error', error));
      acceptors.push(acceptor);
    }
  } catch (error) {
    stop();
    throw error;
  }
  server.once('close', stop);
  return stop;
}
