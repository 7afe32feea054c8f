import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful health answer. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts a Node process and waits until its /api/health answers. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  port: number,
): Promise<Started> {
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
