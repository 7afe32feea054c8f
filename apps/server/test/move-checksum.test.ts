import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableShape } from '../src/db/move/keyset.ts';
import { PostgresTarget } from '../src/db/move/postgres-target.ts';
import { TableChecksum, type ColumnKind } from '../src/db/move/row-values.ts';
import { SqliteSource } from '../src/db/move/sqlite-source.ts';

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Text keys that sort differently by bytes and by a language: 'B' < 'a' in C, 'a' < 'B' in English. */
const KEYS = ['a', 'B', 'é', 'Z', '中', 'a b', 'ab', 'A'];
const KINDS: ColumnKind[] = ['text', 'integer', 'integer', 'float', 'bytes', 'text'];
const SHAPE: TableShape = {
  name: 'sample',
  columns: ['term', 'guest_id', 'at', 'credits', 'data', 'note'],
  kinds: KINDS,
  primaryKey: ['term', 'guest_id'],
};

/** The same logical rows, as each database's own client stores them. */
const ROWS = KEYS.flatMap((term, i) =>
  [1, 2].map((guest) => ({
    term,
    guest,
    at: 1_764_000_000_000 + i,
    credits: i % 2 ? 1.5 : 2,
    data: Buffer.from([i, 0, 255]),
    note: i % 3 ? `note "${i}"\n中文` : null,
  })),
);

async function admin(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

async function checksumOf(pages: AsyncIterable<unknown[][]> | Iterable<unknown[][]>) {
  const sum = new TableChecksum(KINDS);
  for await (const page of pages) for (const row of page) sum.add(row);
  return { rows: sum.rows, digest: sum.digest() };
}

describe('the move checksum on both databases', () => {
  const name = `move_sum_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-move-sum-'));
  const file = path.join(dir, 'sample.sqlite');
  let target: PostgresTarget;

  beforeAll(async () => {
    // An English collation: PostgreSQL's own order would differ from SQLite's byte order.
    await admin(
      `create database ${name} template template0 locale_provider icu icu_locale 'en' locale 'C.UTF-8'`,
    );
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    target = await PostgresTarget.connect(url.toString());
    await target.query(`create table sample (term varchar(20), guest_id integer, at bigint,
      credits double precision, data bytea, note text, primary key (term, guest_id))`);
    const sqlite = new DatabaseSync(file);
    sqlite.exec(`create table sample (term varchar(20), guest_id integer, at bigint,
      credits double precision, data blob, note text, primary key (term, guest_id))`);
    for (const r of ROWS) {
      const values = [r.term, r.guest, r.at, r.credits, r.data, r.note];
      sqlite.prepare('insert into sample values (?, ?, ?, ?, ?, ?)').run(...values);
      await target.query('insert into sample values ($1, $2, $3, $4, $5, $6)', values);
    }
    sqlite.close();
  });
  afterAll(async () => {
    await target?.close();
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same digest for the same rows, read in pages smaller than the table', async () => {
    const source = SqliteSource.open(file);
    try {
      const fromSqlite = await checksumOf(source.pages(SHAPE, 3));
      const fromPostgres = await checksumOf(target.pages(SHAPE, 3));
      expect(fromSqlite.rows).toBe(ROWS.length);
      expect(fromPostgres).toEqual(fromSqlite);
    } finally {
      source.close();
    }
  });

  it('gives another digest once one value of one row differs', async () => {
    const source = SqliteSource.open(file);
    try {
      const before = await checksumOf(target.pages(SHAPE, 5));
      await target.query("update sample set note = 'changed' where term = 'Z' and guest_id = 2");
      const after = await checksumOf(target.pages(SHAPE, 5));
      expect(after.rows).toBe(before.rows);
      expect(after.digest).not.toBe(before.digest);
      expect(after.digest).not.toBe((await checksumOf(source.pages(SHAPE, 5))).digest);
    } finally {
      source.close();
    }
  });
});
