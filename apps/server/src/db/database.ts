import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

// bigint columns hold millisecond times, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): {
  db: Db;
  kind: DatabaseKind;
} {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 });
    // An idle connection cut by the server (restart, failover, admin command) must not crash the
    // process: the pool drops it and opens a new one on next use.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'meetflow.sqlite');
  return { db: new Kysely<Database>({ dialect: new NodeSqliteDialect(file) }), kind: 'sqlite' };
}
