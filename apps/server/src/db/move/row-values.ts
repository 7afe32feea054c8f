import { createHash, type Hash } from 'node:crypto';

/**
 * What a column holds, from the PostgreSQL type the migrations gave it. The two databases differ
 * less than one would fear (schema.ts: times are integer ms and flags 0/1 on both, JSON is text on
 * both); what does differ is how the values come back to JavaScript: SQLite integers as BigInt (read
 * exactly), PostgreSQL bigint as text (read exactly), SQLite BLOB as Uint8Array, bytea as Buffer.
 */
export type ColumnKind = 'integer' | 'float' | 'text' | 'bytes' | 'boolean';

const KINDS: Record<string, ColumnKind> = {
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  'double precision': 'float',
  real: 'float',
  numeric: 'float',
  text: 'text',
  'character varying': 'text',
  character: 'text',
  bytea: 'bytes',
  boolean: 'boolean',
};

/** The kind of a PostgreSQL column type; a type the move does not know stops it before any copy. */
export function columnKind(table: string, column: string, dataType: string): ColumnKind {
  const kind = KINDS[dataType];
  if (!kind) throw new Error(`${table}.${column} is of type ${dataType}, which the move does not convert`);
  return kind;
}

/** One SQLite value as the parameter PostgreSQL stores in a column of this kind. */
export function toPostgres(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer':
      return typeof value === 'bigint' ? value.toString() : value;
    case 'float':
      return typeof value === 'bigint' ? Number(value) : value;
    case 'text':
      return typeof value === 'string' ? value : String(value);
    case 'bytes':
      return value instanceof Uint8Array
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        : value;
    case 'boolean':
      return value === 1 || value === 1n || value === true;
  }
}

/**
 * The canonical text of one value, the same whichever database it was read from: integers in
 * decimal, floats as JavaScript prints them, text as it is, bytes in hex, a boolean as 0/1 (what
 * SQLite stores), null apart from every text. Length prefixes keep 'ab','c' and 'a','bc' apart.
 */
export function canonicalValue(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined) return 'n';
  let text: string;
  switch (kind) {
    case 'integer':
      text = BigInt(value as bigint | number | string).toString();
      break;
    case 'float':
      text = String(Number(value));
      break;
    case 'text':
      text = String(value);
      break;
    case 'bytes':
      text = Buffer.from(value as Uint8Array).toString('hex');
      break;
    case 'boolean':
      text = value === true || value === 1 || value === 1n || value === '1' ? '1' : '0';
      break;
  }
  return `v${text.length}:${text}`;
}

/** A running checksum of a table's rows, fed in primary-key order. */
export class TableChecksum {
  readonly #hash: Hash = createHash('sha256');
  readonly #kinds: readonly ColumnKind[];
  rows = 0;

  constructor(kinds: readonly ColumnKind[]) {
    this.#kinds = kinds;
  }

  add(row: readonly unknown[]): void {
    for (let i = 0; i < this.#kinds.length; i++) this.#hash.update(canonicalValue(this.#kinds[i]!, row[i]));
    this.#hash.update('\n');
    this.rows += 1;
  }

  /** The hex digest; the checksum takes no rows after it. */
  digest(): string {
    return this.#hash.digest('hex');
  }
}
