import type { CompiledQuery, Compilable, Insertable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** A named parameter's stand-in while the query is built; no real value can look like it. */
const MARK = '\u0000param:';

/**
 * A query built and compiled once per SQL dialect, then run with fresh values on each call. Kysely
 * rebuilds and recompiles a query on every call — a fifth of a door scan's CPU — so the hot paths
 * (authentication, scans, sign-ups) declare theirs once with named parameters:
 *
 *   const guestByCode = preparedQuery<{ code: string }>()((db, p) =>
 *     db.selectFrom('guests').select('id').where('guest_code', '=', p('code')));
 *   const guest = await guestByCode.takeFirst(db, { code });
 *
 * A parameter stands for one value: the shape of the query (IN lists, optional clauses, the
 * language of a column) must not depend on it — build one prepared query per shape instead.
 */
export function preparedQuery<P extends object>() {
  return <R>(build: (db: Db, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<R>) => {
    /** Per dialect (adapter): the compiled query and where each of its parameters comes from. */
    const compiled = new WeakMap<object, { query: CompiledQuery<R>; sources: Array<(p: P) => unknown> }>();

    function compile(db: Db) {
      // Transactions share their database's adapter, so one compilation serves both.
      const dialect = db.getExecutor().adapter;
      let entry = compiled.get(dialect);
      if (!entry) {
        const asked = new Set<string>();
        const query = build(db, (name) => {
          asked.add(name);
          return `${MARK}${name}` as never;
        }).compile();
        const sources = query.parameters.map((value) => sourceOf<P>(value, asked));
        assertAllBound(query, asked);
        entry = { query, sources };
        compiled.set(dialect, entry);
      }
      return entry;
    }

    function execute(db: Db, params: P): Promise<QueryResult<R>> {
      const { query, sources } = compile(db);
      return db.executeQuery<R>({ ...query, parameters: sources.map((source) => source(params)) });
    }

    return {
      execute,
      rows: async (db: Db, params: P): Promise<R[]> => (await execute(db, params)).rows,
      takeFirst: async (db: Db, params: P): Promise<R | undefined> => (await execute(db, params)).rows[0],
    };
  };
}

/**
 * Where a compiled parameter's value comes from: a named parameter, or a constant of the query.
 * A stand-in that was transformed while the query was built (wrapped as `%${p('name')}%` for a
 * LIKE, passed through a function) would otherwise be bound silently as a constant and ignore
 * every value given later — so it is refused, once, when the query is first compiled.
 */
function sourceOf<P>(value: unknown, asked: ReadonlySet<string>): (p: P) => unknown {
  if (typeof value !== 'string' || !value.includes(MARK)) return () => value;
  const name = value.slice(MARK.length);
  if (value.startsWith(MARK) && asked.has(name)) return (p: P) => p[name as keyof P];
  throw new Error(
    `Prepared query parameter "${namedIn(value)}" was transformed while the query was built; ` +
      'a parameter stands for one value — transform the value before the call, or use an ordinary query',
  );
}

/** Every parameter asked for must be bound as-is: one used only to shape the query, or spliced into
 *  its SQL text, or turned into something else (`Number(p('id'))`), would not follow later values. */
function assertAllBound(query: CompiledQuery, asked: ReadonlySet<string>): void {
  if (query.sql.includes(MARK)) {
    throw new Error(
      `Prepared query parameter "${namedIn(query.sql)}" was spliced into the SQL text; a parameter stands for one value`,
    );
  }
  const bound = new Set(
    query.parameters
      .filter((v): v is string => typeof v === 'string' && v.startsWith(MARK))
      .map((v) => v.slice(MARK.length)),
  );
  for (const name of asked) {
    if (!bound.has(name)) {
      throw new Error(
        `Prepared query parameter "${name}" is not bound as a value; a parameter must not shape the query ` +
          '(optional clauses, IN lists) nor be transformed while it is built',
      );
    }
  }
}

/** The parameter name inside a text holding a stand-in (names are identifiers in practice). */
function namedIn(text: string): string {
  const match = new RegExp(`${MARK}([\\w$]+)`).exec(text);
  return match?.[1] ?? '?';
}

type InsertTable = keyof Database & string;
/** Compiled INSERTs by dialect, then by table, columns and row count (see insertRows). */
const compiledInserts = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * Rows split into chunks whose sizes are powers of two (at most `max`, itself one): a batch of any
 * size then uses few statement texts — 100 rows go as 64 + 32 + 4 — so the compiled and prepared
 * forms are reused instead of one per row count (SQLite's statement cache would churn).
 */
export function* powerOfTwoChunks<T>(rows: readonly T[], max = 256): Generator<readonly T[]> {
  let start = 0;
  while (start < rows.length) {
    let size = max;
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
    start += size;
  }
}

/**
 * Rows inserted by statements compiled once per shape — table, columns (in the rows' key order)
 * and row count, in power-of-two chunks — and bound per call: the prepared form of an INSERT whose
 * columns vary with the form that filled them (a general or a date-schedule guest, with or without
 * consent). As with Kysely, a key whose value is undefined is left out (the column's default). Every
 * row must set the columns of the first (`sameColumns` tells); `returning` names the columns to
 * answer, in the rows' order; `skipConflictsOn` leaves out a row that would break the unique index
 * on those columns (ON CONFLICT … DO NOTHING: it answers nothing).
 */
export async function insertRows<T extends InsertTable, R = never>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  returning: readonly string[] = [],
  skipConflictsOn: readonly string[] = [],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = definedKeys(rows[0]!);
  // Checked before any chunk is written.
  for (const row of rows) {
    if (definedKeys(row).length !== columns.length) {
      throw new Error(`insertRows: the rows of ${table} set different columns`);
    }
  }
  const answered: R[] = [];
  for (const chunk of powerOfTwoChunks(rows)) {
    answered.push(...(await insertChunk<T, R>(db, table, columns, chunk, returning, skipConflictsOn)));
  }
  return answered;
}

/** Whether every row sets the same columns (in any order), as insertRows needs. */
export function sameColumns(rows: readonly object[]): boolean {
  if (rows.length === 0) return true;
  const first = new Set(definedKeys(rows[0]!));
  return rows.every((row) => {
    const keys = definedKeys(row);
    return keys.length === first.size && keys.every((key) => first.has(key));
  });
}

async function insertChunk<T extends InsertTable, R>(
  db: Db,
  table: T,
  columns: readonly string[],
  rows: readonly Insertable<Database[T]>[],
  returning: readonly string[],
  skipConflictsOn: readonly string[],
): Promise<R[]> {
  const key = `${table}|${columns.join(',')}|${rows.length}|${returning.join(',')}|${skipConflictsOn.join(',')}`;
  const adapter = db.getExecutor().adapter;
  let byShape = compiledInserts.get(adapter);
  if (!byShape) compiledInserts.set(adapter, (byShape = new Map()));
  let compiled = byShape.get(key);
  if (!compiled) {
    // Placeholder values: only the SQL text is kept, and Kysely binds a row's values in key order.
    const placeholder = Object.fromEntries(columns.map((c) => [c, null]));
    let query = db.insertInto(table).values(rows.map(() => placeholder) as never);
    if (skipConflictsOn.length) {
      query = query.onConflict((conflict) => conflict.columns(skipConflictsOn as never).doNothing());
    }
    compiled = (returning.length ? query.returning(returning as never) : query).compile();
    // A bounded cache: shapes are few in practice (forms × optional columns × batch sizes).
    if (byShape.size >= 1000) byShape.clear();
    byShape.set(key, compiled);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters.push(values[column]);
  }
  return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
}

function definedKeys(row: object): string[] {
  const keys: string[] = [];
  for (const key in row) if ((row as Record<string, unknown>)[key] !== undefined) keys.push(key);
  return keys;
}
