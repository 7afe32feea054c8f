import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';

const usage = `Usage: npm run db:backup -- <file> [--force]

Copies the SQLite database (DATA_DIR/meetflow.sqlite) to <file> while the server keeps running:
SQLite's online backup reads one consistent snapshot; writers are not blocked.
  --force   overwrite <file> if it exists`;

function fail(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) fail(`Name the backup file.\n\n${usage}`);

const config = loadConfig();
if (config.databaseUrl) {
  fail(
    'DATABASE_URL points to PostgreSQL: back it up with pg_dump (see docs/operations.md). This command copies SQLite.',
  );
}
const source = path.join(config.dataDir, 'meetflow.sqlite');
if (!fs.existsSync(source)) fail(`No database at ${source} (check DATA_DIR).`);

// npm runs workspace scripts inside the workspace: a relative name means where the user typed it.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
if (target === source || target.startsWith(`${source}-`))
  fail('The backup cannot replace the live database.');
if (fs.existsSync(target) && !values.force) fail(`${target} exists: choose another name or add --force.`);
fs.mkdirSync(path.dirname(target), { recursive: true });

// Written beside the target and renamed at the end: an interrupted backup never looks complete.
const partial = `${target}.partial-${process.pid}`;
const db = new DatabaseSync(source, { timeout: 10_000 });
try {
  const started = performance.now();
  // All pages in one step: one read snapshot, so writes by the running server never restart the copy.
  const pages = await backup(db, partial, { rate: 2_147_483_647 });
  const copy = new DatabaseSync(partial);
  try {
    const check = copy.prepare('pragma integrity_check').get() as { integrity_check?: string } | undefined;
    if (check?.integrity_check !== 'ok')
      throw new Error(`integrity check of the copy: ${check?.integrity_check}`);
    // A single self-contained file: the server switches it back to WAL when it opens it.
    copy.exec('pragma journal_mode = delete');
  } finally {
    copy.close();
  }
  fs.renameSync(partial, target);
  const size = fs.statSync(target).size;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\n  Backed up ${source}\n  to        ${target}\n  ${pages} pages, ${(size / 1_048_576).toFixed(1)} MiB, integrity ok, ${seconds} s.\n`,
  );
} catch (error) {
  fs.rmSync(partial, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  db.close();
}
