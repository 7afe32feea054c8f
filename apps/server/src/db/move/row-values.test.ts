import { describe, expect, it } from 'vitest';
import { canonicalValue, TableChecksum, toPostgres, type ColumnKind } from './row-values.ts';

const KINDS: ColumnKind[] = ['integer', 'text', 'text', 'float', 'bytes'];

function checksum(rows: unknown[][], kinds = KINDS): string {
  const sum = new TableChecksum(kinds);
  for (const row of rows) sum.add(row);
  return sum.digest();
}

describe('the row checksum', () => {
  const row = [1n, 'ab', 'c', 2.5, new Uint8Array([0, 1])];

  it('differs when one value of one row differs', () => {
    const base = checksum([row]);
    expect(checksum([[2n, ...row.slice(1)]])).not.toBe(base);
    expect(checksum([[1n, 'ab', 'd', 2.5, new Uint8Array([0, 1])]])).not.toBe(base);
    expect(checksum([[1n, 'ab', 'c', 2.25, new Uint8Array([0, 1])]])).not.toBe(base);
    expect(checksum([[1n, 'ab', 'c', 2.5, new Uint8Array([0, 2])]])).not.toBe(base);
  });

  it('keeps apart what plain concatenation would join: shifted text, null and empty, row borders', () => {
    expect(checksum([[1n, 'a', 'bc', 1, null]])).not.toBe(checksum([[1n, 'ab', 'c', 1, null]]));
    expect(checksum([[1n, 'av', 'b', 1, null]])).not.toBe(checksum([[1n, 'a', 'vb', 1, null]]));
    expect(checksum([[1n, 'a\n', 'b', 1, null], row])).not.toBe(checksum([[1n, 'a', '\nb', 1, null], row]));
    expect(checksum([[1n, '', 'c', 1, null]])).not.toBe(checksum([[1n, null, 'c', 1, null]]));
    expect(checksum([[1n, 'n', 'c', 1, null]])).not.toBe(checksum([[1n, null, 'c', 1, null]]));
    expect(checksum([row, row])).not.toBe(checksum([row]));
  });

  it('is the same for the same logical values, however each database hands them to JavaScript', () => {
    // SQLite (read with BigInt, BLOB as Uint8Array) and PostgreSQL (bigint as text, bytea as Buffer).
    const fromSqlite = [[9_007_199_254_740_993n, 'é中😀', null, 3, new Uint8Array([255, 0])]];
    const fromPostgres = [['9007199254740993', 'é中😀', null, 3.0, Buffer.from([255, 0])]];
    expect(checksum(fromSqlite)).toBe(checksum(fromPostgres));
    expect(canonicalValue('boolean', true)).toBe(canonicalValue('boolean', 1n));
  });
});

describe('toPostgres', () => {
  it('converts what PostgreSQL would read otherwise', () => {
    expect(toPostgres('integer', 9_007_199_254_740_993n)).toBe('9007199254740993');
    expect(toPostgres('bytes', new Uint8Array([1, 2]))).toEqual(Buffer.from([1, 2]));
    expect(toPostgres('boolean', 0n)).toBe(false);
    expect(toPostgres('text', 12n)).toBe('12');
    expect(toPostgres('float', null)).toBeNull();
  });
});
