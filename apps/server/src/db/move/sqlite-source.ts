import fs from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { MoveRefused } from './move-errors.ts';
import { keysetQuery, type TableShape } from './keyset.ts';

/** The migrator's own tables and SQLite's: not MeetFlow data, never copied. */
const BOOKKEEPING = /^(sqlite_|kysely_migration)/;

/**
 * The SQLite database being moved, opened so that nobody else can use it until the move ends.
 *
 * Why a lock and not the -wal file: the server leaves meetflow.sqlite-wal and -shm behind even after a
 * clean stop, so their presence says nothing. A server that is running but idle holds no lock either
 * (its write batch opens on the first write), so BEGIN EXCLUSIVE alone would let the move start beside
 * it. Under `locking_mode = exclusive` the first transaction needs the file to itself, which any open
 * connection of another process prevents (in WAL mode each keeps a shared lock on the -shm file): the
 * move fails at once if a server is running, and no server can start while the move holds the lock.
 */
export class SqliteSource {
  readonly #db: DatabaseSync;

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  static open(file: string): SqliteSource {
    if (!fs.existsSync(file))
      throw new MoveRefused(`No SQLite database at ${file} (check DATA_DIR or --from).`);
    const db = new DatabaseSync(file, { timeout: 0 });
    try {
      db.exec('pragma locking_mode = exclusive');
      db.exec('begin exclusive');
    } catch (error) {
      db.close();
      if (error instanceof Error && /locked|busy/i.test(error.message)) {
        throw new MoveRefused(
          `${file} is in use (a MeetFlow server or another program has it open). Stop the server first.`,
        );
      }
      throw error;
    }
    return new SqliteSource(db);
  }

  /** The migrations the database has run, in order; null when it never ran one. */
  appliedMigrations(): string[] | null {
    const table = this.#db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return null;
    const rows = this.#db.prepare('select name from kysely_migration order by name').all();
    return rows.map((row) => String(row.name));
  }

  /** MeetFlow's tables: everything but SQLite's and the migrator's own. */
  tables(): string[] {
    return this.#db
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all()
      .map((row) => String(row.name))
      .filter((name) => !BOOKKEEPING.test(name));
  }

  columns(table: string): string[] {
    return this.#db
      .prepare(`select name from pragma_table_info(?) order by cid`)
      .all(table)
      .map((row) => String(row.name));
  }

  count(table: string): number {
    const row = this.#db.prepare(`select count(*) as n from ${quote(table)}`).get();
    return Number(row?.n ?? 0);
  }

  /** The highest id AUTOINCREMENT ever gave (deleted rows included): ids are never handed out twice. */
  autoincrementSeen(table: string): bigint {
    const exists = this.#db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'")
      .get();
    if (!exists) return 0n;
    const statement = this.#db.prepare('select seq from sqlite_sequence where name = ?');
    statement.setReadBigInts(true);
    const row = statement.get(table);
    return row ? BigInt(row.seq as bigint) : 0n;
  }

  /**
   * The rows of a table in primary-key order, page by page (keyset pagination: one page in memory),
   * each as an array of values in `shape.columns` order. Integers come back as BigInt: exact.
   */
  *pages(shape: TableShape, pageSize: number, where = ''): Generator<unknown[][]> {
    let after: unknown[] | null = null;
    for (;;) {
      const { sql, parameters } = keysetQuery(shape, after, pageSize, { textOrder: '', where });
      const statement = this.#db.prepare(sql);
      statement.setReadBigInts(true);
      statement.setReturnArrays(true);
      const rows = statement.all(...(parameters as SQLInputValue[])) as unknown as unknown[][];
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < pageSize) return;
      after = shape.primaryKey.map((column) => rows.at(-1)![shape.columns.indexOf(column)]);
    }
  }

  close(): void {
    try {
      this.#db.exec('rollback');
    } finally {
      this.#db.close();
    }
  }
}

export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
