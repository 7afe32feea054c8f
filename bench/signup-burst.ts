import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { signUpBody } from '@meetflow/shared/schemas/public';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createLimiterFactory } from '../apps/server/src/lib/rate-limiter.ts';
import { createRegistrationService } from '../apps/server/src/modules/registration/registration.service.ts';
import { createSystemLog } from '../apps/server/src/modules/system-log/system-log.service.ts';
// The API tests' direct-insert fixtures: the benchmark measures sign-ups, not the admin API.
import {
  clientIp,
  createMeeting,
  createOrganization,
  createSchedule,
  createUserType,
  dateScheduleBody,
} from '../apps/server/test/registration-fixtures.ts';
import { startProcess } from './lib.ts';

/**
 * Sign-up burst (issue 7): ATTEMPTS date-schedule sign-ups at CONNECTIONS connections on a meeting
 * of SEATS seats with sessions, through HTTP against the real server process; beside it the raw
 * ceiling — the registration service (zod parse + the same SQL) in a tight loop in this process.
 */
const ATTEMPTS = 5000;
const CONNECTIONS = 200;
const SEATS = 1000;

export interface BurstResult {
  acceptedPerSecond: number;
  rawPerSecond: number;
  p50: number;
  p99: number;
  accepted: number;
  full: number;
  failed: number;
  /** Guests beyond the limit (must be 0), and whether the meeting's counter equals its guest rows. */
  oversold: number;
  counterMatches: boolean;
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
async function seatMeeting(db: Db) {
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

/**
 * The registration service without HTTP: the same parse, SQL and transaction, driven by as many
 * concurrent callers as the HTTP run has connections (so both share write batches alike), until the
 * meeting is full.
 */
async function rawCeiling(db: Db): Promise<number> {
  const { meeting, userType, chosen } = await seatMeeting(db);
  const service = createRegistrationService({
    db,
    systemLog: createSystemLog(db, Date.now),
    limiters: createLimiterFactory(undefined),
    clock: Date.now,
  });
  let next = 0;
  const caller = async () => {
    while (next < SEATS) {
      const n = next++;
      const body = signUpBody.parse(dateScheduleBody(500_000 + n, userType, chosen));
      await service.signUp(meeting.publicId, body, clientIp(n), 'zh-tw');
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  return SEATS / ((performance.now() - begin) / 1000);
}

export async function signUpBurst(kind: Target['kind'], port: number): Promise<BurstResult> {
  const target = await freshTarget(kind);
  const config = loadConfig({ NODE_ENV: 'production', ...target.env });
  let { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const warm = await seatMeeting(db);
    const burst = await seatMeeting(db);
    await db.destroy();

    const app = await startProcess(
      path.resolve(import.meta.dirname, '../apps/server/src/main.ts'),
      {
        ...target.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'Bench-admin-pass-1',
        // The load arrives as from a load balancer in front of many phones: one address per guest.
        TRUST_PROXY: '127.0.0.1',
      },
      port,
    );
    const run = (publicId: string, userType: number, chosen: number[], first: number, amount: number) => {
      let next = first;
      const acceptedAt: number[] = [];
      const begin = performance.now();
      const result = autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        amount,
        requests: [
          {
            method: 'POST',
            path: `/api/public/meetings/${publicId}/sign-ups`,
            setupRequest: (request) => {
              const n = next++;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(n) },
                body: JSON.stringify(dateScheduleBody(n, userType, chosen)),
              };
            },
            onResponse: (status) => {
              if (status === 200) acceptedAt.push(performance.now() - begin);
            },
          },
        ],
      });
      return result.then((r) => ({ r, acceptedAt }));
    };
    let outcome;
    try {
      await run(warm.meeting.publicId, warm.userType, warm.chosen, 800_000, 1500);
      outcome = await run(burst.meeting.publicId, burst.userType, burst.chosen, 0, ATTEMPTS);
    } finally {
      await app.stop();
    }
    const { r, acceptedAt } = outcome;
    const lastAccepted = Math.max(...acceptedAt, 1);

    db = openDatabase(config).db;
    const taken = await seatsTaken(db, burst.meeting.id);
    const rawPerSecond = await rawCeiling(db);
    return {
      acceptedPerSecond: acceptedAt.length / (lastAccepted / 1000),
      rawPerSecond,
      p50: r.latency.p50,
      p99: r.latency.p99,
      accepted: acceptedAt.length,
      full: r['4xx'],
      failed: r['5xx'] + r.errors,
      oversold: Math.max(0, taken.rows - SEATS),
      counterMatches: taken.rows === taken.counter && taken.rows === acceptedAt.length,
    };
  } finally {
    await db.destroy().catch(() => undefined);
    await target.drop();
  }
}
