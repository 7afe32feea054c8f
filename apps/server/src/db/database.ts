import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import type Pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';
import { TransactionGuardedKysely, guardTransactions } from './transaction-guard.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** The PostgreSQL driver, loaded only when PostgreSQL is configured (a SQLite server never needs
 *  its ~10 MB). Synchronous, as opening the database is. */
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // bigint columns hold millisecond times, well inside Number's exact range.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'env'> &
    Partial<Pick<Config, 'sqliteSecureDelete' | 'pgPoolMax' | 'pgStatementTimeoutMs'>>,
): {
  db: Db;
  kind: DatabaseKind;
} {
  if (config.databaseUrl) {
    const pg = loadPg();
    // A runaway statement is cancelled by PostgreSQL itself (SQLSTATE 57014) rather than holding a
    // pooled connection for ever; 0 leaves the server's own setting.
    const timeout = config.pgStatementTimeoutMs ?? 30_000;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.pgPoolMax ?? 20,
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
    });
    // A connection cut by the server (restart, failover, admin command) must not crash the process.
    // The pool listens on idle connections only, and drops them; it opens new ones on next use.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // A connection in use emits the same 'error' (which, unheard, ends the process); its query has
    // already failed with it, answered 503 by the error handler, and the pool discards the client
    // when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = kysely(new PostgresDialect({ pool }), config.env);
    pgPools.set(db, pool);
    return { db, kind: 'postgres' };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'meetflow.sqlite');
  const dialect = new NodeSqliteDialect(file, { secureDelete: config.sqliteSecureDelete ?? true });
  const db = kysely(dialect, config.env);
  sqliteDialects.set(db, dialect);
  return { db, kind: 'sqlite' };
}

const sqliteDialects = new WeakMap<Db, NodeSqliteDialect>();
const pgPools = new WeakMap<Db, Pg.Pool>();

/** The PostgreSQL pool's connections now (the operator's metrics); undefined on SQLite, which has none. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pgPools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Waits before each further try of an unfinished checkpoint: about 6 s in all. */
const CHECKPOINT_RETRY_MS = [50, 100, 200, 400, 800, 1600, 3200];

/**
 * After an erasure: on SQLite, the WAL is checkpointed into the file (whose freed space secure
 * deletion has zeroed) and truncated, so the erased values are in neither file. A reader holding an
 * older snapshot keeps the checkpoint from finishing: it is tried again, with growing waits.
 * `stop` ends the retries early (the app is closing). Answers whether it finished (always true on
 * PostgreSQL, which keeps its own files: see docs/decisions/0037-postgres-dead-rows-no-vacuum-full.md).
 */
export async function truncateWalAfterErasure(
  db: Db,
  stop: () => boolean = () => false,
): Promise<{ done: boolean; tries: number }> {
  const dialect = sqliteDialects.get(db);
  if (!dialect) return { done: true, tries: 0 };
  for (let tries = 1; ; tries++) {
    const result = await dialect.truncateWal();
    if (result.busy === 0) return { done: true, tries };
    const wait = CHECKPOINT_RETRY_MS[tries - 1];
    if (wait === undefined || stop()) return { done: false, tries };
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Outside production, a write through db inside a transaction callback fails at once instead of
 *  deadlocking (transaction-guard.ts); production keeps Kysely as it is, at no cost. */
function kysely(dialect: Dialect, env: Config['env']): Db {
  if (env === 'production') return new Kysely<Database>({ dialect });
  return new TransactionGuardedKysely<Database>({ dialect: guardTransactions(dialect) });
}
