import { batchRows, type Shape } from './copy-tables.ts';
import type { PostgresTarget } from './postgres-target.ts';
import { TableChecksum } from './row-values.ts';
import type { SqliteSource } from './sqlite-source.ts';

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

/**
 * Reads each table again on both sides, in primary-key order, and compares the row count and a
 * SHA-256 over the rows' canonical text (row-values.ts): the same function over the same logical
 * rows gives the same digest, whichever database they come from. One page in memory at a time.
 */
export async function verifyTables(
  source: SqliteSource,
  target: PostgresTarget,
  order: readonly string[],
  shapes: ReadonlyMap<string, Shape>,
): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of order) {
    const shape = shapes.get(table)!;
    const size = batchRows(shape);
    const fromSource = new TableChecksum(shape.kinds);
    for (const page of source.pages(shape, size)) for (const row of page) fromSource.add(row);
    const fromTarget = new TableChecksum(shape.kinds);
    for await (const page of target.pages(shape, size)) for (const row of page) fromTarget.add(row);
    const sourceChecksum = fromSource.digest();
    const targetChecksum = fromTarget.digest();
    checks.push({
      table,
      sourceRows: fromSource.rows,
      targetRows: fromTarget.rows,
      sourceChecksum,
      targetChecksum,
      ok: fromSource.rows === fromTarget.rows && sourceChecksum === targetChecksum,
    });
  }
  return checks;
}
