import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, createServer as createHttpServer, get, type Server } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
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
 * CROWD connections from another process, all waiting in the kernel's accept queues before this
 * process's event loop turns again (it is held until the other process has seen every connection
 * made); then how many turns, each busy for 5 ms as under load, until all are taken.
 */
async function turnsToTakeCrowd(server: Server): Promise<number> {
  let taken = 0;
  server.on('connection', (socket) => {
    taken += 1;
    socket.destroy();
  });
  const { port } = server.address() as AddressInfo;
  const connected = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-accept-')), 'connected');
  const crowd = spawn(process.execPath, [
    '-e',
    `const net = require('node:net');
     let made = 0;
     for (let i = 0; i < ${CROWD}; i++)
       net.connect(${port}, '127.0.0.1')
         .on('connect', () => ++made === ${CROWD} && require('node:fs').writeFileSync(${JSON.stringify(connected)}, ''))
         .on('error', () => {});
     setTimeout(() => process.exit(0), 20000);`,
  ]);
  try {
    // Held without a turn: nothing is taken meanwhile (a handshake completes in the kernel).
    const deadline = performance.now() + 15_000;
    while (!fs.existsSync(connected) && performance.now() < deadline);
    expect(taken).toBe(0);
    return await new Promise<number>((resolve, reject) => {
      let turns = 0;
      const turn = () => {
        const until = performance.now() + 5;
        while (performance.now() < until); // busy, as a loaded server is
        if (taken >= CROWD) return resolve(turns);
        turns += 1;
        if (turns > 3000) return reject(new Error(`only ${taken} of ${CROWD} taken`));
        setImmediate(turn);
      };
      setImmediate(turn);
    });
  } finally {
    crowd.kill();
    fs.rmSync(path.dirname(connected), { recursive: true, force: true });
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
    // Measured: 200 turns alone (one connection a turn), 7 with 64 sockets.
    expect(alone).toBeGreaterThan(CROWD * 0.8);
    expect(spread).toBeLessThan(20);
  });

  it('serves requests on the connections the extra sockets take', async () => {
    const server = await listening(true);
    opened.push(stopping(await spreadAccept(server)));
    const { port } = server.address() as AddressInfo;
    // A new connection each: the kernel spreads them over the 64 sockets.
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
    const times = (
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          const took: number[] = [];
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
            took.push(performance.now() - began);
          }
          agent.destroy();
          return took;
        }),
      )
    ).flat();
    // With Nagle on, the second part waited for the client's delayed ACK (about 40 ms) on 36 of the
    // 40 answers; without it all took under 6 ms. A busy machine may slow a few for other reasons.
    expect(times.filter((ms) => ms >= 20).length).toBeLessThan(10);
  });

  it('stops listening with the server: nothing is taken after it closed', async () => {
    const server = createHttpServer();
    await new Promise<void>((resolve) =>
      server.listen({ host: '127.0.0.1', port: 0, reusePort: true }, resolve),
    );
    await spreadAccept(server);
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const attempts = await Promise.all(
      Array.from(
        { length: 16 },
        () =>
          new Promise<string>((resolve) =>
            connect(port, '127.0.0.1')
              .on('connect', function (this: Socket) {
                this.destroy();
                resolve('connected');
              })
              .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error')),
          ),
      ),
    );
    expect(attempts).toEqual(Array(16).fill('ECONNREFUSED'));
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
