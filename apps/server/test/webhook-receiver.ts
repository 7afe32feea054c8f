import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers to its n-th request (from 1): a status, or 'hang' to never answer. */
export type Responder = (n: number, received: Received) => number | 'hang';

/**
 * A webhook receiver on loopback, in the test process: it keeps every request it was sent and
 * answers as the test tells it to (fail, succeed, or hold the connection open).
 */
export async function startReceiver(respond: Responder = () => 200) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  let responder = respond;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      for (const w of waiters.splice(0)) {
        if (received.length >= w.count) w.resolve();
        else waiters.push(w);
      }
      const answer = responder(received.length, entry);
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer < 300 ? 'ok' : `refused ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Messages by type, parsed. */
    events: () => received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }),
    answer(next: Responder) {
      responder = next;
    },
    /** Resolves once this many requests have arrived. */
    waitFor(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
