import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseKind } from './database.ts';

/** A value a JSON key is matched against: a string, or a boolean. */
export type JsonScalar = string | boolean;

/**
 * Whether the JSON object in `column` (JSON text) holds under `key` one of `values`: a scalar
 * equal to one of them, or an array with one of them among its items. The same answer on both
 * databases:
 * - SQLite: `json_each` over the key's value yields the scalar itself, or each item of an array;
 *   JSON booleans come out as 1 and 0.
 * - PostgreSQL: `jsonb @>` (containment); a string contains itself, an array contains `["v"]`.
 *   `asArray` says which to ask for (the caller knows the shape the key holds).
 * A missing key, or a document that is not an object, matches nothing. `key` must be a plain
 * identifier (it is passed as a parameter either way).
 */
export function jsonKeyHasAny(
  kind: DatabaseKind,
  column: string,
  key: string,
  values: readonly JsonScalar[],
  asArray: boolean,
): RawBuilder<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  if (kind === 'postgres') {
    const contains = values.map(
      (value) =>
        sql<SqlBool>`(${sql.ref(column)}::jsonb -> ${key}::text) @> ${JSON.stringify(asArray ? [value] : value)}::jsonb`,
    );
    return contains.length === 1 ? contains[0]! : sql<SqlBool>`(${sql.join(contains, sql` or `)})`;
  }
  const scalars = values.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}, ${`$.${key}`}) where value in (${sql.join(scalars)}))`;
}
