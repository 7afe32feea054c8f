import { openDatabase } from '../database.ts';
import { migrateToLatest, migrations } from '../migrate.ts';
import {
  copyTables,
  describePostgresError,
  resetNumbering,
  type CopyProgress,
  type Shape,
} from './copy-tables.ts';
import { MoveFailed, MoveRefused } from './move-errors.ts';
import { PostgresTarget } from './postgres-target.ts';
import { SqliteSource } from './sqlite-source.ts';
import { planCopy, type CopyPlan } from './table-order.ts';
import { verifyTables, type TableCheck } from './verify-tables.ts';

export interface MoveOptions {
  sqliteFile: string;
  targetUrl: string;
  onProgress?: (progress: CopyProgress) => void;
  /** A step begins ('checking', 'migrating the target', …): for the operator's screen. */
  onStep?: (step: string) => void;
}

export interface MoveResult {
  checks: TableCheck[];
  copySeconds: Map<string, number>;
  numberingColumns: number;
  seconds: number;
}

/**
 * Moves a stopped SQLite deployment into an empty PostgreSQL database: checks (source not in use and
 * at the latest migration, target empty), the target's migrations, the copy in one transaction in
 * foreign-key order, the numbering, then a count and checksum per table. Throws MoveRefused before
 * any row is copied, MoveFailed after (see docs/decisions/0086-sqlite-to-postgres-move.md).
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const started = performance.now();
  const step = options.onStep ?? (() => undefined);
  step('checking the SQLite database');
  const source = SqliteSource.open(options.sqliteFile);
  let target: PostgresTarget | undefined;
  try {
    refuseUnlessMigrated(source.appliedMigrations());
    const tables = source.tables();
    step('checking the PostgreSQL database');
    target = await connect(options.targetUrl);
    await target.refuseUnlessEmpty(tables);
    step('running the migrations on PostgreSQL');
    await migrateTarget(options.targetUrl);
    const shapes = await target.shapes(tables);
    refuseUnlessSameColumns(source, shapes);
    const plan = await copyPlan(target, tables);
    step(`copying ${tables.length} tables`);
    const { copySeconds, numberingColumns } = await copyInOneTransaction(
      source,
      target,
      plan,
      shapes,
      options.onProgress,
    );
    step('verifying row counts and checksums');
    const checks = await verifyTables(source, target, plan.order, shapes);
    const failed = checks.filter((c) => !c.ok).map((c) => c.table);
    if (failed.length > 0) {
      throw new MoveFailed(
        `Verification failed for ${failed.join(', ')}: the copy differs from the SQLite database. The ` +
          'target keeps the copied rows for inspection; drop it (dropdb, or DROP DATABASE … WITH (FORCE)) ' +
          'before a new attempt. Keep running on SQLite meanwhile.',
      );
    }
    return { checks, copySeconds, numberingColumns, seconds: (performance.now() - started) / 1000 };
  } finally {
    await target?.close();
    source.close();
  }
}

function refuseUnlessMigrated(applied: string[] | null): void {
  const latest = Object.keys(migrations);
  const missing = latest.filter((name) => !applied?.includes(name));
  const unknown = (applied ?? []).filter((name) => !latest.includes(name));
  if (unknown.length > 0) {
    throw new MoveRefused(
      `The SQLite database was migrated by a newer MeetFlow (${unknown.length} migration(s) this version ` +
        'does not know): run the move with that version.',
    );
  }
  if (missing.length > 0) {
    throw new MoveRefused(
      `The SQLite database is not at the latest migration (${missing.length} missing, first ${missing[0]}). ` +
        'Start this version of the server once on it (it migrates on start) or run `npm run db:migrate` ' +
        'with the same DATA_DIR, stop it, then move again.',
    );
  }
}

async function connect(url: string): Promise<PostgresTarget> {
  try {
    return await PostgresTarget.connect(url);
  } catch (error) {
    throw new MoveRefused(`Cannot connect to the target database: ${describePostgresError(error)}`);
  }
}

/** The server's own migrator, as the server would run it on its first start. */
async function migrateTarget(url: string): Promise<void> {
  const { db } = openDatabase({ databaseUrl: url, dataDir: '', env: 'production' });
  try {
    await migrateToLatest(db);
  } catch (error) {
    throw new MoveRefused(`The migrations failed on the target: ${describePostgresError(error)}`);
  } finally {
    await db.destroy();
  }
}

/** Both sides ran the same migrations, so they have the same tables and columns; anything else is refused. */
function refuseUnlessSameColumns(source: SqliteSource, shapes: ReadonlyMap<string, Shape>): void {
  for (const [table, shape] of shapes) {
    const sourceColumns = [...source.columns(table)].sort().join(',');
    const targetColumns = [...shape.columns].sort().join(',');
    if (shape.columns.length === 0 || sourceColumns !== targetColumns) {
      throw new MoveRefused(
        `The table ${table} has other columns in SQLite than the migrations create on PostgreSQL: ` +
          'was the SQLite schema changed by hand?',
      );
    }
  }
}

async function copyPlan(target: PostgresTarget, tables: readonly string[]): Promise<CopyPlan> {
  try {
    return planCopy(tables, await target.foreignKeys());
  } catch (error) {
    throw new MoveRefused(error instanceof Error ? error.message : String(error));
  }
}

async function copyInOneTransaction(
  source: SqliteSource,
  target: PostgresTarget,
  plan: CopyPlan,
  shapes: ReadonlyMap<string, Shape>,
  onProgress: MoveOptions['onProgress'],
): Promise<{ copySeconds: Map<string, number>; numberingColumns: number }> {
  const copySeconds = new Map<string, number>();
  let numberingColumns: number;
  await target.query('begin');
  try {
    await copyTables(source, target, plan, shapes, (progress) => {
      copySeconds.set(progress.table, progress.seconds);
      onProgress?.(progress);
    });
    // In the same transaction: the sequences match the rows, or neither is there.
    numberingColumns = await resetNumbering(source, target);
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw new MoveFailed(
      `The copy failed and was rolled back (the target holds the empty MeetFlow schema; run the move ` +
        `again once fixed): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { copySeconds, numberingColumns };
}
