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

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'env'>): {
  db: Db;
  kind: DatabaseKind;
} {
  if (config.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 });
    // A connection cut by the server (restart, failover, admin command) must not crash the process.
    // The pool listens on idle connections only, and drops them; it opens new ones on next use.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // A connection in use emits the same 'error' (which, unheard, ends the process); its query has
    // already failed with it, answered 503 by the error handler, and the pool discards the client
    // when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { db: kysely(new PostgresDialect({ pool }), config.env), kind: 'postgres' };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'meetflow.sqlite');
  return { db: kysely(new NodeSqliteDialect(file), config.env), kind: 'sqlite' };
}

/** Outside production, a write through db inside a transaction callback fails at once instead of
 *  deadlocking (transaction-guard.ts); production keeps Kysely as it is, at no cost. */
function kysely(dialect: Dialect, env: Config['env']): Db {
  if (env === 'production') return new Kysely<Database>({ dialect });
  return new TransactionGuardedKysely<Database>({ dialect: guardTransactions(dialect) });
}
