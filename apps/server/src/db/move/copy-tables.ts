import type { TableShape } from './keyset.ts';
import type { PostgresTarget } from './postgres-target.ts';
import { toPostgres } from './row-values.ts';
import type { SqliteSource } from './sqlite-source.ts';
import type { CopyPlan } from './table-order.ts';

/** PostgreSQL takes at most 65,535 parameters a statement; a batch stays under it and at 1,000 rows. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 1_000;

export type Shape = TableShape & { types: string[] };

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
  seconds: number;
}

export function batchRows(shape: TableShape): number {
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / shape.columns.length)));
}

/**
 * Copies every table in the plan's order, inside the transaction the caller opened on the target:
 * page by page from SQLite (one page in memory), one multi-row INSERT per page. Columns that point at
 * their own table are copied as null and set once the whole table is there.
 */
export async function copyTables(
  source: SqliteSource,
  target: PostgresTarget,
  plan: CopyPlan,
  shapes: ReadonlyMap<string, Shape>,
  onProgress: (progress: CopyProgress) => void,
): Promise<Map<string, number>> {
  // The migrations wrote the built-in roles; the source's own rows replace them.
  for (const table of [...plan.order].reverse()) await target.query(`delete from "${table}"`);
  const copied = new Map<string, number>();
  for (const table of plan.order) {
    const shape = shapes.get(table)!;
    const deferred = plan.selfReferences.get(table) ?? [];
    copied.set(table, await copyTable(source, target, shape, deferred, onProgress));
    for (const column of deferred) await patchSelfReference(source, target, shape, column);
  }
  return copied;
}

async function copyTable(
  source: SqliteSource,
  target: PostgresTarget,
  shape: Shape,
  deferred: readonly string[],
  onProgress: (progress: CopyProgress) => void,
): Promise<number> {
  const total = source.count(shape.name);
  const started = performance.now();
  const nulled = new Set(deferred.map((column) => shape.columns.indexOf(column)));
  let copied = 0;
  for (const page of source.pages(shape, batchRows(shape))) {
    const rows = page.map((row) =>
      row.map((value, i) => (nulled.has(i) ? null : toPostgres(shape.kinds[i]!, value))),
    );
    try {
      await target.insert(shape, rows);
    } catch (error) {
      throw new Error(`${shape.name}: ${describePostgresError(error)}`, { cause: error });
    }
    copied += rows.length;
    onProgress({ table: shape.name, copied, total, seconds: (performance.now() - started) / 1000 });
  }
  return copied;
}

/** The second pass for a column that references its own table (an organisation's parent). */
async function patchSelfReference(
  source: SqliteSource,
  target: PostgresTarget,
  shape: Shape,
  column: string,
): Promise<void> {
  if (shape.primaryKey.length !== 1) {
    throw new Error(`${shape.name}.${column} references its own table under a composite key: not supported`);
  }
  const key = shape.primaryKey[0]!;
  const pair: TableShape = {
    name: shape.name,
    columns: [key, column],
    kinds: [shape.kinds[shape.columns.indexOf(key)]!, shape.kinds[shape.columns.indexOf(column)]!],
    primaryKey: [key],
  };
  for (const page of source.pages(pair, MAX_BATCH_ROWS, `"${column}" is not null`)) {
    const pairs = page.map((row) => row.map((value, i) => toPostgres(pair.kinds[i]!, value)));
    await target.setColumn(shape, column, pairs);
  }
}

/**
 * A PostgreSQL error without the values it may quote (`invalid input syntax for type bigint: "…"`,
 * a key's detail): the operator sees the table, the code and the rule, never a guest's data.
 */
export function describePostgresError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const message = error.message.replace(/: ".*"$/s, ': "…"');
  return code ? `${message} (SQLSTATE ${code})` : message;
}

/**
 * Sets every numbering column's next value past the highest id copied and past the highest SQLite
 * ever gave (AUTOINCREMENT never reuses the id of a deleted row; nor will PostgreSQL).
 */
export async function resetNumbering(source: SqliteSource, target: PostgresTarget): Promise<number> {
  const columns = await target.generatedColumns();
  for (const { table, column } of columns) {
    const [row] = await target.query<{ max: string | null }>(
      `select max("${column}")::text as max from "${table}"`,
    );
    const copiedMax = BigInt(row?.max ?? '0');
    const seen = source.autoincrementSeen(table);
    const next = (copiedMax > seen ? copiedMax : seen) + 1n;
    await target.query(`select setval(pg_get_serial_sequence($1, $2), $3, false)`, [
      `"${table}"`,
      column,
      next.toString(),
    ]);
  }
  return columns.length;
}
