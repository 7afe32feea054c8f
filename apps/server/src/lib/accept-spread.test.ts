import { spawn } from 'node:child_process';
import { Agent, createServer as createHttpServer, get, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, spreadAccept, spreadsAccept } from './accept-spread.ts';

const CROWD = 200;
const opened: Array<{ close(done: () => void): unknown }> = [];
/** Keeps the stop of extra sockets with the servers to close after each test. */
const stopping = (stop: () => void) => ({ close: (done: () => void) => (stop(), done()) });

async function listening(reusePort: boolean): Promise<Server> {
  const server = createHttpServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0, reusePort }, resolve));
  opened.push(server);
  return server;
}

/**
 * CROWD connections from another process while this one's event loop is busy (5 ms of work a turn,
 * as under load): how many turns pass from the first connection taken to the last.
 */
async function turnsToTakeCrowd(server: Server): Promise<number> {
  let taken = 0;
  server.on('connection', (socket) => {
    taken += 1;
    socket.destroy();
  });
  const { port } = server.address() as AddressInfo;
  const crowd = spawn(process.execPath, [
    '-e',
    `const net = require('node:net');
     for (let i = 0; i < ${CROWD}; i++) net.connect(${port}, '127.0.0.1').on('error', () => {});
     setTimeout(() => process.exit(0), 20000);`,
  ]);
  try {
    return await new Promise<number>((resolve, reject) => {
      let turns = 0;
      let firstTakenAt = -1;
      const turn = () => {
        const until = performance.now() + 5;
        while (performance.now() < until); // busy, as a loaded server is
        turns += 1;
        if (taken > 0 && firstTakenAt < 0) firstTakenAt = turns;
        if (taken >= CROWD) return resolve(turns - firstTakenAt);
        if (turns > 3000) return reject(new Error(`only ${taken} of ${CROWD} taken`));
        setImmediate(turn);
      };
      turn();
    });
  } finally {
    crowd.kill();
  }
}

afterEach(async () => {
  await Promise.all(
    opened.splice(0).map((s) => {
      (s as Partial<Server>).closeAllConnections?.();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }),
  );
});

describe.runIf(spreadsAccept)('accept spread over several listening sockets', () => {
  it('takes a crowd connecting at once in a few busy turns, where one socket takes one a turn', async () => {
    const alone = await turnsToTakeCrowd(await listening(false));
    const shared = await listening(true);
    opened.push(stopping(await spreadAccept(shared)));
    const spread = await turnsToTakeCrowd(shared);
    // Measured: about 200 turns alone, 5-10 with 64 sockets.
    expect(alone).toBeGreaterThan(CROWD * 0.8);
    expect(spread).toBeLessThan(CROWD / 4);
  });

  it('serves requests on the connections the extra sockets take', async () => {
    const server = await listening(true);
    opened.push(stopping(await spreadAccept(server)));
    const { port } = server.address() as AddressInfo;
    // A new connection each: the kernel spreads them over the 32 sockets.
    const answers = await Promise.all(
      Array.from(
        { length: 64 },
        () =>
          new Promise<string>((resolve, reject) =>
            get({ host: '127.0.0.1', port, agent: false }, (response) => {
              let body = '';
              response.on('data', (chunk) => (body += chunk));
              response.on('end', () => resolve(`${response.statusCode} ${body}`));
            }).on('error', reject),
          ),
      ),
    );
    expect(answers).toEqual(Array(64).fill('200 ok'));
  });

  it('sends an answer written in parts at once (Nagle off, as on the HTTP server’s own socket)', async () => {
    const server = createHttpServer((_request, response) => {
      response.write('a');
      setImmediate(() => response.end('b'));
    });
    await new Promise<void>((resolve) =>
      server.listen({ host: '127.0.0.1', port: 0, reusePort: true }, resolve),
    );
    opened.push(server);
    opened.push(stopping(await spreadAccept(server)));
    const { port } = server.address() as AddressInfo;
    // Four kept-alive connections (all but one in 64 land on an extra socket), ten answers each.
    const slowest = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        let longest = 0;
        for (let i = 0; i < 10; i++) {
          const began = performance.now();
          const body = await new Promise<string>((resolve, reject) =>
            get({ host: '127.0.0.1', port, agent }, (response) => {
              let text = '';
              response.on('data', (chunk) => (text += chunk));
              response.on('end', () => resolve(text));
            }).on('error', reject),
          );
          expect(body).toBe('ab');
          longest = Math.max(longest, performance.now() - began);
        }
        agent.destroy();
        return longest;
      }),
    );
    // With Nagle on, the second part waited for the client's delayed ACK: about 40 ms.
    expect(Math.max(...slowest)).toBeLessThan(30);
  });

  it('refuses a port another process listens on, which SO_REUSEPORT alone would share', async () => {
    const other = createServer();
    await new Promise<void>((resolve) =>
      other.listen({ host: '127.0.0.1', port: 0, reusePort: true }, resolve),
    );
    opened.push(other);
    const { port } = other.address() as AddressInfo;
    await expect(assertPortFree('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // What the check prevents: a second listener asking for SO_REUSEPORT would have joined it.
    const joined = createServer();
    await new Promise<void>((resolve) =>
      joined.listen({ host: '127.0.0.1', port, reusePort: true }, resolve),
    );
    opened.push(joined);
    expect(joined.listening).toBe(true);
  });
});
