/**
 * A unique-constraint violation on either database: PostgreSQL's SQLSTATE 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (2067) / SQLITE_CONSTRAINT_PRIMARYKEY (1555) extended codes.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true;
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return (
    typeof e.message === 'string' && /UNIQUE constraint failed|PRIMARY KEY constraint failed/.test(e.message)
  );
}

/** A unique-constraint violation of one table's key (both databases name the table or its index). */
export function isUniqueViolationOf(error: unknown, table: string): boolean {
  return isUniqueViolation(error) && String((error as { message?: unknown }).message ?? '').includes(table);
}

/** SQLSTATE classes and socket errors of a database connection that went away; `pg` adds its own messages. */
const CONNECTION_LOST_SQLSTATE = /^(08...|57P0[123])$/;
const CONNECTION_LOST_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_LOST_MESSAGE = /^Connection terminated|is not queryable$/;

/**
 * The database went away under the request (failover, restart, an administrator's
 * pg_terminate_backend): a 503 tells the client to try again, by which time the pool has new
 * connections. Nothing was acknowledged, and a transaction that did not commit left nothing behind.
 */
export function isConnectionLost(error: { code?: string | undefined; message: string }): boolean {
  const code = error.code ?? '';
  return (
    CONNECTION_LOST_SQLSTATE.test(code) ||
    CONNECTION_LOST_SOCKET.has(code) ||
    CONNECTION_LOST_MESSAGE.test(error.message)
  );
}

/**
 * PostgreSQL cancelled the statement at PG_STATEMENT_TIMEOUT_MS (SQLSTATE 57014 with its own
 * message; an operator's pg_cancel_backend shares the code but not the words). The database is
 * overloaded or a query is pathological: a 503 with Retry-After says "later", not "our bug".
 */
export function isStatementTimeout(error: { code?: string | undefined; message: string }): boolean {
  return error.code === '57014' && /statement timeout/.test(error.message);
}
