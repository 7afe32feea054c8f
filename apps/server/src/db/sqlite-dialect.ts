import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { mayWrite } from './transaction-guard.ts';

export interface SqliteOptions {
  /** `pragma secure_delete`: on, except where the bench measures what it costs. */
  secureDelete: boolean;
}

/** What `pragma wal_checkpoint` answers: busy 1 when it could not finish (a reader held it back). */
export interface WalCheckpoint {
  busy: number;
  log: number;
  checkpointed: number;
}

/** How long a statement waits for another process's lock before it fails (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;

/** Kysely compiles the same SQL text again and again; preparing it once per text saves ~15 % per request. */
const STATEMENT_CACHE_SIZE = 500;

/** One statement sequence at a time on the single connection, first come first served. */
class FifoLock {
  #locked = false;
  readonly #waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** One node:sqlite connection with a bounded prepared-statement cache. */
class StatementRunner {
  readonly db: DatabaseSync;
  readonly #prepared = new Map<string, { statement: StatementSync; reader: boolean }>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  #prepare(sql: string) {
    const cached = this.#prepared.get(sql);
    if (cached) return cached;
    const statement = this.db.prepare(sql);
    // A statement that yields columns (SELECT, or anything with RETURNING) is a reader.
    const entry = { statement, reader: statement.columns().length > 0 };
    // Statements with a variable number of parameters (IN lists, multi-row inserts) vary the text:
    // a bounded cache keeps memory flat.
    if (this.#prepared.size >= STATEMENT_CACHE_SIZE) this.#prepared.clear();
    this.#prepared.set(sql, entry);
    return entry;
  }

  run<R>(compiled: CompiledQuery): QueryResult<R> {
    const { statement, reader } = this.#prepare(compiled.sql);
    const parameters = compiled.parameters as SQLInputValue[];
    if (reader) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }

  *iterate<R>(compiled: CompiledQuery): IterableIterator<QueryResult<R>> {
    const { statement } = this.#prepare(compiled.sql);
    for (const row of statement.iterate(...(compiled.parameters as SQLInputValue[]))) {
      yield { rows: [row as R] };
    }
  }
}

/**
 * What Kysely holds between acquireConnection and releaseConnection: it routes each statement.
 * Inside a transaction everything goes to the writer; outside, reads go to the reader connection
 * and each write takes the writer for that one statement.
 */
class RoutedConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;
  inTransaction = false;
  /** The batch this handle's transaction wrote into: answered only once that batch is on disk. */
  batch: Promise<void> | null = null;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.#driver.writer.run<R>(compiled);
    if (!mayWrite(compiled)) return this.#driver.reader.run<R>(compiled);
    await this.#driver.lock.acquire();
    let result: QueryResult<R>;
    let batch: Promise<void>;
    try {
      batch = this.#driver.joinBatch();
      result = this.#driver.writer.run<R>(compiled);
    } finally {
      this.#driver.lock.release();
    }
    // Answered once on disk — which also lets a read that follows on this handle (a migration
    // holds one for all its statements) see the write through the reader connection.
    await batch;
    return result;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams SELECT queries only');
    yield* (this.inTransaction ? this.#driver.writer : this.#driver.reader).iterate<R>(compiled);
  }
}

/**
 * Group commit. Under `synchronous = full` every COMMIT waits for the disk (about a millisecond
 * here), which would cap the whole server near a thousand writes a second. So the first write opens
 * a batch (BEGIN IMMEDIATE) on the writer connection; each transaction runs inside it as a
 * savepoint (a failing one rolls back only its own savepoint) and single writes simply join it.
 * The batch commits once, when the writer is free after the current turn of the event loop, and
 * only then is any caller that wrote into it answered: every acknowledged write is on disk.
 * Reads outside transactions go to a second, read-only connection, which under WAL sees only
 * committed data — so they never wait for a batch, and no answer is built on data not yet on disk.
 * Transactions still run one at a time on the writer, so the capacity rule (a conditional UPDATE
 * in the sign-up transaction) is untouched. Hence a write through `db` instead of `trx` inside a
 * transaction callback waits for ever (for the writer its own transaction holds); outside production,
 * transaction-guard.ts makes it fail at once instead.
 */
class GroupCommitSqliteDriver implements Driver {
  readonly #file: string;
  readonly #options: SqliteOptions;
  readonly lock = new FifoLock();
  #writer: StatementRunner | undefined;
  #reader: StatementRunner | undefined;
  /** The open batch; resolves when its COMMIT is durable. */
  #batch: Promise<void> | null = null;
  /** Batches committed so far (the tests read it). */
  commits = 0;

  constructor(file: string, options: SqliteOptions) {
    this.#file = file;
    this.#options = options;
  }

  get writer(): StatementRunner {
    return this.#writer!;
  }

  get reader(): StatementRunner {
    return this.#reader!;
  }

  async init(): Promise<void> {
    const writer = new DatabaseSync(this.#file, { timeout: BUSY_TIMEOUT_MS });
    // Durability first: every acknowledged write is on disk (DESIGN.md, Data).
    writer.exec('pragma journal_mode = wal');
    writer.exec('pragma synchronous = full');
    writer.exec('pragma foreign_keys = on');
    // Erased means unreadable: deleted or overwritten content is zeroed in its page, not left in
    // free space for anyone with the file (docs/decisions/0036-erasure-at-rest-on-sqlite.md).
    writer.exec(`pragma secure_delete = ${this.#options.secureDelete ? 'on' : 'off'}`);
    const reader = new DatabaseSync(this.#file, { timeout: BUSY_TIMEOUT_MS });
    reader.exec('pragma query_only = on');
    this.#writer = new StatementRunner(writer);
    this.#reader = new StatementRunner(reader);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { batch } = connection as RoutedConnection;
    if (batch) await batch;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.lock.acquire();
    const routed = connection as RoutedConnection;
    routed.batch = this.joinBatch();
    routed.inTransaction = true;
    this.writer.db.exec('savepoint mf_tx');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      this.writer.db.exec('release mf_tx');
    } finally {
      this.#endTransaction(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // A failed statement can have ended the whole batch (SQLite rolls back on some errors); then
      // there is no savepoint left to undo and the batch's COMMIT reports the loss to every caller.
      if (this.writer.db.isTransaction) {
        this.writer.db.exec('rollback to mf_tx');
        this.writer.db.exec('release mf_tx');
      }
    } finally {
      this.#endTransaction(connection);
    }
  }

  #endTransaction(connection: DatabaseConnection): void {
    (connection as RoutedConnection).inTransaction = false;
    this.lock.release();
  }

  // Kysely's nested savepoints inside a transaction (trx.savepoint()).
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async destroy(): Promise<void> {
    if (this.#batch) await this.#batch.catch(() => undefined);
    this.#reader?.db.close();
    this.#writer?.db.close();
  }

  /**
   * Copies the WAL into the database file and empties it (after an erasure, so that no earlier
   * version of a page with the erased values stays in the -wal file). Waits for the open batch, then
   * holds the writer meanwhile. It does not wait for readers: with one still reading an older
   * snapshot (a streamed export, another process) SQLite answers busy at once rather than blocking
   * this thread, and the caller tries again later.
   */
  async truncateWal(): Promise<WalCheckpoint> {
    await this.lock.acquire();
    while (this.#batch) {
      const batch = this.#batch;
      this.lock.release();
      await batch.catch(() => undefined);
      await this.lock.acquire();
    }
    const db = this.writer.db;
    try {
      db.exec('pragma busy_timeout = 0');
      const row = db.prepare('pragma wal_checkpoint(truncate)').get() as unknown as WalCheckpoint;
      return { busy: row.busy, log: row.log, checkpointed: row.checkpointed };
    } finally {
      db.exec(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`);
      this.lock.release();
    }
  }

  /** The open batch, opened now if there is none. Call with the lock held. */
  joinBatch(): Promise<void> {
    if (this.#batch) return this.#batch;
    this.writer.db.exec('begin immediate');
    let settle!: { resolve: () => void; reject: (error: unknown) => void };
    const batch = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    batch.catch(() => undefined); // each caller sees the failure through its own await
    this.#batch = batch;
    // After this turn of the event loop: whatever the queued requests write joins this batch.
    setImmediate(() => void this.#commit(settle));
    return batch;
  }

  async #commit(settle: { resolve: () => void; reject: (error: unknown) => void }): Promise<void> {
    await this.lock.acquire();
    const db = this.writer.db;
    try {
      if (!db.isTransaction) throw new Error('The write batch was rolled back by SQLite');
      db.exec('commit');
      this.commits += 1;
      settle.resolve();
    } catch (error) {
      if (db.isTransaction) db.exec('rollback');
      settle.reject(error);
    } finally {
      this.#batch = null;
      this.lock.release();
    }
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite's adapter, told that the driver serialises statements itself (see GroupCommitSqliteDriver). */
class GroupCommitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** node:sqlite (no native build step) with group commit; everything else is Kysely's SQLite dialect. */
export class NodeSqliteDialect implements Dialect {
  readonly #file: string;
  readonly #options: SqliteOptions;
  #driver: GroupCommitSqliteDriver | undefined;

  constructor(file: string, options: SqliteOptions = { secureDelete: true }) {
    this.#file = file;
    this.#options = options;
  }

  /** See GroupCommitSqliteDriver.truncateWal. */
  truncateWal(): Promise<WalCheckpoint> {
    if (!this.#driver) throw new Error('The database is not open');
    return this.#driver.truncateWal();
  }

  /** How many write batches have been committed (one disk flush each). */
  get commits(): number {
    return this.#driver?.commits ?? 0;
  }

  createDriver(): Driver {
    this.#driver = new GroupCommitSqliteDriver(this.#file, this.#options);
    return this.#driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new GroupCommitSqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
