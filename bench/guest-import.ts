import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { GENERAL_HEADERS, xlsxOf } from '../apps/server/test/import-fixtures.ts';
import {
  clientIp,
  createMeeting,
  createOrganization,
  generalBody,
  macaoPhone,
} from '../apps/server/test/registration-fixtures.ts';
import { ADMIN, cpuMs, rssMb, startApp, timedRun } from './lib.ts';
import type { Measured } from './row.ts';

/**
 * Guest import (issue 16): 20,000 guests from one XLSX — upload, preview, import job — against the
 * same 20,000 guests signed up one by one through the public HTTP route (50 connections), on the
 * same server process and SQLite database. What counts is guests in the meeting at the end.
 */
const GUESTS = 20_000;
const CONNECTIONS = 50;

export interface GuestImportResult {
  guests: number;
  /** Upload (read and count the rows) + preview (judge every row) + import job, end to end. */
  importSeconds: number;
  previewSeconds: number;
  importedGuests: number;
  signUpSeconds: number;
  signedUpGuests: number;
  /** Peak resident memory of the server while the import ran. */
  peakRssMb: number;
  cpuMsPerImportedGuest: number;
  cpuMsPerSignUp: number;
}

export async function guestImport(port: number): Promise<GuestImportResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-import-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
  const { db } = openDatabase(config);
  await migrateToLatest(db);
  const organization = await createOrganization(db);
  const imported = await createMeeting(db, organization, { name: 'Imported' });
  const signedUp = await createMeeting(db, organization, { name: 'Signed up' });
  const file = await xlsxOf([
    GENERAL_HEADERS,
    ...Array.from({ length: GUESTS }, (_, n) => {
      const b = generalBody(n);
      return [
        b.name,
        b.gender === 'male' ? 'Male' : 'Female',
        'Yes',
        '853',
        macaoPhone(n),
        b.email,
        b.institution,
        b.job_title,
        b.contact_name,
        b.contact_number,
        b.contact_phone,
      ];
    }),
  ]);

  const app = await startApp({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }, port);
  const base = `http://127.0.0.1:${port}`;
  const pid = app.child.pid!;
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token
      .access_token;
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };

    // The import, end to end, as the organiser's browser drives it.
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const cpuBefore = cpuMs(pid);
    const begin = performance.now();
    const form = new FormData();
    form.set('file', new Blob([file]), 'guests.xlsx');
    const upload = (await (
      await fetch(`${base}/api/meetings/${imported.id}/guest-imports`, {
        method: 'POST',
        headers: auth,
        body: form,
      })
    ).json()) as { data: { id: number; mapping: unknown[] } };
    const { id, mapping } = upload.data;
    const preview = await fetch(`${base}/api/guest-imports/${id}/preview`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mapping }),
    });
    if (!preview.ok) throw new Error(`preview failed: ${await preview.text()}`);
    const previewSeconds = (performance.now() - begin) / 1000;
    await fetch(`${base}/api/guest-imports/${id}/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mapping }),
    });
    for (;;) {
      const state = (await (await fetch(`${base}/api/guest-imports/${id}`, { headers: auth })).json()) as {
        data: { status: string };
      };
      if (state.data.status === 'done' || state.data.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const importSeconds = (performance.now() - begin) / 1000;
    clearInterval(sampler);
    const importCpu = cpuMs(pid) - cpuBefore;

    // The baseline: the same guests, one sign-up each, through the public route.
    let next = 0;
    const signUpCpuBefore = cpuMs(pid);
    const signUps = await timedRun({
      url: base,
      connections: CONNECTIONS,
      amount: GUESTS,
      requests: [
        {
          method: 'POST',
          path: `/api/public/meetings/${signedUp.publicId}/sign-ups`,
          setupRequest: (request) => {
            const n = next++;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(n) },
              body: JSON.stringify(generalBody(n)),
            };
          },
        },
      ],
    });
    const signUpSeconds = signUps.seconds;
    const signUpCpu = cpuMs(pid) - signUpCpuBefore;

    const counts = openDatabase(config).db;
    const count = async (meetingId: number) =>
      Number(
        (
          await counts
            .selectFrom('guests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('meeting_id', '=', meetingId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const importedGuests = await count(imported.id);
    const signedUpGuests = await count(signedUp.id);
    await counts.destroy();
    return {
      guests: GUESTS,
      importSeconds,
      previewSeconds,
      importedGuests,
      signUpSeconds,
      signedUpGuests,
      peakRssMb: peak,
      cpuMsPerImportedGuest: importCpu / Math.max(1, importedGuests),
      cpuMsPerSignUp: signUpCpu / Math.max(1, signedUpGuests),
    };
  } finally {
    await db.destroy();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as rows of the bench's table. */
export function guestImportRows(run: GuestImportResult): Measured[] {
  return [
    {
      metric: `import ${run.guests} guests: upload + preview + job (SQLite)`,
      ours: run.importSeconds,
      baseline: run.signUpSeconds,
      unit: 's',
      target: '≥ 5× faster than the sign-ups, every row imported',
      pass:
        run.importSeconds * 5 <= run.signUpSeconds &&
        run.importedGuests === run.guests &&
        run.signedUpGuests === run.guests,
      detail: {
        previewSeconds: run.previewSeconds,
        importedGuests: run.importedGuests,
        signedUpGuests: run.signedUpGuests,
      },
    },
    {
      metric: `import ${run.guests} guests: peak server RSS`,
      ours: run.peakRssMb,
      baseline: null,
      unit: 'MB',
      target: '≤ 300',
      pass: run.peakRssMb <= 300,
    },
    {
      metric: 'import: server CPU per guest (vs per sign-up)',
      ours: run.cpuMsPerImportedGuest,
      baseline: run.cpuMsPerSignUp,
      unit: 'ms',
      target: 'report',
      pass: null,
    },
  ];
}
