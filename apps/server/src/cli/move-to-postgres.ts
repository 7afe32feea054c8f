import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { describePostgresError, type CopyProgress } from '../db/move/copy-tables.ts';
import { MoveFailed, MoveRefused } from '../db/move/move-errors.ts';
import { moveToPostgres, type MoveResult } from '../db/move/move.ts';
import { openDatabase } from '../db/database.ts';
import { createSystemLog } from '../modules/system-log/system-log.service.ts';
import { COMMAND_LINE_ACTOR } from './admin-context.ts';

const usage = `Usage: npm run db:move-to-postgres -- --to postgres://user:password@host:5432/database [--from <file>]

Moves a stopped SQLite deployment (DATA_DIR/meetflow.sqlite, as the server finds it) into an empty
PostgreSQL database: migrations, every table in foreign-key order, id sequences, then a row count and a
checksum per table. Stop the server and back up first (npm run db:backup). See docs/operations.md.
  --to <url>     the empty PostgreSQL database (created beforehand: createdb meetflow)
  --from <file>  another SQLite file than DATA_DIR/meetflow.sqlite

Exit codes: 0 moved and verified; 1 refused (nothing copied); 2 the copy or its verification failed.`;

/** Tables this big show their progress while they copy. */
const PROGRESS_FROM_ROWS = 20_000;
const PROGRESS_EVERY_MS = 1_000;

function parse(): { from?: string; to: string } {
  try {
    const { values } = parseArgs({
      options: {
        to: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
      throw new Error('Name the target with --to postgres://…');
    return { from: values.from, to: values.to };
  } catch (error) {
    console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(1);
  }
}

/** The target without its user and password: what the screen may show. */
function shown(url: string): string {
  const parsed = new URL(url);
  return `postgres://${parsed.host}${parsed.pathname}`;
}

function progressPrinter(): (progress: CopyProgress) => void {
  let lastPrinted = 0;
  return ({ table, copied, total, seconds }) => {
    if (total < PROGRESS_FROM_ROWS) return;
    const now = performance.now();
    if (copied < total && now - lastPrinted < PROGRESS_EVERY_MS) return;
    lastPrinted = now;
    const rate = seconds > 0 ? Math.round(copied / seconds) : copied;
    console.log(`    ${table}: ${fmt(copied)} / ${fmt(total)} rows, ${fmt(rate)} rows/s`);
  };
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function printResult(result: MoveResult, source: string, target: string): void {
  const width = Math.max(5, ...result.checks.map((c) => c.table.length));
  const lines = ['', `  ${'Table'.padEnd(width)}  ${'Rows'.padStart(9)}  ${'Copy s'.padStart(7)}  Checksum`];
  for (const check of result.checks) {
    const seconds = (result.copySeconds.get(check.table) ?? 0).toFixed(2);
    lines.push(
      `  ${check.table.padEnd(width)}  ${fmt(check.targetRows).padStart(9)}  ${seconds.padStart(7)}  ${check.ok ? 'ok' : 'MISMATCH'}`,
    );
  }
  const rows = result.checks.reduce((n, c) => n + c.targetRows, 0);
  lines.push(
    '',
    `  Moved ${result.checks.length} tables, ${fmt(rows)} rows, in ${result.seconds.toFixed(1)} s; ` +
      `${result.numberingColumns} id sequences set past the highest id.`,
    '',
    '  Next:',
    `  1. In the server's settings set DATABASE_URL to ${target} (with its user and password).`,
    '  2. Uploaded files were rows of the files table: copied above, nothing else to move. A PostgreSQL',
    '     server reads nothing from DATA_DIR; leave it as it is: it keeps',
    `     ${source} as the backup of the old deployment.`,
    '  3. Start the server; log in and open a meeting and its guests to check.',
    '  To roll back: remove DATABASE_URL and restart: the server runs on the SQLite file again (what was',
    '  written on PostgreSQL meanwhile stays there).',
    '',
  );
  console.log(lines.join('\n'));
}

/**
 * The move in the new database's system log, written after the verification (which it would
 * otherwise upset) and outside the copy's transaction: a failure here leaves a good copy.
 */
async function recordMove(url: string, result: MoveResult): Promise<void> {
  const { db } = openDatabase({ databaseUrl: url, dataDir: '', env: 'production' });
  try {
    const rows = result.checks.reduce((n, c) => n + c.targetRows, 0);
    await createSystemLog(db, Date.now).record({
      action: 'create',
      source: 'admin',
      message: { key: 'database.moved_from_sqlite', params: { tables: result.checks.length, rows } },
      username: COMMAND_LINE_ACTOR,
      ip: null,
    });
  } catch (error) {
    console.error(`  The copy is good, but its system-log entry failed: ${describePostgresError(error)}`);
  } finally {
    await db.destroy();
  }
}

function dataDir(): string {
  try {
    return loadConfig().dataDir;
  } catch (error) {
    console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const args = parse();
// npm runs workspace scripts inside the workspace: a relative name means where the user typed it.
const source = args.from
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args.from)
  : path.join(dataDir(), 'meetflow.sqlite');
const target = shown(args.to);
console.log(`\n  Moving ${source}\n  to     ${target}\n`);
try {
  const result = await moveToPostgres({
    sqliteFile: source,
    targetUrl: args.to,
    onStep: (step) => console.log(`  … ${step}`),
    onProgress: progressPrinter(),
  });
  printResult(result, source, target);
  await recordMove(args.to, result);
} catch (error) {
  const refused = error instanceof MoveRefused;
  // Our own messages name tables only; anything else may quote a value: its quotes are cut.
  const message = refused || error instanceof MoveFailed ? error.message : describePostgresError(error);
  console.error(`\n  ${refused ? 'Refused' : 'Failed'}: ${message}\n`);
  process.exitCode = refused ? 1 : 2;
}
