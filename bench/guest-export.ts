import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createMeeting, createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { bareExport, insertGuests, logIn, measureDownload } from './door-day.ts';
import { cpuMs, startApp } from './lib.ts';
import type { Measured } from './row.ts';

/**
 * The XLSX export of 100,000 guests alone (`--only export`): the export figures of the door group
 * without its scans, on a freshly started process, beside the bare exceljs writer on the same rows
 * in its own process — a quick loop for work on the export. Each side runs `ROUNDS` times in turn.
 */
const GUESTS = 100_000;
const ROUNDS = 2;

export interface GuestExportResult {
  seconds: number[];
  bareSeconds: number[];
  peakMb: number;
  barePeakMb: number;
  /** Server CPU (user + system) per exported guest, µs. */
  cpuUsPerGuest: number;
  /** The bare writer's whole process, per guest, µs. */
  bareCpuUsPerGuest: number;
}

export async function guestExport(port: number): Promise<GuestExportResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-export-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
  const { db } = openDatabase(config);
  await migrateToLatest(db);
  const meeting = await createMeeting(db, await createOrganization(db), { name: 'Big meeting' });
  await insertGuests(db, meeting.id, GUESTS, 0);
  await db.destroy();
  const base = `http://127.0.0.1:${port}`;
  const result: GuestExportResult = {
    seconds: [],
    bareSeconds: [],
    peakMb: 0,
    barePeakMb: 0,
    cpuUsPerGuest: 0,
    bareCpuUsPerGuest: 0,
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const app = await startApp({ DATA_DIR: dataDir }, port);
      try {
        const token = await logIn(base);
        const cpuBefore = cpuMs(app.child.pid!);
        const exported = await measureDownload(
          `${base}/api/meetings/${meeting.id}/guests/export`,
          token,
          app.child.pid!,
        );
        result.cpuUsPerGuest = ((cpuMs(app.child.pid!) - cpuBefore) * 1000) / GUESTS;
        result.seconds.push(exported.seconds);
        result.peakMb = Math.max(result.peakMb, exported.peakMb);
      } finally {
        await app.stop();
      }
      const bare = await bareExport(dataDir, meeting.id);
      result.bareSeconds.push(bare.seconds);
      result.barePeakMb = Math.max(result.barePeakMb, bare.peakMb);
      result.bareCpuUsPerGuest = (bare.cpuMs * 1000) / GUESTS;
    }
    return result;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function guestExportRows(run: GuestExportResult): Measured[] {
  const ours = median(run.seconds);
  const bare = median(run.bareSeconds);
  return [
    {
      metric: `export ${GUESTS / 1000}k guests to XLSX, time (median of ${ROUNDS}, alone)`,
      ours,
      baseline: bare,
      unit: 's',
      target: 'ratio ≤ 1.2 (baseline: bare exceljs stream)',
      pass: ours <= 1.2 * bare,
      detail: Object.fromEntries([
        ...run.seconds.map((s, i) => [`ours${i + 1}`, s]),
        ...run.bareSeconds.map((s, i) => [`bare${i + 1}`, s]),
      ]) as Record<string, number>,
    },
    {
      metric: `export ${GUESTS / 1000}k guests to XLSX, peak RSS`,
      ours: run.peakMb,
      baseline: run.barePeakMb,
      unit: 'MB',
      target: '≤ 250',
      pass: run.peakMb <= 250,
    },
    {
      metric: 'export: server CPU per guest (baseline: the bare writer, whole process)',
      ours: run.cpuUsPerGuest,
      baseline: run.bareCpuUsPerGuest,
      unit: 'µs',
      target: 'report',
      pass: null,
    },
  ];
}
