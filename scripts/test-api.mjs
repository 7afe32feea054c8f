// Runs the API suite once per database: the embedded SQLite and the real PostgreSQL.
// PostgreSQL is never skipped: if it is unreachable, the run fails (TEST_POSTGRES_URL picks it).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
for (const db of ['sqlite', 'postgres']) {
  console.log(`\n=== API suite on ${db} ===`);
  const result = spawnSync('vitest', ['run', '--project', 'api', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: db },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
