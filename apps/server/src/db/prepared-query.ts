import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
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
        const query = build(db, (name) => `${MARK}${name}` as never).compile();
        const sources = query.parameters.map((value) =>
          typeof value === 'string' && value.startsWith(MARK)
            ? (p: P) => p[value.slice(MARK.length) as keyof P]
            : () => value,
        );
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
