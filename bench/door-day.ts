import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Insertable } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { indexGuests } from '../apps/server/src/modules/guests/guest-search.ts';
import { createMeeting, createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { WEBHOOK_EVENT_TYPES } from '@meetflow/shared/schemas/integrations';
import { ADMIN, cpuMs, rssMb, startApp, timedRun } from './lib.ts';
import { webhookReceiver } from './webhook-receiver.ts';

/**
 * The door on the day (issue 7): check-in scans from 100 stations on a meeting of 100,000 guests,
 * with every capability on — an endpoint subscribed to every webhook event (each scan is delivered
 * to a receiver here, signatures checked), offline copies and the day's closing being part of every
 * scan's path anyway —
 * today's statistics and the guest-list search at 1,000 vs 100,000 guests, and the XLSX export of
 * 100,000 guests beside a bare exceljs streaming writer on the same rows — all on SQLite, against
 * the real server process, with the baselines measured in the same run.
 */
const BIG = 100_000;
const SMALL = 1_000;
const STATIONS = 100;
const SCANS = 20_000;

export interface DoorDayResult {
  scansPerSecond: number;
  scanP99: number;
  scanErrors: number;
  /** Webhook deliveries received for the measured and the small meeting's scans, and bad signatures. */
  webhooksDelivered: number;
  webhooksExpected: number;
  webhookBadSignatures: number;
  /** Server CPU time per scan (its webhook delivery included) and per health request, in µs. */
  scanCpuUs: number;
  /** From the last scan until the last of their webhooks was received. */
  drainSeconds: number;
  healthCpuUs: number;
  healthPerSecond: number;
  statsP95: { small: number; big: number };
  /** One match in each meeting; `everyone`: a keyword all 100,000 guests match (capped total). */
  searchP95: { small: number; big: number; everyone: number };
  exportSeconds: number;
  exportPeakMb: number;
  bareExportSeconds: number;
  bareExportPeakMb: number;
}

/**
 * 100,000 guests in batches inside one transaction: seconds, not minutes. `fill(k)`: the columns a
 * scenario adds or changes for guest k (a date-schedule meeting's names, answers, …).
 */
export async function insertGuests(
  db: Db,
  meetingId: number,
  count: number,
  offset: number,
  fill: (k: number) => Partial<Insertable<Database['guests']>> = () => ({}),
): Promise<string[]> {
  const codes: string[] = [];
  const now = Date.now();
  const BATCH = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = [];
      for (let n = start; n < Math.min(count, start + BATCH); n++) {
        const code = randomBytes(18).toString('base64url');
        codes.push(code);
        const k = offset + n;
        rows.push({
          meeting_id: meetingId,
          guest_code: code,
          token_hash: randomBytes(32).toString('hex'),
          area_code: '853',
          phone: `+8536${String(2_000_000 + k).padStart(7, '0')}`,
          email: `guest${k}@example.com`,
          name: `Guest ${k}`,
          gender: k % 2 ? 'male' : 'female',
          local_guest: 1,
          institution: `Hospital ${k % 50}`,
          job_title: 'Doctor',
          contact_number: '28000000',
          contact_phone: '66999999',
          created_at: now - (count - n) * 1000,
          ...fill(k),
        });
      }
      await trx.insertInto('guests').values(rows).execute();
    }
    await trx.updateTable('meetings').set({ registered_count: count }).where('id', '=', meetingId).execute();
    // The search terms, as a sign-up writes them.
    let after = 0;
    for (;;) {
      const guests = await trx
        .selectFrom('guests')
        .selectAll()
        .where('meeting_id', '=', meetingId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (guests.length === 0) break;
      await indexGuests(trx, guests);
      after = guests[guests.length - 1]!.id;
    }
  });
  return codes;
}

/** p95 of `count` sequential GETs: the latency one organiser sees, not a saturated queue. */
export async function p95(url: string, token: string, count = 200): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 20) times.push(performance.now() - begin); // the first 20 warm caches up
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)]!;
}

/** Downloads a URL while sampling a process's resident memory; answers seconds and peak MB. */
export async function measureDownload(url: string, token: string, pid: number) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const begin = performance.now();
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    if (bytes < 1000) throw new Error(`${url} sent only ${bytes} bytes`);
  } finally {
    clearInterval(sampler);
  }
  return { seconds: (performance.now() - begin) / 1000, peakMb: peak };
}

/**
 * The baseline writer in its own process, so its memory is measured the same way; `answerCells`: the
 * answers one cell each (bare-export.ts).
 */
export async function bareExport(dataDir: string, meetingId: number, answerCells = false) {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'bare-export.ts'),
      String(meetingId),
      ...(answerCells ? ['answers'] : []),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(child.pid!));
    } catch {
      // the process has just exited
    }
  }, 20);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error('bare-export.ts failed');
  const { seconds, cpuMs } = JSON.parse(out) as { seconds: number; cpuMs: number };
  return { seconds, peakMb: peak, cpuMs };
}

/** The guest list's first page for a keyword, newest first (the list's default order). */
export function guestSearchUrl(base: string, meetingId: number, keyword: string): string {
  return `${base}/api/meetings/${meetingId}/guests?page=1&page_size=20&sort_by=created_at&sort_order=desc&keyword=${encodeURIComponent(keyword)}`;
}

export async function logIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

/**
 * Check-in scans as door stations send them, through autocannon: `amount` scans of `codes` from the
 * `first`, one station per connection, each with its own nonce.
 */
export function scanLoad(base: string, token: string, stations: number) {
  return (meetingId: number, codes: string[], first: number, amount: number) => {
    let next = first;
    return timedRun({
      url: base,
      connections: stations,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/api/attendance/scans',
          setupRequest: (request) => {
            const n = next++;
            return {
              ...request,
              // A copy each time: autocannon writes the request's content-length into it.
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                meeting_id: meetingId,
                schedule_id: null,
                guest_code: codes[n % codes.length],
                direction: 'in',
                station: `door-${n % stations}`,
                nonce: randomBytes(12).toString('base64url'),
              }),
            };
          },
        },
      ],
    });
  };
}

/** A keyword every guest matches (the hospital name insertGuests gives them all): a capped total. */
export async function searchEveryoneP95(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: { total_capped: boolean; items: unknown[] } };
  if (!res.ok || !data.total_capped || data.items.length !== 20) {
    throw new Error(`keyword 'hospital' answered ${res.status} ${JSON.stringify(data)}`);
  }
  return p95(url, token);
}

export async function doorDay(port: number): Promise<DoorDayResult> {
  let result!: Omit<
    DoorDayResult,
    'exportSeconds' | 'exportPeakMb' | 'bareExportSeconds' | 'bareExportPeakMb'
  >;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-door-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
  const { db } = openDatabase(config);
  await migrateToLatest(db);
  const organization = await createOrganization(db);
  const big = await createMeeting(db, organization, { name: 'Big meeting' });
  const small = await createMeeting(db, organization, { name: 'Small meeting' });
  const bigCodes = await insertGuests(db, big.id, BIG, 0);
  const smallCodes = await insertGuests(db, small.id, SMALL, BIG);
  await db.destroy();

  const hooks = webhookReceiver();
  await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}/hooks`;
  const start = () =>
    startApp(
      {
        DATA_DIR: dataDir,
        // The receiver is on loopback: the operator setting that allows it.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
      port,
    );
  const base = `http://127.0.0.1:${port}`;
  try {
    let app = await start();
    let token: string;
    try {
      token = await logIn(base);
      const created = await fetch(`${base}/api/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: hookUrl,
          event_types: WEBHOOK_EVENT_TYPES,
          organization_id: organization,
        }),
      });
      hooks.useSecret(((await created.json()) as { data: { secret: string } }).data.secret);
      const scanRun = scanLoad(base, token, STATIONS);
      const deliveredBy = async (count: number) => {
        const by = Date.now() + 120_000;
        while (hooks.ids.size < count && Date.now() < by) await new Promise((r) => setTimeout(r, 20));
      };
      // Warm-up on guests the measured run does not touch (its deliveries through before the
      // measured run begins), then the HTTP ceiling of the same process.
      await scanRun(big.id, bigCodes, BIG - 3000, 3000);
      await deliveredBy(3000);
      const pid = app.child.pid!;
      const healthCpuBegin = cpuMs(pid);
      const health = await autocannon({ url: `${base}/api/health`, connections: STATIONS, duration: 5 });
      const healthCpuUs = ((cpuMs(pid) - healthCpuBegin) * 1000) / health.requests.total;
      const scanCpuBegin = cpuMs(pid);
      const scans = await scanRun(big.id, bigCodes, 0, SCANS);
      const scansEnd = scans.lastResponseAt;
      const scanSeconds = scans.seconds;
      // A scan's CPU counts until its delivery is through: deliveries run on after the last answer.
      await deliveredBy(3000 + SCANS);
      const drainSeconds = Math.max(0, hooks.last() - scansEnd) / 1000;
      const scanCpuUs = ((cpuMs(pid) - scanCpuBegin) * 1000) / scans.requests.total;
      await scanRun(small.id, smallCodes, 0, SMALL / 5);
      // Every scan so far (warm-up included) is a delivery; wait for the outbox to drain.
      const webhooksExpected = 3000 + SCANS + SMALL / 5;
      await deliveredBy(webhooksExpected);

      const statsUrl = (id: number) => `${base}/api/attendance/stats?meeting_id=${id}`;
      const searchUrl = (id: number, keyword: string) => guestSearchUrl(base, id, keyword);
      const statsP95 = {
        small: await p95(statsUrl(small.id), token),
        big: await p95(statsUrl(big.id), token),
      };
      // A name that exists once in each meeting: what an organiser types at the help desk.
      const searchP95 = {
        small: await p95(searchUrl(small.id, `Guest ${BIG + 500}`), token),
        big: await p95(searchUrl(big.id, 'Guest 50000'), token),
        everyone: await searchEveryoneP95(searchUrl(big.id, 'hospital'), token),
      };
      result = {
        scansPerSecond: scans.requests.total / scanSeconds,
        scanP99: scans.latency.p99,
        scanErrors: scans.non2xx + scans.errors,
        webhooksDelivered: hooks.ids.size,
        webhooksExpected,
        webhookBadSignatures: hooks.bad(),
        scanCpuUs,
        drainSeconds,
        healthCpuUs,
        healthPerSecond: health.requests.average,
        statsP95,
        searchP95,
      };
    } finally {
      await app.stop();
    }
    // The export on a freshly started process, so its peak memory is the export's, not the scan load's.
    app = await start();
    try {
      token = await logIn(base);
      const exported = await measureDownload(
        `${base}/api/meetings/${big.id}/guests/export`,
        token,
        app.child.pid!,
      );
      const bare = await bareExport(dataDir, big.id);
      return {
        ...result,
        exportSeconds: exported.seconds,
        exportPeakMb: exported.peakMb,
        bareExportSeconds: bare.seconds,
        bareExportPeakMb: bare.peakMb,
      };
    } finally {
      await app.stop();
    }
  } finally {
    hooks.server.closeAllConnections();
    await new Promise<void>((resolve) => hooks.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
