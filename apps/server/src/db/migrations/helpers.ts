import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen with the migrations: changing these would change what old migrations create.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-numbered integer primary key: autoincrement on SQLite, an identity column on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function autoId(db: Kysely<any>) {
  const sqlite = isSqlite(db);
  return (col: ColumnDefinitionBuilder) =>
    sqlite ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}

/** A column type for raw bytes: BLOB on SQLite, BYTEA on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function binaryType(db: Kysely<any>): 'blob' | 'bytea' {
  return isSqlite(db) ? 'blob' : 'bytea';
}
