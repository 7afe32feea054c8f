import { spawn, type ChildProcess } from 'node:child_process';
import autocannon, { type Options, type Result } from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful health answer. */
  readyMs: number;
  stop(): Promise<void>;
}

// The API tests' helper: a port nobody listens on right now (the system picks it).
export { freePort } from '../apps/server/test/server-process.ts';

// The browser runs' one Chromium launch setting (e2e suite, README screenshots, browser benches).
export { chromiumLaunch } from '../e2e/support/chromium.ts';

/** The machine's load average over the last minute: printed beside every figure. */
export function loadAverage(): number {
  return os.loadavg()[0]!;
}

/**
 * Whether process `pid` holds the socket listening on `port` (from /proc): a figure measured
 * against some other server left on the port would be worthless.
 */
function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

/**
 * Starts a Node process and waits until its /api/health answers — from this process: a port that
 * answers before the start, or a listener that is not the child's, stops the bench.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  port: number,
): Promise<Started> {
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} already answers: another server is running there`);
  const begin = performance.now();
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the measured processes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${script} did not become ready`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - begin;
  if (!listensOn(child.pid!, port)) {
    child.kill('SIGTERM');
    throw new Error(`${script}: port ${port} answered, but not from the process the bench started`);
  }
  return {
    child,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The administrator every app the bench starts is given (ADMIN_PASSWORD), to log in with. */
export const ADMIN = { account: 'admin', password: 'Bench-admin-pass-1' };

/** The settings every app the bench starts shares: production, on loopback, quiet, no login captcha. */
export const COMMON_APP_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: ADMIN.password,
  CAPTCHA_ENABLED: 'false',
};

/**
 * Starts the app as production does, from the server's build (apps/server/dist/main.js, decision
 * 0127), with COMMON_APP_ENV plus `env`, the scenario's own settings (its DATA_DIR or DATABASE_URL,
 * WEBHOOK_ALLOW_PRIVATE, …), and waits until it answers.
 */
export function startApp(env: Record<string, string>, port: number): Promise<Started> {
  return startProcess(builtServer(), { ...COMMON_APP_ENV, ...env }, port);
}

/** The entry of the server's build, which production runs; the bench measures that, not the sources. */
export function builtServer(): string {
  const main = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`no server build in ${main}: run \`npm run build\` first`);
  return main;
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux
/**
 * CPU time (user + system) a process has used so far, in ms, from /proc. Unlike rates, CPU per
 * request hardly moves when other processes share the cores, so it shows what a change saved.
 */
export function cpuMs(pid: number): number {
  // Fields after the command name, which is in brackets and may hold spaces: utime is the 12th, stime the 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * An autocannon run of a fixed `amount`, timed from its start to its last response. autocannon's own
 * promise resolves on its one-second tick, which rounded every such run up to whole seconds: 20,000
 * scans answered in 6.1 s read as 7.02 s (2,849/s for 3,280/s).
 */
export async function timedRun(
  options: Options,
): Promise<Result & { seconds: number; lastResponseAt: number }> {
  const begin = performance.now();
  let lastResponseAt = begin;
  const instance = autocannon(options);
  instance.on('response', () => {
    lastResponseAt = performance.now();
  });
  const result = await instance;
  return { ...result, seconds: (lastResponseAt - begin) / 1000, lastResponseAt };
}
