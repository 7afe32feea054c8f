import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import pg from 'pg';
import { Migrator } from 'kysely/migration';
import { openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrate.ts';
import { planCopy, type ForeignKey } from '../src/db/move/table-order.ts';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { ensureFirstAdmin } from '../src/modules/users/users.service.ts';
import { ADMIN } from './helpers.ts';

const CLI = path.resolve(import.meta.dirname, '../src/cli/move-to-postgres.ts');
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A SQLite deployment in a temp DATA_DIR: migrated up to `upTo` (default: all), with the first admin. */
export async function sqliteDeployment(
  upTo?: string,
): Promise<{ dataDir: string; file: string; drop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-move-'));
  const { db } = openDatabase({ dataDir, databaseUrl: undefined, env: 'test' });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
    if (error) throw error;
    if (!upTo) await ensureFirstAdmin(db, { account: ADMIN.account, password: ADMIN.password });
  } finally {
    await db.destroy();
  }
  return {
    dataDir,
    file: path.join(dataDir, 'meetflow.sqlite'),
    drop: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Fills a migrated SQLite deployment with the demo data set. */
export async function seedDemoInto(dataDir: string): Promise<void> {
  const { db } = openDatabase({ dataDir, databaseUrl: undefined, env: 'test' });
  try {
    await seedDemo(db, {
      passwords: { organiser: 'Organiser-pass-1', door: 'Door-pass-12', hkDoor: 'Door-pass-13' },
    });
  } finally {
    await db.destroy();
  }
}

/** A new, empty PostgreSQL database, dropped by `drop`. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `move_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs `query` on the database at `url` and closes the connection. */
export async function pgRows<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The command, as an operator runs it: a child process with DATA_DIR set. */
export function runMove(
  dataDir: string,
  args: string[],
): { status: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [CLI, ...args], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export const quote = (name: string) => `"${name}"`;

/** The MeetFlow tables of a SQLite database (not SQLite's own, not the migrator's). */
function tableNames(db: DatabaseSync): string[] {
  return db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
    )
    .all()
    .map((r) => String(r.name));
}

/** Row counts of every MeetFlow table of a SQLite file. */
export function sqliteCounts(file: string): Record<string, number> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = tableNames(db);
    return Object.fromEntries(
      tables.map((t) => [t, Number(db.prepare(`select count(*) as n from ${quote(t)}`).get()!.n)]),
    );
  } finally {
    db.close();
  }
}

/** Values for any column, by its declared type: awkward text (quotes, backslash, accents, CJK, emoji). */
function valueFor(type: string, row: number): SQLInputValue {
  const t = type.toLowerCase();
  if (t === 'blob') return new Uint8Array([0, 255, 1, 128, 10, row & 255]);
  if (t === 'double precision') return 2.5 + row;
  if (t === 'bigint') return 1_764_000_000_000 + row;
  if (t === 'integer') return 1;
  const text = JSON.stringify([`Fill ${row} é中😀 "q" \\ end`]);
  const limit = /varchar\((\d+)\)/.exec(t)?.[1];
  return limit ? [...`f${row}é中😀`].slice(0, Number(limit)).join('') : text;
}

/**
 * Gives every table that is still empty one row, every column set (nullable ones too, so every
 * column's conversion is exercised), references pointing at existing rows. Works from the schema
 * itself: a table added later is filled without a change here.
 */
export function fillEveryTable(file: string): string[] {
  const db = new DatabaseSync(file);
  db.exec('pragma foreign_keys = on');
  try {
    const tables = tableNames(db);
    const foreignKeys: (ForeignKey & { to: string })[] = tables.flatMap((table) =>
      db
        .prepare('select "from", "table", "to" from pragma_foreign_key_list(?)')
        .all(table)
        .map((fk) => ({
          table,
          columns: [String(fk.from)],
          references: String(fk.table),
          to: String(fk.to),
        })),
    );
    const filled: string[] = [];
    for (const [n, table] of planCopy(tables, foreignKeys).order.entries()) {
      if (db.prepare(`select 1 from ${quote(table)} limit 1`).get()) continue;
      const columns = db.prepare('select name, type, pk from pragma_table_info(?)').all(table);
      const values = columns.map((c) => {
        const fk = foreignKeys.find((f) => f.table === table && f.columns[0] === c.name);
        // The newest row: the deleted filler meeting (addEdgeRows), not the demo's, which the app test uses.
        if (fk) {
          const newest = `select ${quote(fk.to)} as v from ${quote(fk.references)} order by 1 desc limit 1`;
          return db.prepare(newest).get()!.v as SQLInputValue;
        }
        if (c.pk && String(c.type).toLowerCase() === 'integer') return 900_000 + n;
        return valueFor(String(c.type), n);
      });
      db.prepare(
        `insert into ${quote(table)} (${columns.map((c) => quote(String(c.name))).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      ).run(...values);
      filled.push(table);
    }
    return filled;
  } finally {
    db.close();
  }
}

/**
 * A deleted meeting for the filler rows, and what the copy's special cases need: an organisation
 * whose parent has a higher id, a page later (keyset order copies the child first), and a system-log id that AUTOINCREMENT gave and a deletion freed (the
 * next id on PostgreSQL must not reuse it).
 */
export function addEdgeRows(file: string): { freedLogId: number } {
  const db = new DatabaseSync(file);
  db.exec('pragma foreign_keys = on');
  try {
    const now = Date.now();
    const org = db.prepare(
      'insert into organizations (id, name, parent_id, created_at, updated_at) values (?, ?, ?, ?, ?)',
    );
    // The child is copied in the first page of 1,000 rows, its parent in the second.
    db.exec('begin');
    org.run(7001, 'Parent after its child', null, now, now);
    for (let id = 6001; id <= 7000; id++) org.run(id, `Org ${id}`, null, now, now);
    org.run(6000, 'Child before its parent', 7001, now, now);
    db.exec('commit');
    // A deleted meeting that the filler rows hang on: their made-up settings never reach a demo page.
    db.exec(`create temp table filler as select * from meetings where id = (select min(id) from meetings);
      update filler set id = 8000, public_id = 'filler-meeting', deleted_at = ${now};
      insert into meetings select * from filler; drop table filler;`);
    const freedLogId = 5_000;
    db.prepare(
      "insert into system_logs (id, content, action_type, source_type, created_at) values (?, 'x', 'x', 'x', ?)",
    ).run(freedLogId, now);
    db.prepare('delete from system_logs where id = ?').run(freedLogId);
    return { freedLogId };
  } finally {
    db.close();
  }
}
