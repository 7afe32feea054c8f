// Runs the API suite once per database: the embedded SQLite and the real PostgreSQL.
// PostgreSQL is never skipped: if it is unreachable, the run fails (TEST_POSTGRES_URL picks it).
//
// Each run takes one file at a time (vitest.config.ts), so the two runs go side by side, which
// shortens CI by about a quarter on two cores; the files that share Redis, start server processes
// or measure time and memory then run alone, one database after the other.
import { spawn } from 'node:child_process';

const ALONE = [
  'admin-cli',
  'attendance-live-statistics',
  'dependency-outage',
  'erasure-at-rest',
  'graceful-shutdown',
  'guest-import-crash',
  'import-memory',
  'instance-roles',
  'listening',
  'mail-instances',
  'multi-instance',
  'payments-receipts',
  'payments-two-instances',
  'postgres-connection-loss',
  'postgres-guest-import',
  'seed-demo',
  'start-up',
  'webhook-crash',
].map((name) => `apps/server/test/${name}.test.ts`);
const ALONE_SRC = ['apps/server/src/lib/startup-garbage.test.ts'];

function vitest(db, args, exclude = []) {
  return new Promise((resolve) => {
    const child = spawn('vitest', ['run', '--project', 'api', ...args], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: db, TEST_API_EXCLUDE: exclude.join(',') },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const extra = process.argv.slice(2);
if (extra.length > 0) {
  // Files or options named: one database after the other, as asked.
  for (const db of ['sqlite', 'postgres']) {
    console.log(`\n=== API suite on ${db} ===`);
    const code = await vitest(db, extra);
    if (code !== 0) process.exit(code);
  }
} else {
  const alone = [...ALONE, ...ALONE_SRC];
  console.log('\n=== API suite on sqlite and postgres, side by side ===');
  const codes = await Promise.all(['sqlite', 'postgres'].map((db) => vitest(db, [], alone)));
  if (codes.some((code) => code !== 0)) process.exit(1);
  for (const db of ['sqlite', 'postgres']) {
    console.log(`\n=== API suite on ${db}: the files that run alone ===`);
    const code = await vitest(db, alone);
    if (code !== 0) process.exit(code);
  }
}
