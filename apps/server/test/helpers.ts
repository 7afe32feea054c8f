import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { TokenInfo } from '@meetflow/shared/schemas/auth';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Db, type DatabaseKind } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ensureFirstAdmin } from '../src/modules/users/users.service.ts';

export const ADMIN = { account: 'admin', password: 'Admin-pass-123' };
export const CAPTCHA_ANSWER = '1234';

/** Which database this run of the API suite uses: scripts/test-api.mjs runs it once per kind. */
export const TEST_DB: DatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What a test database is: the app's environment for it, where it lives, how to drop it. */
interface TestDatabase {
  env: Record<string, string>;
  /** The SQLite data folder, or the PostgreSQL database's name. */
  location: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database for one test file: a temp SQLite file or a new PostgreSQL database. */
export async function freshDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-test-'));
    return {
      env: { DATA_DIR: dir },
      location: dir,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  // No skipping: an unreachable PostgreSQL fails the run.
  const name = `mf_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, location: name, drop: () => dropDatabase(name) };
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/**
 * Which migrations a template was built from: every migration file and the migrator, so a change to
 * any of them builds a new template instead of handing out a stale schema.
 */
function migrationsHash(): string {
  const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
  const files = [
    ...fs
      .readdirSync(dir)
      .sort()
      .map((name) => path.join(dir, name)),
    path.join(dir, '../migrate.ts'),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * A fresh database with every migration applied, copied from a template migrated once per machine
 * and schema (a PostgreSQL `template` database, a SQLite file): running 32 migrations took 0.25 s
 * (SQLite) and 0.4 s (PostgreSQL) of each of the ~350 contexts an API run opens.
 */
export async function migratedDatabase(): Promise<TestDatabase> {
  const hash = migrationsHash();
  if (TEST_DB === 'sqlite') {
    const database = await freshDatabase();
    const template = path.join(os.tmpdir(), `mf-template-${hash}.sqlite`);
    if (!fs.existsSync(template)) await buildTemplate(template);
    fs.copyFileSync(template, path.join(database.location, 'meetflow.sqlite'));
    return database;
  }
  // PostgreSQL copies the template on CREATE DATABASE.
  const template = `mf_template_${hash}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) await buildTemplate(template);
    const name = `mf_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return { env: { DATABASE_URL: url.toString() }, location: name, drop: () => dropDatabase(name) };
  } finally {
    await admin.end();
  }
}

/**
 * Migrates a new database and publishes it under `target` in one step (a rename), so two runs that
 * build at once never hand out a half-migrated template: the loser of the rename drops its own.
 */
async function buildTemplate(target: string): Promise<void> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env });
  const { db } = openDatabase(config);
  await migrateToLatest(db);
  await db.destroy();
  if (TEST_DB === 'sqlite') {
    const built = `${target}.${process.pid}`;
    fs.copyFileSync(path.join(database.location, 'meetflow.sqlite'), built);
    fs.renameSync(built, target);
    await database.drop();
    return;
  }
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${database.location} rename to ${target}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database: another run won
    await database.drop();
  } finally {
    await admin.end();
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): number;
  captcha(): Promise<string>;
  login(credentials?: { account: string; password: string }): Promise<TokenInfo>;
  /** The error-level log lines so far, which close() then no longer counts: for tests that provoke one. */
  takeErrorLogs(): string[];
  close(): Promise<void>;
}

/** pino's level number of "error": a normal action never logs at or above it. */
const ERROR_LEVEL = 50;

/**
 * A test context: a fresh database, migrated, with the first administrator, and an app on a
 * controllable clock. Unless the test reads the log itself (`logStream`), close() fails the file
 * when the server logged an error: a normal action must never end in one (a 500 always logs).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void }; redis?: Redis } = {},
): Promise<TestContext> {
  const database = await migratedDatabase();
  const errorLines: string[] = [];
  const logStream = options.logStream ?? {
    write(line: string) {
      if ((JSON.parse(line) as { level: number }).level >= ERROR_LEVEL) errorLines.push(line);
    },
  };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'silent' : 'error',
    // Tests that build local times with Date take the machine's zone; a test passes TIME_ZONE to differ.
    TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone,
    MF_CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    WEB_DIST: path.join(os.tmpdir(), 'mf-no-web-build'),
    ...database.env,
    ...env,
  });
  const { db, kind } = openDatabase(config);
  await ensureFirstAdmin(db, { account: ADMIN.account, password: ADMIN.password });
  let now = Date.now();
  const app = await buildApp({ config, db, dbKind: kind, clock: () => now, logStream, redis: options.redis });

  const context: TestContext = {
    app,
    db,
    config,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    async captcha() {
      const res = await app.inject({ method: 'GET', url: '/api/captcha' });
      return res.json().data.captcha_id as string;
    },
    async login(credentials = ADMIN) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { ...credentials, captcha_id: await context.captcha(), verify_code: CAPTCHA_ANSWER },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return res.json().data.token as TokenInfo;
    },
    takeErrorLogs: () => errorLines.splice(0),
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      if (errorLines.length > 0) throw new Error(`The server logged errors:\n${errorLines.join('')}`);
    },
  };
  return context;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
