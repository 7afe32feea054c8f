// `npm run bench`: each figure beside a baseline measured in the same run on the same machine.
// `--budgets` measures only the deterministic bundle budgets (CI fails when one is exceeded);
// `--only basics|signup|forms|door|mail|import|export|door-offline|certificates|webhooks|congress` runs the budgets and one group of scenarios;
// `--runs N` repeats the whole selection N times and prints min / median / max of each figure.
import fs from 'node:fs';
import path from 'node:path';
import { build, SERVER } from '../scripts/build.ts';
import { measureApp, type Recorder } from './basics.ts';
import { certificates, certificatesRows } from './certificates.ts';
import { congress } from './congress.ts';
import { congressRows } from './congress-rows.ts';
import { doorDay } from './door-day.ts';
import { doorDayRows, doorSearchExportRows } from './door-rows.ts';
import { doorOffline } from './door-offline.ts';
import { formSignUp, formSignUpRows } from './form-signup.ts';
import { doorOfflineRows } from './door-offline-rows.ts';
import { guestExport, guestExportRows } from './guest-export.ts';
import { guestImport, guestImportRows } from './guest-import.ts';
import { freePort, loadAverage } from './lib.ts';
import { mailBurst, mailBurstRows } from './mail-burst.ts';
import { report } from './report.ts';
import type { Row } from './row.ts';
import { postgresSearch } from './search-postgres.ts';
import { signUpBurst, signUpBurstRows } from './signup-burst.ts';
import { webhookBench, webhookRows } from './webhooks.ts';

const root = path.resolve(import.meta.dirname, '..');
const budgetsOnly = process.argv.includes('--budgets');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const only = option('--only') ?? null;
const RUNS = Math.max(1, Number(option('--runs') ?? 1));
const want = (
  group:
    | 'basics'
    | 'signup'
    | 'forms'
    | 'door'
    | 'mail'
    | 'import'
    | 'export'
    | 'door-offline'
    | 'certificates'
    | 'webhooks'
    | 'congress',
) => !budgetsOnly && (only === null || only === group);

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('Build the web app first: npm run build');
}
// The bench measures the server production runs, its build (decision 0127): built again when its
// sources changed, so that no figure is of an older server than the sources.
if (!build(root, SERVER, true)) throw new Error('The server did not build: see the output above.');

/** One run of every selected scenario: its rows, each stamped with the load average when measured. */
async function measureOnce(): Promise<Row[]> {
  const rows: Row[] = [];
  const record: Recorder = (...measured) =>
    rows.push(...measured.map((row) => ({ ...row, load: loadAverage() })));
  await measureApp(record, want('basics'));
  if (want('import')) record(...guestImportRows(await guestImport(await freePort())));
  if (want('export')) record(...guestExportRows(await guestExport(await freePort())));
  if (want('mail')) {
    for (const [kind, instances] of [
      ['sqlite', 1],
      ['postgres', 2],
    ] as const) {
      const ports = await Promise.all(Array.from({ length: instances }, freePort));
      record(...mailBurstRows(kind, await mailBurst(kind, ports)));
    }
  }
  if (want('signup')) {
    for (const kind of ['sqlite', 'postgres'] as const)
      record(...signUpBurstRows(kind, await signUpBurst(kind)));
  }
  if (want('forms')) record(...formSignUpRows(await formSignUp()));
  if (want('door')) {
    const door = await doorDay(await freePort());
    record(...doorDayRows(door));
    record(...doorSearchExportRows(door, await postgresSearch()));
  }
  if (want('certificates')) record(...certificatesRows(await certificates(await freePort())));
  if (want('webhooks')) record(...webhookRows(await webhookBench(await freePort())));
  // The offline door in Chromium (door-offline.ts; `--smoke` for a short run).
  if (want('door-offline')) record(...doorOfflineRows(await doorOffline(await freePort())));
  // The 100,000-guest congress (congress.ts; BENCH_CONGRESS=<n> for a smaller one).
  if (want('congress')) record(...congressRows(await congress(await freePort())));
  return rows;
}

const runs: Row[][] = [];
for (let n = 0; n < RUNS; n++) runs.push(await measureOnce());
report(runs);
