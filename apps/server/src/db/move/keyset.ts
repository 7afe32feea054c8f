import type { ColumnKind } from './row-values.ts';

/** A table as both sides read it: the same columns in the same order, the same primary key. */
export interface TableShape {
  name: string;
  columns: string[];
  kinds: ColumnKind[];
  primaryKey: string[];
}

export interface KeysetOptions {
  /** Appended to each text key column in ORDER BY and the comparison: ' collate "C"' on PostgreSQL. */
  textOrder: string;
  /** '$' numbers the parameters (PostgreSQL); otherwise '?' (SQLite). */
  numbered?: boolean;
  /** An extra condition (no parameters), e.g. 'col is not null'. */
  where?: string;
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One page of a table after the key `after` (null: from the start), ordered by the primary key.
 * Text keys are compared byte by byte on both sides (SQLite's BINARY; PostgreSQL's "C"), so the
 * two databases give the rows in the same order and the checksums can be compared.
 */
export function keysetQuery(
  shape: TableShape,
  after: readonly unknown[] | null,
  pageSize: number,
  options: KeysetOptions,
): { sql: string; parameters: unknown[] } {
  const keys = shape.primaryKey.map((column) => {
    const kind = shape.kinds[shape.columns.indexOf(column)];
    return kind === 'text' ? `${quote(column)}${options.textOrder}` : quote(column);
  });
  const parameters: unknown[] = [];
  const placeholder = (value: unknown) => {
    parameters.push(value);
    return options.numbered ? `$${parameters.length}` : '?';
  };
  const conditions: string[] = [];
  if (options.where) conditions.push(options.where);
  if (after) {
    const values = after.map((value) => placeholder(value));
    conditions.push(
      keys.length === 1 ? `${keys[0]} > ${values[0]}` : `(${keys.join(', ')}) > (${values.join(', ')})`,
    );
  }
  const sql =
    `select ${shape.columns.map(quote).join(', ')} from ${quote(shape.name)}` +
    (conditions.length ? ` where ${conditions.join(' and ')}` : '') +
    ` order by ${keys.join(', ')} limit ${placeholder(pageSize)}`;
  return { sql, parameters };
}
