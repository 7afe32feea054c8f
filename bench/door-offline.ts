import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import {
  createMeeting,
  decode,
  fetchCopy,
  importGuests,
  logIn,
  recordCount,
  type Api,
  type Guest,
} from './door-offline-api.ts';
import { indexedDbUsage, installProbe, storedSnapshotBytes, waitQueue } from './door-offline-probe.ts';
import { doorOfflineRows, type DoorOfflineResult } from './door-offline-rows.ts';
import {
  GUESTS,
  GUN,
  IDLE_MS,
  QUEUED,
  SCANS,
  SCAN_GAP_MS,
  SMOKE,
  THROTTLE,
  WARM_UP,
  log,
  restartClock,
  sleep,
} from './door-offline-settings.ts';
import {
  drain,
  goOffline,
  openStation,
  scanAll,
  summarize,
  waitReadyOffline,
} from './door-offline-station.ts';
import { chromiumLaunch, cpuMs, startApp } from './lib.ts';

/**
 * The offline door (issue 17), as a station's operator and the venue's network see it, against the
 * real server and the built web app in Debian's Chromium:
 *
 * 1. scan → answer on screen, online (the server judges) and offline (the station's copy judges),
 *    at a station whose CPU is throttled 4× (a cheap tablet): from the keydown of Enter to the
 *    frame that shows the guest's name, timed inside the page — both from when the browser took
 *    the Enter (a scanner's keys arrive together, so the code's keys are handled first) and from
 *    when the page's handlers got it (the judging and its render alone);
 * 2. the upload of 1,000 scans queued offline: from the moment the network is back until the
 *    station's queue is empty, and the server holds exactly those 1,000 entries;
 * 3. the station's copy of a 5,000-guest meeting: bytes on the wire (as Chromium negotiates it)
 *    and bytes kept on the device (the sealed IndexedDB record).
 *
 * One meeting of GUESTS guests serves all three, in that order, on one station. `--smoke` runs the
 * same steps small (500 guests, 20 scans each way, 100 queued) to check the script itself.
 *
 *   cd bench && npx node door-offline.ts [--smoke]        (table + results/door-offline.json)
 *   npm run bench -- --only door-offline [--smoke]        (rows in the bench's table and latest.json)
 *
 * DOOR_GUN=typed types each code as e2e's scanWithGun does (see GUN), DOOR_SCAN_GAP_MS sets the pause
 * between guests, DOOR_OFFLINE_PORT the server's port when run on its own (3409), CHROMIUM_PATH the browser.
 */

/** The station's browser context and page, and what its traffic told the bench. */
interface Station {
  context: BrowserContext;
  page: Page;
  traffic: {
    /** Upload calls of queued scans since the count was last reset. */
    uploads: number;
    /** The station's API calls by path, to tell what the server's CPU of a phase went on. */
    calls: Map<string, number>;
  };
}

export async function doorOffline(port: number): Promise<DoorOfflineResult> {
  restartClock();
  const root = path.resolve(import.meta.dirname, '..');
  if (!fs.existsSync(path.join(root, 'apps/web/dist/sw.js'))) {
    throw new Error('Build the web app first: npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-door-offline-'));
  const app = await startApp({ DATA_DIR: dataDir }, port);
  const base = `http://127.0.0.1:${port}`;
  const pid = app.child.pid!;
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const api = await logIn(base);
    const meetingId = await createMeeting(api);
    log(`importing ${GUESTS} guests`);
    const onlineGuests = WARM_UP + SCANS;
    const all = await importGuests(api, meetingId, GUESTS, 2 * onlineGuests + QUEUED);
    const forOnline = all.slice(0, onlineGuests);
    const forOffline = all.slice(onlineGuests, 2 * onlineGuests);
    const forQueue = all.slice(2 * onlineGuests);
    log(`${GUESTS} guests imported; opening the station`);

    // 3 (first, while the copy is fresh). The copy on the wire, from Node: brotli as for Chromium.
    const copy = await copyOnTheWire(api, meetingId, pid);
    const { station, stored, idbBefore, idbAfter, chromiumBytes } = await openReadyStation(browser, base);

    // 1. Scan → answer on screen, throttled.
    const cdp = await station.context.newCDPSession(station.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const scans = await scanBothWays(station, cdp, pid, forOnline, forOffline);
    await drain(station.context, station.page, 120_000);
    const recordsBefore = await recordCount(api, meetingId);
    if (recordsBefore !== 2 * onlineGuests) throw new Error(`${recordsBefore} records after the scans`);

    // 2. A queue of QUEUED scans, then the network comes back.
    const sync = await uploadQueue(station, cdp, pid, forQueue);
    const recordsAdded = (await recordCount(api, meetingId)) - recordsBefore;
    log('done');
    await station.context.close();

    const { online, offline, onlineCpu, idleShare, idleCpuMsPerSecond } = scans;
    return {
      guests: GUESTS,
      throttle: THROTTLE,
      gun: GUN,
      online: summarize(online),
      offline: summarize(offline),
      onlineAnsweredOffline: online.offline,
      cpuUsPerOnlineScan: (Math.max(0, onlineCpu - idleShare) * 1000) / SCANS,
      rawCpuUsPerOnlineScan: (onlineCpu * 1000) / SCANS,
      idleCpuMsPerSecond,
      sync: {
        queued: QUEUED,
        seconds: sync.synced.ms / 1000,
        wallSeconds: sync.synced.wallMs / 1000,
        uploads: station.traffic.uploads,
        recordsAdded,
        cpuUsPerScan: (sync.syncCpu * 1000) / QUEUED,
      },
      copy: {
        transferredBytes: copy.wire.body.length,
        headerBytes: copy.wire.headerBytes,
        encoding: copy.wire.encoding,
        jsonBytes: copy.json.length,
        chromiumBytes,
        storedBytes: stored[0]!,
        idbUsageDeltaBytes: idbBefore === null || idbAfter === null ? null : idbAfter - idbBefore,
        serverCpuMsPerCopy: copy.serverCpuMsPerCopy,
      },
    };
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The full copy as Chromium receives it, checked whole, and the server's CPU per copy (of five more). */
async function copyOnTheWire(api: Api, meetingId: number, pid: number) {
  const wire = await fetchCopy(api, meetingId);
  const json = decode(wire.body, wire.encoding);
  const copied = (JSON.parse(json.toString('utf8')) as { data: { guests: unknown[] } }).data.guests.length;
  if (copied !== GUESTS) throw new Error(`the copy holds ${copied} of ${GUESTS} guests`);
  const COPIES = 5;
  const copyCpuBefore = cpuMs(pid);
  for (let n = 0; n < COPIES; n++) await fetchCopy(api, meetingId);
  const serverCpuMsPerCopy = (cpuMs(pid) - copyCpuBefore) / COPIES;
  return { wire, json, serverCpuMsPerCopy };
}

/** Opens the station in a fresh context and waits until it holds its sealed copy and works offline. */
async function openReadyStation(browser: Browser, base: string) {
  const context = await browser.newContext();
  await context.addInitScript(installProbe);
  // What Chromium counted for the station's first full copy (body as sent + headers).
  const chromiumCopy: Promise<number>[] = [];
  const traffic: Station['traffic'] = { uploads: 0, calls: new Map() };
  context.on('requestfinished', (request) => {
    const url = request.url();
    if (url.includes('/api/attendance/offline-data') && !url.includes('since=')) {
      chromiumCopy.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    }
    if (url.includes('/api/attendance/offline-scans')) traffic.uploads += 1;
  });
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) traffic.calls.set(pathname, (traffic.calls.get(pathname) ?? 0) + 1);
  });
  const page = await context.newPage();
  const station: Station = { context, page, traffic };
  const idbBefore = await openStation(page, base);
  await waitReadyOffline(page, GUESTS);
  let stored: number[] = [];
  for (const deadline = Date.now() + 30_000; stored.length === 0 && Date.now() < deadline;) {
    stored = await page.evaluate(storedSnapshotBytes);
    if (stored.length === 0) await sleep(100);
  }
  if (stored.length !== 1) throw new Error(`expected one stored copy, found ${stored.length}`);
  const idbAfter = await page.evaluate(indexedDbUsage);
  const chromiumBytes = chromiumCopy.length ? await chromiumCopy[0]! : null;
  log('station ready offline, copy stored');
  return { station, stored, idbBefore, idbAfter, chromiumBytes };
}

/** The idle server's CPU, then the timed online scans and offline scans (each after its warm-up). */
async function scanBothWays(
  station: Station,
  cdp: CDPSession,
  pid: number,
  forOnline: Guest[],
  forOffline: Guest[],
) {
  const { context, page } = station;
  const { calls } = station.traffic;
  // The server's CPU while the station stands open and idle (runners, the statistics stream):
  // scans at a door's pace are sparse, so this share is taken off the CPU per online scan.
  log(`server CPU with the station idle, ${IDLE_MS / 1000} s`);
  const idleCpuBefore = cpuMs(pid);
  const idleBegin = performance.now();
  await sleep(IDLE_MS);
  const idleCpuMsPerSecond = ((cpuMs(pid) - idleCpuBefore) * 1000) / (performance.now() - idleBegin);
  log(`${SCANS} online scans (+${WARM_UP} warm-up)`);
  await scanAll(page, cdp, forOnline.slice(0, WARM_UP), GUN);
  calls.clear();
  const onlineCpuBefore = cpuMs(pid);
  const onlineBegin = performance.now();
  const online = await scanAll(page, cdp, forOnline.slice(WARM_UP), GUN);
  const onlineCpu = cpuMs(pid) - onlineCpuBefore;
  const idleShare = (idleCpuMsPerSecond * (performance.now() - onlineBegin)) / 1000;
  log(`API calls during the online scans: ${JSON.stringify(Object.fromEntries(calls))}`);

  log(`${SCANS} offline scans (+${WARM_UP} warm-up)`);
  await goOffline(context, page);
  await scanAll(page, cdp, forOffline.slice(0, WARM_UP), GUN);
  const offline = await scanAll(page, cdp, forOffline.slice(WARM_UP), GUN);
  if (offline.offline !== SCANS) {
    throw new Error(`${SCANS - offline.offline} offline scans were not judged offline`);
  }
  return { online, offline, onlineCpu, idleShare, idleCpuMsPerSecond };
}

/** The queue fills unthrottled (faster; nothing of it is timed); the upload runs on the throttled station. */
async function uploadQueue(station: Station, cdp: CDPSession, pid: number, forQueue: Guest[]) {
  const { context, page } = station;
  log(`queueing ${QUEUED} scans offline`);
  await goOffline(context, page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await scanAll(page, cdp, forQueue, 'insert');
  await waitQueue(page, QUEUED, 30_000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  log(`uploading ${QUEUED} queued scans`);
  station.traffic.uploads = 0;
  const syncCpuBefore = cpuMs(pid);
  const synced = await drain(context, page, 600_000);
  const syncCpu = cpuMs(pid) - syncCpuBefore;
  return { synced, syncCpu };
}

// Run on its own: `cd bench && npx node door-offline.ts [--smoke]`.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const result = await doorOffline(Number(process.env.DOOR_OFFLINE_PORT ?? 3409));
  const rows = doorOfflineRows(result);
  console.table(
    rows.map((r) => ({
      metric: r.metric,
      ours: `${r.ours.toFixed(1)} ${r.unit}`,
      baseline: r.baseline === null ? '—' : `${r.baseline.toFixed(1)} ${r.unit}`,
      ratio: r.baseline ? (r.ours / r.baseline).toFixed(2) : '—',
      target: r.target,
      result: r.pass === null ? '' : r.pass ? 'pass' : 'FAIL',
    })),
  );
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'door-offline.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: os.cpus().length, node: process.version },
        options: {
          smoke: SMOKE,
          guests: GUESTS,
          scans: SCANS,
          queued: QUEUED,
          scanGapMs: SCAN_GAP_MS,
          gun: GUN,
        },
        result,
        rows,
      },
      null,
      2,
    ),
  );
}
