import pg from 'pg';
import { keysetQuery, type TableShape } from './keyset.ts';
import { MoveRefused } from './move-errors.ts';
import { columnKind } from './row-values.ts';
import type { ForeignKey } from './table-order.ts';

/** PostgreSQL's type ids whose text the move keeps as it is: bigint (exact, not a Number). */
const INT8 = 20;
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Rows the migrations themselves write, which do not make a target "not empty": the built-in roles. */
const WRITTEN_BY_MIGRATIONS: Record<string, string> = { roles: 'code is null' };

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The PostgreSQL database the move fills, through one connection (one transaction for the copy). */
export class PostgresTarget {
  readonly client: pg.Client;

  private constructor(client: pg.Client) {
    this.client = client;
  }

  static async connect(url: string): Promise<PostgresTarget> {
    const client = new pg.Client({
      connectionString: url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? (value: string) => value : pg.types.getTypeParser(oid, format)) as never,
      },
    });
    client.on('error', () => undefined); // a cut connection fails the query in progress, which reports it
    await client.connect();
    return new PostgresTarget(client);
  }

  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    return (await this.client.query<R>(text, values)).rows;
  }

  /**
   * Empty means: the schema (current_schema(), normally public) holds no table but MeetFlow's own and
   * the migrator's, and no MeetFlow table holds a row, the built-in roles the migrations write aside.
   * So a database that only ran `npm run db:migrate`, or a move that failed and rolled back, is
   * empty; one a server has started on (its first administrator) or that holds anything else is not.
   */
  async refuseUnlessEmpty(meetflowTables: readonly string[]): Promise<void> {
    const present = await this.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'f', 'v', 'm') order by 1`,
    );
    const known = new Set(meetflowTables);
    const foreign = present.map((r) => r.name).filter((n) => !known.has(n) && !MIGRATOR_TABLES.has(n));
    if (foreign.length > 0) {
      throw new MoveRefused(
        `The target database holds tables that are not MeetFlow's (${foreign.slice(0, 5).join(', ')}` +
          `${foreign.length > 5 ? ', …' : ''}): give MeetFlow a database of its own.`,
      );
    }
    const withRows: string[] = [];
    for (const { name } of present) {
      if (!known.has(name)) continue;
      const condition = WRITTEN_BY_MIGRATIONS[name];
      const rows = await this.query(
        `select 1 from ${quote(name)}${condition ? ` where ${condition}` : ''} limit 1`,
      );
      if (rows.length > 0) withRows.push(name);
    }
    if (withRows.length > 0) {
      throw new MoveRefused(
        `The target database is not empty: ${withRows.join(', ')} hold rows. The move fills an empty ` +
          'database only; create a new one (createdb) and name it in --to.',
      );
    }
  }

  /** Every table's columns (in the table's order), their kinds and its primary key. */
  async shapes(tables: readonly string[]): Promise<Map<string, TableShape & { types: string[] }>> {
    const columns = await this.query<{ table: string; column: string; type: string }>(
      `select table_name as table, column_name as column, data_type as type from information_schema.columns
       where table_schema = current_schema() order by table_name, ordinal_position`,
    );
    const keys = await this.query<{ table: string; column: string }>(
      `select tc.table_name as table, kcu.column_name as column
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
         and kcu.table_schema = tc.table_schema and kcu.table_name = tc.table_name
       where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
       order by tc.table_name, kcu.ordinal_position`,
    );
    const shapes = new Map<string, TableShape & { types: string[] }>();
    for (const name of tables) {
      const own = columns.filter((c) => c.table === name);
      const primaryKey = keys.filter((k) => k.table === name).map((k) => k.column);
      // No primary key: every column orders the rows (MeetFlow has none such today).
      shapes.set(name, {
        name,
        columns: own.map((c) => c.column),
        kinds: own.map((c) => columnKind(name, c.column, c.type)),
        types: own.map((c) => c.type),
        primaryKey: primaryKey.length > 0 ? primaryKey : own.map((c) => c.column),
      });
    }
    return shapes;
  }

  /** The foreign keys of the schema, from PostgreSQL's own catalogue. */
  async foreignKeys(): Promise<ForeignKey[]> {
    return this.query<ForeignKey>(
      `select t.relname as table, r.relname as references,
         array(select a.attname::text from unnest(con.conkey) k
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k) as columns
       from pg_constraint con
       join pg_class t on t.oid = con.conrelid join pg_class r on r.oid = con.confrelid
       join pg_namespace n on n.oid = t.relnamespace
       where con.contype = 'f' and n.nspname = current_schema()`,
    );
  }

  /** Columns that number themselves (identity or serial): table → columns. */
  async generatedColumns(): Promise<{ table: string; column: string }[]> {
    return this.query(
      `select table_name as table, column_name as column from information_schema.columns
       where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')
       order by 1, 2`,
    );
  }

  /** One multi-row INSERT of rows already converted to PostgreSQL parameters. */
  async insert(shape: TableShape, rows: readonly unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    const width = shape.columns.length;
    const tuples = rows.map(
      (_, r) => `(${shape.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    await this.client.query(
      `insert into ${quote(shape.name)} (${shape.columns.map(quote).join(', ')}) values ${tuples.join(', ')}`,
      rows.flat(),
    );
  }

  /** Sets column `column` of the rows keyed by `pairs[i][0]` (single-column key) to `pairs[i][1]`. */
  async setColumn(
    shape: TableShape & { types: string[] },
    column: string,
    pairs: readonly unknown[][],
  ): Promise<void> {
    if (pairs.length === 0) return;
    const [key] = shape.primaryKey as [string];
    const keyType = shape.types[shape.columns.indexOf(key)]!;
    const valueType = shape.types[shape.columns.indexOf(column)]!;
    const tuples = pairs.map((_, i) => `($${2 * i + 1}::${keyType}, $${2 * i + 2}::${valueType})`);
    await this.client.query(
      `update ${quote(shape.name)} set ${quote(column)} = v.value from (values ${tuples.join(', ')}) as v(key, value)
       where ${quote(shape.name)}.${quote(key)} = v.key`,
      pairs.flat(),
    );
  }

  /** The rows in primary-key order (text keys byte by byte, as SQLite orders them), page by page. */
  async *pages(shape: TableShape, pageSize: number): AsyncGenerator<unknown[][]> {
    let after: unknown[] | null = null;
    for (;;) {
      const { sql, parameters } = keysetQuery(shape, after, pageSize, {
        textOrder: ' collate "C"',
        numbered: true,
      });
      const result = await this.client.query({ text: sql, values: parameters, rowMode: 'array' });
      const rows = result.rows as unknown[][];
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < pageSize) return;
      after = shape.primaryKey.map((column) => rows.at(-1)![shape.columns.indexOf(column)]);
    }
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
