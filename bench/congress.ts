import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { startSmtp } from '../apps/server/test/smtp-fixture.ts';
import { issueToAllEarned } from './certificates.ts';
import {
  BROADCAST_PER_MINUTE,
  broadcastToAll,
  evaluationReports,
  GUESTS,
  guestList,
  importFiles,
  medianMs,
  offlineSync,
  purges,
  SMALL,
  type CongressResult,
  type Running,
} from './congress-steps.ts';
import { createCongress, seedCongress } from './congress-seed.ts';
import { bareExport, logIn, measureDownload } from './door-day.ts';
import { cpuMs, startApp } from './lib.ts';

const ALL_STEPS = ['import', 'list', 'export', 'certificates', 'evaluation', 'offline', 'broadcast', 'purge'];
/** `BENCH_CONGRESS_STEPS=list,purge` runs only those steps (the seeding always runs): one cost at a time. */
const STEPS = new Set((process.env.BENCH_CONGRESS_STEPS ?? ALL_STEPS.join(',')).split(','));
for (const step of STEPS)
  if (!ALL_STEPS.includes(step)) throw new Error(`BENCH_CONGRESS_STEPS: no step "${step}"`);

/** Each step's figures as soon as taken (stderr): a long run stopped halfway still tells them. */
function note<T>(step: string, figures: T): T {
  console.error(`congress ${step}: ${JSON.stringify(figures)}`);
  return figures;
}

/**
 * The 100,000-guest congress (issue 46): a date-schedule meeting with 20 sessions, a 12-field form of
 * its own and fees, on one SQLite server process with its runners on and a real SMTP server here.
 * Each figure beside a baseline of the same run: the import of 100,000 rows (beside the bulk SQL that
 * seeds as many), the guest list filtered on answers (beside the unfiltered list), the export (beside
 * the bare writer), the certificates, a broadcast to all (beside its configured pace), the evaluation
 * report, the retention purge and an offline station's sync (each beside the same at 1,000 guests or
 * the same scans sent online). `BENCH_CONGRESS=<n>` runs it with n guests.
 */
export async function congress(port: number): Promise<CongressResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-congress-'));
  const { db } = openDatabase(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }));
  const smtp = await startSmtp(0, { parse: false });
  try {
    await migrateToLatest(db);
    const organization = await createOrganization(db);
    const seedBegin = performance.now();
    const big = await seedCongress(db, organization, '澳門醫學大會', GUESTS, 0);
    const seedSeconds = note('seed', (performance.now() - seedBegin) / 1000);
    const small = await seedCongress(db, organization, '澳門醫學小會', SMALL, GUESTS);
    const imported = await createCongress(db, organization, '澳門醫學大會（匯入）');
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_BROADCAST_PER_MINUTE: String(BROADCAST_PER_MINUTE),
    };
    const app = await startApp(env, port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = await logIn(base);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const running: Running = { base, token, headers, pid: app.child.pid!, db };
      const step = async <T>(name: string, measure: () => Promise<T>) =>
        STEPS.has(name) ? note(name, await measure()) : undefined;
      const result: CongressResult = { guests: GUESTS, seedSeconds };
      result.import = await step('import', () => importFiles(running, imported.id));
      result.listP95 = await step('list', () => guestList(running, big.id));
      result.export = await step('export', async () => {
        const cpuBefore = cpuMs(running.pid);
        const exported = await measureDownload(
          `${base}/api/meetings/${big.id}/guests/export`,
          token,
          running.pid,
        );
        const cpuUsPerGuest = ((cpuMs(running.pid) - cpuBefore) * 1000) / GUESTS;
        // The same cells (an answer per column), then as stored (the answers in one cell).
        const bare = await bareExport(dataDir, big.id, true);
        const storedBare = await bareExport(dataDir, big.id);
        return {
          seconds: exported.seconds,
          peakMb: exported.peakMb,
          cpuUsPerGuest,
          bareSeconds: bare.seconds,
          barePeakMb: bare.peakMb,
          bareCpuUsPerGuest: (bare.cpuMs * 1000) / GUESTS,
          storedBareSeconds: storedBare.seconds,
        };
      });
      result.certificates = await step('certificates', async () => {
        const issued = await issueToAllEarned(base, headers, big.id);
        const certificateList = `${base}/api/meetings/${big.id}/certificates?page=1&page_size=20`;
        return {
          listP95: await medianMs(certificateList, token, 1),
          issueSeconds: issued.issueSeconds,
          issued: issued.done,
        };
      });
      result.evaluationReport = await step('evaluation', () => evaluationReports(running, big, small));
      result.offlineSync = await step('offline', () => offlineSync(running, big));
      result.broadcast = await step('broadcast', () => broadcastToAll(running, smtp, big.id));
      result.purge = await step('purge', () => purges(running, big, small));
      return result;
    } finally {
      await app.stop();
    }
  } finally {
    await db.destroy();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
