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
 * same server process and SQLite database. What counts is guests in the meeting at the end. Both
 * meetings have the same four questions of their own (issue 42), answered in every row and sign-up.
 */
const GUESTS = 20_000;
const CONNECTIONS = 50;

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, en) });
/** The meetings' own questions: a choice, several choices, a yes/no and a number. */
const FORM = [
  {
    key: 'specialty',
    type: 'choice',
    label: tri('專科', 'Specialty'),
    required: true,
    options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('主題', 'Topics'),
    options: [option('cardio', '心臟', 'Cardiology'), option('neuro', '神經', 'Neurology')],
  },
  { key: 'accompanied', type: 'yes_no', label: tri('有同行者', 'Accompanied'), required: true },
  { key: 'years', type: 'number', label: tri('年資', 'Years of practice'), min: 0, max: 60 },
];
const FORM_HEADERS = ['Specialty', 'Topics', 'Accompanied', 'Years of practice'];
/** Guest n's answers: as the file writes them (labels) and as a sign-up sends them (values). */
const answerCells = (n: number) => [
  n % 2 ? '外科' : 'Medicine',
  'Cardiology；神經',
  n % 3 ? '是' : 'No',
  String(n % 40),
];
const answerValues = (n: number) => ({
  specialty: n % 2 ? 'surgery' : 'medicine',
  topics: ['cardio', 'neuro'],
  accompanied: n % 3 !== 0,
  years: n % 40,
});

export interface GuestImportResult {
  guests: number;
  /** Upload (read and count the rows) + preview (judge every row) + import job, end to end. */
  importSeconds: number;
  previewSeconds: number;
  importedGuests: number;
  /** Imported guests whose answers to the meeting's own questions were stored. */
  answeredGuests: number;
  signUpSeconds: number;
  signedUpGuests: number;
  /** Peak resident memory of the server while the import ran. */
  peakRssMb: number;
  stepPeaksMb: ImportPeaks;
  cpuMsPerImportedGuest: number;
  cpuMsPerSignUp: number;
}

/** Peak server RSS in each step of an import, MB. */
type ImportPeaks = { upload: number; preview: number; job: number };

export interface ApiImport {
  /** Upload (read and count the rows) + preview (judge every row) + import job, end to end. */
  seconds: number;
  previewSeconds: number;
  /** Peak resident memory of the server while the import ran. */
  peakRssMb: number;
  stepPeaksMb: ImportPeaks;
  /** Server CPU the import took. */
  cpuMs: number;
}

/**
 * A guest file imported into a meeting as the organiser's browser drives it: upload, preview with the
 * mapping the server proposed, start, then poll until the job is done. `pid`: the server's process.
 */
export async function importThroughApi(
  base: string,
  token: string,
  meetingId: number,
  file: Buffer,
  pid: number,
): Promise<ApiImport> {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  let peak = rssMb(pid);
  // The peak of each step too: which one a change of memory moved.
  let step: keyof ImportPeaks = 'upload';
  const peaks: ImportPeaks = { upload: 0, preview: 0, job: 0 };
  const sampler = setInterval(() => {
    const rss = rssMb(pid);
    peak = Math.max(peak, rss);
    peaks[step] = Math.max(peaks[step], rss);
  }, 20);
  const cpuBefore = cpuMs(pid);
  const begin = performance.now();
  try {
    const form = new FormData();
    form.set('file', new Blob([file]), 'guests.xlsx');
    const uploaded = await fetch(`${base}/api/meetings/${meetingId}/guest-imports`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload failed: ${await uploaded.text()}`);
    const { id, mapping } = ((await uploaded.json()) as { data: { id: number; mapping: unknown[] } }).data;
    step = 'preview';
    const preview = await fetch(`${base}/api/guest-imports/${id}/preview`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mapping }),
    });
    if (!preview.ok) throw new Error(`preview failed: ${await preview.text()}`);
    const previewSeconds = (performance.now() - begin) / 1000;
    step = 'job';
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
    return {
      seconds: (performance.now() - begin) / 1000,
      previewSeconds,
      peakRssMb: peak,
      stepPeaksMb: peaks,
      cpuMs: cpuMs(pid) - cpuBefore,
    };
  } finally {
    clearInterval(sampler);
  }
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
    [...GENERAL_HEADERS, ...FORM_HEADERS],
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
        ...answerCells(n),
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
    for (const meeting of [imported, signedUp]) {
      const saved = await fetch(`${base}/api/meetings/${meeting.id}/form`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ fields: FORM, version: 0 }),
      });
      if (!saved.ok) throw new Error(`form not saved: ${await saved.text()}`);
    }

    // The import, end to end, as the organiser's browser drives it.
    const run = await importThroughApi(base, token, imported.id, file, pid);
    const { previewSeconds, seconds: importSeconds, cpuMs: importCpu } = run;

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
              body: JSON.stringify({ ...generalBody(n), answers: answerValues(n) }),
            };
          },
        },
      ],
    });
    const signUpSeconds = signUps.seconds;
    const signUpCpu = cpuMs(pid) - signUpCpuBefore;

    const counts = openDatabase(config).db;
    const count = async (meetingId: number, answered = false) =>
      Number(
        (
          await counts
            .selectFrom('guests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('meeting_id', '=', meetingId)
            .$if(answered, (q) => q.where('answers', 'like', '%"specialty"%'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const importedGuests = await count(imported.id);
    const answeredGuests = await count(imported.id, true);
    const signedUpGuests = await count(signedUp.id);
    await counts.destroy();
    return {
      guests: GUESTS,
      importSeconds,
      previewSeconds,
      importedGuests,
      answeredGuests,
      signUpSeconds,
      signedUpGuests,
      peakRssMb: run.peakRssMb,
      stepPeaksMb: run.stepPeaksMb,
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
      target: '≥ 5× faster than the sign-ups, every row imported with its answers',
      pass:
        run.importSeconds * 5 <= run.signUpSeconds &&
        run.importedGuests === run.guests &&
        run.answeredGuests === run.guests &&
        run.signedUpGuests === run.guests,
      detail: {
        previewSeconds: run.previewSeconds,
        importedGuests: run.importedGuests,
        answeredGuests: run.answeredGuests,
        signedUpGuests: run.signedUpGuests,
      },
    },
    {
      metric: `import ${run.guests} guests: peak server RSS`,
      ours: run.peakRssMb,
      baseline: null,
      unit: 'MB',
      target: '≤ 250',
      pass: run.peakRssMb <= 250,
      detail: { ...run.stepPeaksMb },
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
