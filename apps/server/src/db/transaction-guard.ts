import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type QueryCompiler,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';

/** The transaction whose callback is running in this async context, and the connection it holds. */
interface RunningTransaction {
  connection: DatabaseConnection | undefined;
  open: boolean;
}

const running = new AsyncLocalStorage<RunningTransaction>();

/** SELECTs (and raw read-only statements) never write; anything else may. */
export function mayWrite(compiled: CompiledQuery): boolean {
  if (SelectQueryNode.is(compiled.query)) return false;
  return !/^\s*(select|pragma|explain)\b/i.test(compiled.sql);
}

/**
 * Development and tests only (see openDatabase): a write through `db` instead of `trx` inside a
 * transaction callback fails at once with a clear message. On SQLite it would hang for good — the
 * write waits for the writer, which the transaction holds until its callback, which waits for the
 * write, returns. On PostgreSQL it takes a second pool connection: outside the transaction (not
 * undone with it) and blocked by the transaction's own row locks. A nested `db.transaction()` is
 * refused for the same reason.
 */
export class TransactionGuardedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      if (running.getStore()?.open) {
        return Promise.reject(
          new Error('db.transaction() called inside a transaction callback: use the callback’s trx instead'),
        );
      }
      const transaction: RunningTransaction = { connection: undefined, open: true };
      // Kysely acquires the connection and begins the transaction inside this context, so the guarded
      // driver learns which connection is the transaction's own.
      // Closed as soon as the callback settles: a write it started but did not await may then simply
      // wait for the writer, as it always could.
      return running.run(transaction, () =>
        execute(async (trx) => {
          try {
            return await callback(trx);
          } finally {
            transaction.open = false;
          }
        }),
      );
    };
    return builder;
  }
}

/** A connection that refuses writes from inside another connection's transaction callback. */
class GuardedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;

  constructor(inner: DatabaseConnection) {
    this.inner = inner;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const transaction = running.getStore();
    if (transaction?.open && transaction.connection !== this.inner && mayWrite(compiled)) {
      return Promise.reject(
        new Error(
          'A write through db inside a transaction callback would deadlock (SQLite: it waits for the ' +
            'transaction that waits for it; PostgreSQL: a second connection behind its row locks) — ' +
            `write through the callback’s trx instead: ${compiled.sql.slice(0, 120)}`,
        ),
      );
    }
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as GuardedConnection).inner;

class GuardedDriver implements Driver {
  readonly #inner: Driver;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GuardedConnection(await this.#inner.acquireConnection());
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(innerOf(connection));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#inner.beginTransaction(innerOf(connection), settings);
    const transaction = running.getStore();
    if (transaction && !transaction.connection) transaction.connection = innerOf(connection);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.savepoint!(innerOf(connection), name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint!(innerOf(connection), name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint!(innerOf(connection), name, compileQuery);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** The dialect with the guarded driver; everything else is the dialect's own. */
export function guardTransactions(dialect: Dialect): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
