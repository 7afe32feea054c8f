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

/**
 * The database refused the statements themselves — a constraint (SQLSTATE class 23), a deadlock or
 * serialization failure (class 40), or any SQLite error — as opposed to a fault in our own code or a
 * lost connection (which the error handler answers 503, as nothing was acknowledged).
 */
export function isStatementRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown };
  return typeof e.errcode === 'number' || (typeof e.code === 'string' && /^(23|40)...$/.test(e.code));
}
