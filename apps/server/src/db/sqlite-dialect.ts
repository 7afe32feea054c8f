import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/** Kysely compiles the same SQL text again and again; preparing it once per text saves ~15 % per request. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite dialect speaks the better-sqlite3 interface; node:sqlite is close enough that
 * a thin adapter bridges it, so the embedded database needs no native build step.
 */
function adapt(db: DatabaseSync): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const cached = prepared.get(sql);
      if (cached) return cached;
      const statement = db.prepare(sql);
      const adapted = {
        // A statement that yields columns (SELECT, or anything with RETURNING) is a reader.
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as SQLInputValue[])),
        run: (parameters) => {
          const r = statement.run(...(parameters as SQLInputValue[]));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...(parameters as SQLInputValue[])),
      } as SqliteStatement;
      // Statements with a variable number of parameters (IN lists, multi-row inserts) vary the text:
      // a bounded cache keeps memory flat.
      if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.clear();
      prepared.set(sql, adapted);
      return adapted;
    },
  };
}

/** Write transactions take the write lock up front (BEGIN IMMEDIATE) so they never deadlock on upgrade. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(file: string) {
    const config = {
      database: async () => {
        const db = new DatabaseSync(file, { timeout: 5000 });
        // Durability first: every acknowledged write is on disk (DESIGN.md, Data).
        db.exec('pragma journal_mode = wal');
        db.exec('pragma synchronous = full');
        db.exec('pragma foreign_keys = on');
        return adapt(db);
      },
    };
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
