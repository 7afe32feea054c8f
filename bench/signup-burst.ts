import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
// The API tests' direct-insert fixtures: the benchmark measures sign-ups, not the admin API.
import {
  clientIp,
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
} from '../apps/server/test/registration-fixtures.ts';
import { builtServer, cpuMs, freePort, startProcess, type Started } from './lib.ts';
import type { Measured } from './row.ts';

/**
 * Sign-up burst: ATTEMPTS date-schedule sign-ups at CONNECTIONS connections on a meeting of SEATS
 * seats with sessions, through HTTP against the real server process (on PostgreSQL, two instances
 * sharing the load, as behind a load balancer). On SQLite the baseline is bare-signup.ts — bare
 * Fastify on node:sqlite with the same seat logic and group commit — on the same kind of meeting.
 * Latencies are of accepted sign-ups only; the refusals once the meeting is full are counted apart.
 */
const ATTEMPTS = 6000;
const CONNECTIONS = 200;
const SEATS = 5000;

export interface BurstResult {
  instances: number;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  /** Latency of the "meeting full" refusals. */
  refusedP99: number;
  /** Server CPU (all instances) per sign-up attempt, in ms. */
  cpuMsPerAttempt: number;
  accepted: number;
  full: number;
  failed: number;
  /** Guests beyond the limit (must be 0), and whether the meeting's counter equals its guest rows. */
  oversold: number;
  counterMatches: boolean;
  /** The bare server's figures on the same kind of meeting (SQLite only). */
  bare: { acceptedPerSecond: number; p99: number; cpuMsPerAttempt: number } | null;
}

export interface Target {
  kind: 'sqlite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshTarget(kind: Target['kind']): Promise<Target> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-burst-'));
    return {
      kind,
      env: { DATA_DIR: dir },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `mf_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A date-schedule meeting of SEATS seats with three sessions (one of them limited) and a user type. */
export async function seatMeeting(db: Db) {
  const organization = await createOrganization(db);
  const meeting = await createMeeting(db, organization, {
    meeting_type: 'date_schedule',
    registration_limit: SEATS,
  });
  const sessions = [
    await createSchedule(db, meeting.id, 0, 'Plenary'),
    await createSchedule(db, meeting.id, SEATS, 'Workshop'),
    await createSchedule(db, meeting.id, 0, 'Dinner'),
  ];
  const userType = await createUserType(db, meeting.id, sessions);
  return { meeting, userType, chosen: sessions.slice(0, 2) };
}

async function seatsTaken(db: Db, meetingId: number) {
  const guests = await db
    .selectFrom('guests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .executeTakeFirstOrThrow();
  const meeting = await db
    .selectFrom('meetings')
    .select('registered_count')
    .where('id', '=', meetingId)
    .executeTakeFirstOrThrow();
  return { rows: Number(guests.n), counter: meeting.registered_count };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A meeting of the burst; `answers` go in every sign-up's body (a meeting with its own fields). */
export type Meeting = Awaited<ReturnType<typeof seatMeeting>> & { answers?: Record<string, unknown> };

/**
 * `amount` sign-ups on `meeting`, spread over the servers: each accepted one's latency (from
 * autocannon's own per-response timing), the refusals', and the server CPU they took.
 */
export async function burst(
  servers: Started[],
  ports: number[],
  meeting: Meeting,
  first: number,
  amount: number,
) {
  let next = first;
  const accepted: number[] = [];
  const refused: number[] = [];
  let failed = 0;
  const cpuBefore = servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);
  const begin = performance.now();
  let lastAccepted = 0;
  await Promise.all(
    ports.map((port) => {
      const instance = autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS / ports.length,
        amount: amount / ports.length,
        requests: [
          {
            method: 'POST',
            path: `/api/public/meetings/${meeting.meeting.publicId}/sign-ups`,
            setupRequest: (request) => {
              const n = next++;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(n) },
                body: JSON.stringify({
                  ...dateScheduleBody(n, meeting.userType, meeting.chosen),
                  ...(meeting.answers ? { answers: meeting.answers } : {}),
                }),
              };
            },
          },
        ],
      });
      instance.on('response', (_client, status, _bytes, responseTime) => {
        if (status === 200) {
          accepted.push(responseTime);
          lastAccepted = performance.now() - begin;
        } else if (status === 409) refused.push(responseTime);
        else failed += 1;
      });
      return instance;
    }),
  );
  const cpu = servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0) - cpuBefore;
  return {
    acceptedPerSecond: accepted.length / (Math.max(lastAccepted, 1) / 1000),
    p50: percentile(accepted, 50),
    p99: percentile(accepted, 99),
    refusedP99: percentile(refused, 99),
    cpuMsPerAttempt: cpu / amount,
    accepted: accepted.length,
    full: refused.length,
    failed,
  };
}

export const APP_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'Bench-admin-pass-1',
  // The load arrives as from a load balancer in front of many phones: one address per guest.
  TRUST_PROXY: '127.0.0.1',
};

/** A warm-up burst on its own meeting, then the measured one. */
async function measured(servers: Started[], ports: number[], warm: Meeting, measuredMeeting: Meeting) {
  await burst(servers, ports, warm, 800_000, 1500);
  return burst(servers, ports, measuredMeeting, 0, ATTEMPTS);
}

export interface BurstOptions {
  /** Settings for the measured server on top of the bench's (the secure-delete comparison's toggle). */
  env?: Record<string, string>;
  /** Measure the bare baseline too (SQLite only; default yes). */
  bare?: boolean;
}

export async function signUpBurst(kind: Target['kind'], options: BurstOptions = {}): Promise<BurstResult> {
  const target = await freshTarget(kind);
  const config = loadConfig({ NODE_ENV: 'production', ...target.env });
  let { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const meetings = [];
    for (let n = 0; n < 4; n++) meetings.push(await seatMeeting(db));
    await db.destroy();

    const main = builtServer();
    const instances = kind === 'postgres' ? 2 : 1;
    const ports = await Promise.all(Array.from({ length: instances }, freePort));
    const servers: Started[] = [];
    let ours;
    try {
      for (const port of ports)
        servers.push(await startProcess(main, { ...target.env, ...APP_ENV, ...options.env }, port));
      ours = await measured(servers, ports, meetings[0]!, meetings[1]!);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    let bare = null;
    if (kind === 'sqlite' && options.bare !== false) {
      const port = await freePort();
      const server = await startProcess(path.join(import.meta.dirname, 'bare-signup.ts'), target.env, port);
      try {
        const run = await measured([server], [port], meetings[2]!, meetings[3]!);
        bare = {
          acceptedPerSecond: run.acceptedPerSecond,
          p99: run.p99,
          cpuMsPerAttempt: run.cpuMsPerAttempt,
        };
      } finally {
        await server.stop();
      }
    }

    db = openDatabase(config).db;
    const taken = await seatsTaken(db, meetings[1]!.meeting.id);
    return {
      instances,
      ...ours,
      oversold: Math.max(0, taken.rows - SEATS),
      counterMatches: taken.rows === taken.counter && taken.rows === ours.accepted,
      bare,
    };
  } finally {
    await db.destroy().catch(() => undefined);
    await target.drop();
  }
}

/** The figures of one burst as rows of the bench's table. */
export function signUpBurstRows(kind: Target['kind'], burst: BurstResult): Measured[] {
  const label = `${kind}, ${burst.instances} instance${burst.instances > 1 ? 's' : ''}`;
  const rateTarget = kind === 'sqlite' ? 2000 : 1000;
  const p99Target = kind === 'sqlite' ? 150 : 300;
  return [
    {
      metric: `sign-up burst accepted/s (${label})`,
      ours: burst.acceptedPerSecond,
      baseline: burst.bare?.acceptedPerSecond ?? null,
      unit: '/s',
      target: `≥ ${rateTarget}${burst.bare ? ' (baseline: bare Fastify + node:sqlite)' : ''}`,
      pass: burst.acceptedPerSecond >= rateTarget,
    },
    {
      metric: `sign-up burst p50, accepted (${label})`,
      ours: burst.p50,
      baseline: null,
      unit: 'ms',
      target: 'report',
      pass: null,
    },
    {
      metric: `sign-up burst p99, accepted (${label})`,
      ours: burst.p99,
      baseline: burst.bare?.p99 ?? null,
      unit: 'ms',
      target: `≤ ${p99Target}`,
      pass: burst.p99 <= p99Target,
      detail: { refusedP99: burst.refusedP99, refused: burst.full },
    },
    {
      metric: `sign-up burst server CPU per attempt (${label})`,
      ours: burst.cpuMsPerAttempt * 1000,
      baseline: burst.bare ? burst.bare.cpuMsPerAttempt * 1000 : null,
      unit: 'µs',
      target: burst.bare ? 'ratio ≤ 1.5' : 'report',
      pass: burst.bare ? burst.cpuMsPerAttempt <= 1.5 * burst.bare.cpuMsPerAttempt : null,
    },
    {
      metric: `sign-up burst oversold (${label})`,
      ours: burst.oversold,
      baseline: null,
      unit: 'seats',
      target: '0, counter = rows',
      pass: burst.oversold === 0 && burst.counterMatches && burst.failed === 0,
      detail: { accepted: burst.accepted, refused: burst.full, failed: burst.failed },
    },
  ];
}
