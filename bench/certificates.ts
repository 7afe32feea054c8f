import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createMeeting, createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { ADMIN, cpuMs, rssMb, startApp } from './lib.ts';
import type { Measured } from './row.ts';

/**
 * Certificates at the size of a real congress (issue 18): 5,000 guests who attended, their
 * certificates issued through the API, then all of them downloaded as one ZIP — the time, the server's
 * peak RSS and CPU per certificate — beside the bare renderer drawing the same 5,000 in its own process.
 */
const GUESTS = Number(process.env.BENCH_CERTIFICATES ?? 5_000);

export interface CertificatesResult {
  issueSeconds: number;
  zipSeconds: number;
  zipMb: number;
  zipEntries: number;
  peakMb: number;
  /** The server's RSS before the download, after issuing. */
  idleMb: number;
  cpuMsPerCertificate: number;
  bareSeconds: number;
  barePeakMb: number;
}

/**
 * Each guest's entry and exit at the gate, `stayMs` apart, the guests arriving `stepMs` after one
 * another from `firstIn`: the scans a certificate rule counts (also the congress bench's seeding).
 */
export function cameAndLeft(
  meetingId: number,
  guestIds: readonly number[],
  { firstIn, stepMs, stayMs }: { firstIn: number; stepMs: number; stayMs: number },
) {
  return guestIds.flatMap((guest_id, i) =>
    (['in', 'out'] as const).map((type, j) => ({
      meeting_id: meetingId,
      guest_id,
      scope_id: 0,
      type,
      station: 'Gate',
      operator_id: null,
      operator_name: null,
      nonce: randomUUID(),
      created_at: firstIn + i * stepMs + j * stayMs,
    })),
  );
}

function sampleRss(pid: number) {
  let peak = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    try {
      const now = rssMb(pid);
      if (process.env.BENCH_TRACE && ++ticks % 100 === 0) console.error('rss', Math.round(now));
      peak = Math.max(peak, now);
    } catch {
      // exited
    }
  }, 20);
  return { stop: () => (clearInterval(timer), peak) };
}

function countEntries(file: string): Promise<number> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: false }, (error, zip) => {
      if (error || !zip) return reject(error);
      let n = 0;
      zip.on('entry', () => n++);
      zip.on('end', () => resolve(n));
    }),
  );
}

async function bare(): Promise<{ seconds: number; peakMb: number }> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-certificates.ts'), String(GUESTS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const rss = sampleRss(child.pid!);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const peakMb = rss.stop();
  if (code !== 0) throw new Error('bare-certificates.ts failed');
  return { seconds: (JSON.parse(out) as { seconds: number }).seconds, peakMb };
}

/**
 * Sets the meeting's rule (an hour present earns 6.5 credits, the default template kept) and issues a
 * certificate to every guest who earned one, as the organiser's two clicks do: seconds of the issue.
 */
export async function issueToAllEarned(
  base: string,
  headers: Record<string, string>,
  meetingId: number,
): Promise<{ issueSeconds: number; done: number }> {
  const settings = (await (
    await fetch(`${base}/api/meetings/${meetingId}/certificate-settings`, { headers })
  ).json()) as { data: { template: unknown } };
  await fetch(`${base}/api/meetings/${meetingId}/certificate-settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      rule: { min_minutes: 60, meeting_credits: 6.5 },
      template: settings.data.template,
      guest_download: false,
    }),
  });
  const begin = performance.now();
  const issued = (await (
    await fetch(`${base}/api/meetings/${meetingId}/certificates/issue`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ all_earned: true }),
    })
  ).json()) as { data: { done: number } };
  return { issueSeconds: (performance.now() - begin) / 1000, done: issued.data.done };
}

export async function certificates(port: number): Promise<CertificatesResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-cert-'));
  const { db } = openDatabase(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }));
  await migrateToLatest(db);
  const organization = await createOrganization(db);
  const meeting = await createMeeting(db, organization, { name: '澳門醫學年會' });
  const start = Date.now() - 3 * 86_400_000;
  await db
    .updateTable('meetings')
    .set({ start_at: start, end_at: start + 8 * 3_600_000 })
    .where('id', '=', meeting.id)
    .execute();
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < GUESTS; first += 500) {
      const rows = Array.from({ length: Math.min(500, GUESTS - first) }, (_, i) => {
        const k = first + i;
        return {
          meeting_id: meeting.id,
          guest_code: randomBytes(18).toString('base64url'),
          token_hash: randomBytes(32).toString('hex'),
          area_code: '853',
          phone: `+8536${String(3_000_000 + k).padStart(7, '0')}`,
          email: `guest${k}@example.com`,
          name: '',
          name_zh: `陳大文${k}`,
          name_en: `Guest ${k}`,
          institution: `Hospital ${k % 50}`,
          created_at: start - 86_400_000,
        };
      });
      const ids = await trx.insertInto('guests').values(rows).returning('id').execute();
      await trx
        .insertInto('check_ins')
        .values(
          cameAndLeft(
            meeting.id,
            ids.map(({ id }) => id),
            { firstIn: start + 3_600_000, stepMs: 1000, stayMs: 6.5 * 3_600_000 },
          ),
        )
        .execute();
    }
  });
  await db.destroy();

  const app = await startApp({ DATA_DIR: dataDir }, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token
      .access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const issued = await issueToAllEarned(base, headers, meeting.id);
    const { issueSeconds } = issued;
    if (issued.done !== GUESTS) throw new Error(`issued ${issued.done} of ${GUESTS}`);

    const pid = app.child.pid!;
    const idleMb = rssMb(pid);
    const rss = sampleRss(pid);
    const cpuBefore = cpuMs(pid);
    const begin = performance.now();
    const res = await fetch(`${base}/api/meetings/${meeting.id}/certificates/zip`, { headers });
    const file = path.join(dataDir, 'certificates.zip');
    const out = fs.createWriteStream(file);
    let bytes = 0;
    for await (const chunk of res.body!) {
      bytes += (chunk as Uint8Array).length;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const zipSeconds = (performance.now() - begin) / 1000;
    const cpu = cpuMs(pid) - cpuBefore;
    const peakMb = rss.stop();
    const zipEntries = await countEntries(file);
    const baseline = await bare();
    return {
      issueSeconds,
      zipSeconds,
      zipMb: bytes / 1024 / 1024,
      zipEntries,
      peakMb,
      idleMb,
      cpuMsPerCertificate: cpu / GUESTS,
      bareSeconds: baseline.seconds,
      barePeakMb: baseline.peakMb,
    };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as rows of the bench's table. */
export function certificatesRows(run: CertificatesResult): Measured[] {
  return [
    {
      metric: `ZIP of ${run.zipEntries} certificates (${run.zipMb.toFixed(0)} MB), time`,
      ours: run.zipSeconds,
      baseline: run.bareSeconds,
      unit: 's',
      target: 'ratio ≤ 1.5 (baseline: the renderer alone, own process)',
      pass: run.zipSeconds <= 1.5 * run.bareSeconds,
    },
    {
      metric: 'ZIP of certificates, server peak RSS',
      ours: run.peakMb,
      baseline: run.idleMb,
      unit: 'MB',
      target: '≤ 250 (baseline: the same server before the download)',
      pass: run.peakMb <= 250,
    },
    {
      metric: 'server CPU per certificate in the ZIP',
      ours: run.cpuMsPerCertificate,
      baseline: null,
      unit: 'ms',
      target: 'report',
      pass: null,
    },
    {
      metric: 'issue certificates to every guest who earned one',
      ours: run.issueSeconds,
      baseline: null,
      unit: 's',
      target: 'report',
      pass: null,
    },
  ];
}
