import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ADMIN, CAPTCHA_ANSWER, type TestContext } from './helpers.ts';

/** Real server processes (node src/main.js) on the test's database, for what fastify.inject cannot show. */
const MAIN = path.resolve(import.meta.dirname, '../src/main.js');

export interface Instance {
  child: ChildProcess;
  url: string;
  /** What the process has written (log lines on stdout, anything else on stderr), line by line. */
  output: string[];
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startInstance(
  ctx: TestContext,
  port: number,
  env: Record<string, string> = {},
): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MF_CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      // The test plays the load balancer: it tells each instance the guest's address.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      ...(ctx.config.databaseUrl
        ? { DATABASE_URL: ctx.config.databaseUrl }
        : { DATA_DIR: ctx.config.dataDir }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    // Whole lines only: a chunk can end in the middle of one.
    let partial = '';
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      output.push(...lines.filter(Boolean));
    });
    stream.on('end', () => (partial ? output.push(partial) : undefined));
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`instance on ${port} did not start:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `count` lines of the instance's output satisfy `wanted` (a log line it writes). */
export function untilLogged(
  instance: Instance,
  wanted: (line: string) => boolean,
  count = 1,
  limitMs = 15_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (instance.output.filter(wanted).length < count) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${count} matching log line(s) expected within ${limitMs} ms`));
    }, limitMs);
    const stop = () => {
      clearTimeout(timer);
      instance.child.stdout!.off('data', check);
    };
    // Registered after the line collector above, so the lines of this chunk are counted.
    instance.child.stdout!.on('data', check);
    check();
  });
}

/** Resolves with the exit code once the process has ended. */
export function exited(instance: Instance): Promise<number | null> {
  return new Promise((resolve) => {
    if (instance.child.exitCode !== null) return resolve(instance.child.exitCode);
    instance.child.once('exit', (code) => resolve(code));
  });
}

export function stopInstance(instance: Instance): Promise<number | null> {
  const done = exited(instance);
  if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
  return done;
}

/** The parts of the answers these tests read. */
export interface Answer {
  code: number;
  data: {
    captcha_id: string;
    token: { access_token: string; refresh_token: string };
    guest: { guest_code: string };
    result: string;
  };
}

export async function call(
  url: string,
  pathname: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${url}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/**
 * What became of one request: its HTTP status, or the network error's code (ECONNREFUSED: the
 * server never took the connection; ECONNRESET or UND_ERR_SOCKET: it dropped one it had taken).
 */
export async function outcome(request: Promise<{ status: number }>): Promise<number | string> {
  try {
    return (await request).status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(error);
  }
}

/** Polls until `ready` holds, giving the time that took. */
export async function waitFor(ready: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await ready())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
