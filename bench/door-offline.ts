import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { pngImage } from '../e2e/support/files.ts';
import { ADMIN, chromiumLaunch, cpuMs, startApp } from './lib.ts';

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
const SMOKE = process.argv.includes('--smoke');
const GUESTS = SMOKE ? 500 : 5_000;
/** Timed scans each way; WARM_UP more each way go first and are not counted (first request, JIT). */
const SCANS = SMOKE ? 20 : 200;
const WARM_UP = 3;
const QUEUED = SMOKE ? 100 : 1_000;
/** Chrome DevTools' "4× slowdown": the station's main thread runs at a quarter of this machine's speed. */
const THROTTLE = 4;
/** Pause after each answer before the next guest's scan (a door's cadence is seconds; see the report). */
const SCAN_GAP_MS = Number(process.env.DOOR_SCAN_GAP_MS ?? 300);
/**
 * How the scanner gun types. 'burst' (default): every key of the code and Enter reach the browser at
 * once, as a USB scanner types them (far faster than a throttled page takes keys), so the keys
 * still waiting when Enter arrives count in its time. 'typed': e2e's scanWithGun (Playwright's
 * keyboard.type, each key handled before the next is sent: the backlog never forms, and a scan
 * takes seconds of typing on a throttled page).
 */
const GUN: 'burst' | 'typed' = process.env.DOOR_GUN === 'typed' ? 'typed' : 'burst';
/** How long the server's idle CPU is sampled, with the station open. */
const IDLE_MS = SMOKE ? 5_000 : 10_000;
const MEETING_NAME = 'Bench offline door';
const STATION = 'Bench door';
/** What Chromium sends; the server offers br and gzip, so this is brotli. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The shape of run.ts's rows. */
export interface DoorOfflineRow {
  metric: string;
  ours: number;
  baseline: number | null;
  unit: string;
  target: string;
  pass: boolean | null;
  detail?: Record<string, number>;
}

interface Latency {
  count: number;
  /** Enter as the browser took it (event.timeStamp) → the guest's name painted. */
  median: number;
  p95: number;
  min: number;
  max: number;
  /** Enter's handlers → the name painted: the judging and its render alone, without the keys' backlog. */
  answerMedian: number;
  answerP95: number;
  /** Enter taken → its handlers: the wait for the main thread (with a burst, the code's keys first). */
  inputDelayMedian: number;
}

export interface DoorOfflineResult {
  guests: number;
  throttle: number;
  gun: 'burst' | 'typed';
  online: Latency;
  offline: Latency;
  /** Online scans the station judged itself anyway (the server took over 2.5 s): should be 0. */
  onlineAnsweredOffline: number;
  /**
   * Server CPU over the timed online scans / scans, less what the server used while the same station
   * stood open and idle for as long (idleCpuMsPerSecond). Includes what each scan sets off (the live
   * statistics pushed to the station) and the station's copy refreshes meanwhile; /proc counts in
   * 10 ms ticks, so a short run gives a coarse figure.
   */
  cpuUsPerOnlineScan: number;
  /** The same without the idle share taken off. */
  rawCpuUsPerOnlineScan: number;
  idleCpuMsPerSecond: number;
  sync: {
    queued: number;
    /** From the page's `online` event to `station-queue` data-count 0, timed in the page. */
    seconds: number;
    /** From the bench's setOffline(false) to the same, timed outside. */
    wallSeconds: number;
    uploads: number;
    recordsAdded: number;
    cpuUsPerScan: number;
  };
  copy: {
    /** Body of the full copy as sent for Chromium's Accept-Encoding (brotli); its headers apart. */
    transferredBytes: number;
    headerBytes: number;
    encoding: string;
    jsonBytes: number;
    /** What Chromium itself counted for the station's first full copy (body + headers), if seen. */
    chromiumBytes: number | null;
    /** The sealed snapshot record in IndexedDB (AES-GCM ciphertext + IV). */
    storedBytes: number;
    /** navigator.storage.estimate()'s IndexedDB usage after the copy was saved, minus before. */
    idbUsageDeltaBytes: number | null;
    serverCpuMsPerCopy: number;
  };
}

// ---------------------------------------------------------------------------------------------
// In the page: a probe that timestamps each Enter and each answer painted, and the queue's count.

interface Shown {
  name: string;
  tone: string;
  offline: boolean;
  /** When the name reached the DOM, and when the frame showing it had been painted. */
  committedAt: number;
  paintedAt: number;
}

interface Enter {
  at: number;
  handledAt: number;
}

interface DoorProbe {
  /** Per Enter keydown: when the browser took the key (event.timeStamp), when the page's handlers got it. */
  enters: Enter[];
  shown: Shown[];
  onlineAt: number | null;
  reset(): void;
  waitShown(count: number, timeoutMs: number): Promise<void>;
  /** Resolves with performance.now() once `station-queue` shows `count`. */
  waitQueue(count: number, timeoutMs: number): Promise<number>;
}

/*
 * The page's globals, as far as the functions below use them: they run in Chromium (addInitScript,
 * page.evaluate), but the bench compiles without the DOM library (it would retype Node's globals).
 */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
}
interface PageRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { getAll(): PageRequest<unknown[]> } };
  close(): void;
}
declare const window: {
  __doorProbe?: DoorProbe;
  addEventListener(
    type: 'keydown',
    listener: (event: { key: string; timeStamp: number }) => void,
    capture: boolean,
  ): void;
  addEventListener(type: 'online', listener: () => void): void;
};
declare const document: PageElement;
declare const MutationObserver: new (callback: () => void) => {
  observe(target: PageElement, options: object): void;
};
declare const MessageChannel: new () => {
  port1: { onmessage: (() => void) | null };
  port2: { postMessage(message: unknown): void };
};
declare const requestAnimationFrame: (callback: () => void) => number;
declare const indexedDB: {
  databases(): Promise<{ name?: string }[]>;
  open(name: string): PageRequest<PageDatabase>;
};
declare const navigator: {
  storage: { estimate(): Promise<{ usage?: number; usageDetails?: { indexedDB?: number } }> };
};

/**
 * Installed before the app's own scripts. The answer's end is the name of the guest appearing in
 * `scan-result-name` (each timed scan is a different guest, so each answer changes it), then one
 * animation frame, then a message: that message runs once the main thread has produced the frame
 * holding the name (style, layout, paint, handed to the compositor; the pixels follow a little later).
 */
function installProbe() {
  if (window.__doorProbe) return;
  let lastName: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const probe: DoorProbe = {
    enters: [],
    shown: [],
    onlineAt: null,
    reset() {
      probe.enters = [];
      probe.shown = [];
      probe.onlineAt = null;
    },
    waitShown(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (probe.shown.length < count) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const result = document.querySelector('[data-testid="scan-result"]');
          reject(new Error(`no answer #${count} on screen: ${result?.textContent ?? 'no result'}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    waitQueue(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const queue = document.querySelector('[data-testid="station-queue"]');
          if (queue?.getAttribute('data-count') !== String(count)) return;
          const at = performance.now();
          listeners.delete(check);
          clearTimeout(timer);
          resolve(at);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const queue = document.querySelector('[data-testid="station-queue"]');
          reject(new Error(`queue never showed ${count}: ${queue?.getAttribute('data-count') ?? 'none'}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
  window.__doorProbe = probe;
  // Capture on the window, registered before the app's listeners.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') probe.enters.push({ at: event.timeStamp, handledAt: performance.now() });
    },
    true,
  );
  window.addEventListener('online', () => (probe.onlineAt = performance.now()));
  new MutationObserver(() => {
    const name = document.querySelector('[data-testid="scan-result-name"]')?.textContent ?? null;
    if (name !== null && name !== lastName) {
      lastName = name;
      const committedAt = performance.now();
      const result = document.querySelector('[data-testid="scan-result"]');
      const tone = result?.getAttribute('data-tone') ?? '';
      const offline = result?.querySelector('[data-testid="scan-result-offline"]') != null;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.shown.push({ name, tone, offline, committedAt, paintedAt: performance.now() });
          notify();
        };
        channel.port2.postMessage(null);
      });
    }
    notify(); // the queue's count may have changed
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-count'],
  });
}

/** The sealed snapshot records of the station's database: AES-GCM ciphertext + IV, in bytes. */
async function storedSnapshotBytes(): Promise<number[]> {
  // Opening a database that does not exist would create it empty (and spoil the app's upgrade).
  if (!(await indexedDB.databases()).some((db) => db.name === 'meetflow-station')) return [];
  const db = await new Promise<PageDatabase>((resolve, reject) => {
    const open = indexedDB.open('meetflow-station');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('snapshots')) return [];
    const records = await new Promise<{ iv: Uint8Array; data: ArrayBuffer }[]>((resolve, reject) => {
      const request = db.transaction('snapshots').objectStore('snapshots').getAll();
      request.onsuccess = () => resolve(request.result as { iv: Uint8Array; data: ArrayBuffer }[]);
      request.onerror = () => reject(request.error);
    });
    return records.map((r) => r.data.byteLength + r.iv.byteLength);
  } finally {
    db.close();
  }
}

/** IndexedDB usage of the origin as Chromium's quota manager counts it (usageDetails is Chromium's). */
async function indexedDbUsage(): Promise<number | null> {
  const estimate = await navigator.storage.estimate();
  return estimate.usageDetails ? (estimate.usageDetails.indexedDB ?? 0) : (estimate.usage ?? null);
}

// ---------------------------------------------------------------------------------------------
// In the bench: the API, the guests, the station.

interface Api {
  base: string;
  authorization: string;
  call<T>(path: string, init?: RequestInit): Promise<T>;
  json<T>(path: string, body: unknown): Promise<T>;
}

async function logIn(base: string): Promise<Api> {
  const unwrap = async <T>(response: Response, what: string) => {
    const body = (await response.json()) as { code: number; message: string; data: T };
    if (body.code !== 0) throw new Error(`${what}: ${body.message} ${JSON.stringify(body.data)}`);
    return body.data;
  };
  const login = await unwrap<{ token: { access_token: string } }>(
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
    'login',
  );
  const authorization = `Bearer ${login.token.access_token}`;
  const call = async <T>(p: string, init: RequestInit = {}) =>
    unwrap<T>(await fetch(`${base}/api${p}`, { ...init, headers: { authorization, ...init.headers } }), p);
  return {
    base,
    authorization,
    call,
    json: <T>(p: string, body: unknown) =>
      call<T>(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

/** A general meeting running today, with the same name in every language (the setup dialog lists it so). */
async function createMeeting(api: Api): Promise<number> {
  const org = await api.json<{ id: number }>('/organizations', { name: 'Bench offline door org' });
  const form = new FormData();
  form.set('kind', 'banner');
  form.set('file', new Blob([new Uint8Array(pngImage(360, 120))], { type: 'image/png' }), 'banner.png');
  const banner = await api.call<{ id: string }>('/files', { method: 'POST', body: form });
  const now = Date.now();
  const meeting = await api.json<{ id: number }>('/meetings', {
    organization_id: org.id,
    name: MEETING_NAME,
    name_cn: MEETING_NAME,
    name_en: MEETING_NAME,
    location: 'Macao',
    start_at: now - 3_600_000,
    end_at: now + 2 * 86_400_000,
    registration_limit: 0,
    multi_language: false,
    signup_enabled: true,
    meeting_type: 'general',
    banner_file_id: banner.id,
    schedule_file_id: null,
    guide_file_id: null,
  });
  return meeting.id;
}

interface Guest {
  name: string;
  code: string;
}

/** `count` guests from one CSV through the import API (as e2e's importGuests), and `wanted` of their codes. */
async function importGuests(api: Api, meetingId: number, count: number, wanted: number): Promise<Guest[]> {
  const header =
    'Name,Gender,Local guest,Area code,Mobile number,E-mail,Institution,Job title,Contact name,Contact number,Contact mobile';
  const rows = Array.from({ length: count }, (_, n) => {
    const phone = String(62_100_000 + n);
    return [
      `Door ${String(n).padStart(4, '0')}`,
      n % 2 ? 'Male' : 'Female',
      'Yes',
      '853',
      phone,
      `door${phone}@example.com`,
      'Hospital',
      'Doctor',
      'Desk',
      '28000000',
      '66999999',
    ].join(',');
  });
  const form = new FormData();
  form.set('file', new Blob([[header, ...rows].join('\n')], { type: 'text/csv' }), 'door.csv');
  const upload = await api.call<{ id: number; mapping: unknown[] }>(`/meetings/${meetingId}/guest-imports`, {
    method: 'POST',
    body: form,
  });
  await api.json(`/guest-imports/${upload.id}/start`, { mapping: upload.mapping });
  for (const deadline = Date.now() + 120_000; ;) {
    const state = await api.call<{ status: string; error: string | null }>(`/guest-imports/${upload.id}`);
    if (state.status === 'done') break;
    if (state.status === 'failed' || Date.now() > deadline) throw new Error(`import: ${state.error}`);
    await sleep(100);
  }
  const guests: Guest[] = [];
  let total = 0;
  for (let page = 1; guests.length < wanted; page += 1) {
    const list = await api.call<{ total: number; items: { name: string; guest_code: string }[] }>(
      `/meetings/${meetingId}/guests?page=${page}&page_size=100`,
    );
    total = list.total;
    if (list.items.length === 0) break;
    guests.push(...list.items.map((g) => ({ name: g.name, code: g.guest_code })));
  }
  if (total !== count || guests.length < wanted) throw new Error(`imported ${total} of ${count} guests`);
  return guests.slice(0, wanted);
}

const recordCount = async (api: Api, meetingId: number) =>
  (await api.call<{ total: number }>(`/attendance/records?meeting_id=${meetingId}&page_size=1`)).total;

/** The full copy as Chromium would receive it: the compressed body's length, read off the socket. */
function fetchCopy(api: Api, meetingId: number) {
  return new Promise<{ body: Buffer; headerBytes: number; encoding: string }>((resolve, reject) => {
    const request = http.get(
      `${api.base}/api/attendance/offline-data?meeting_id=${meetingId}`,
      { headers: { authorization: api.authorization, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          // Status line and header lines as sent: "name: value\r\n" each, then an empty line.
          const headerBytes =
            Buffer.byteLength(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`) +
            response.rawHeaders.reduce((sum, v) => sum + Buffer.byteLength(v) + 2, 0) +
            2;
          resolve({
            body: Buffer.concat(chunks),
            headerBytes,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/** Progress on the console, in seconds since the run began. */
let began = performance.now();
const log = (what: string) =>
  console.log(`door-offline +${((performance.now() - began) / 1000).toFixed(0)} s: ${what}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Logs in through the page and opens a station of the meeting, as the door staff do. */
async function openStation(page: Page, base: string) {
  await page.goto(`${base}/#/login`);
  await page.getByTestId('login-account').fill(ADMIN.account);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('sidebar').waitFor();
  await page.goto(`${base}/#/meeting_management/records`);
  await page.getByTestId('scan-mode-open').click();
  await page.getByTestId('scan-setup-station').waitFor();
  const idbBefore = await page.evaluate(indexedDbUsage);
  await page.getByTestId('scan-setup-meeting').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(MEETING_NAME).click();
  await page.getByTestId('scan-setup-station').fill(STATION);
  await page.getByTestId('scan-setup-start').click();
  await page.getByTestId('scan-screen').waitFor();
  return idbBefore;
}

/** The station holds its copy of every guest, and the app is cached for offline use. */
async function waitReadyOffline(page: Page, guests: number) {
  await page.locator(`[data-testid="station-copy"][data-count="${guests}"]`).waitFor({ timeout: 120_000 });
  await page
    .locator('[data-testid="station-offline-ready"][data-state="ready"]')
    .waitFor({ timeout: 60_000 });
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

const sortedCopy = (values: number[]) => [...values].sort((a, b) => a - b);

function summarize(scans: { latencies: number[]; answers: number[]; inputDelays: number[] }): Latency {
  const sorted = sortedCopy(scans.latencies);
  const answers = sortedCopy(scans.answers);
  return {
    count: sorted.length,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    answerMedian: percentile(answers, 0.5),
    answerP95: percentile(answers, 0.95),
    inputDelayMedian: percentile(sortedCopy(scans.inputDelays), 0.5),
  };
}

/** A scanner gun's burst: each key of the code, then Enter, sent without waiting for the page (in order). */
async function gunBurst(cdp: CDPSession, code: string) {
  const key = (type: 'keyDown' | 'keyUp', k: string, text?: string, keyCode?: number) =>
    cdp.send('Input.dispatchKeyEvent', {
      type,
      key: k,
      ...(text === undefined ? {} : { text, unmodifiedText: text }),
      ...(keyCode === undefined
        ? {}
        : { code: k, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode }),
    });
  const sent: Promise<unknown>[] = [];
  for (const ch of code) sent.push(key('keyDown', ch, ch), key('keyUp', ch));
  sent.push(key('keyDown', 'Enter', '\r', 13), key('keyUp', 'Enter', undefined, 13));
  await Promise.all(sent);
}

/**
 * Scans `guests` one after another and returns, per scan, the ms from Enter's keydown to the frame
 * showing that guest's name. 'burst' and 'typed' are the gun (see GUN); 'insert' puts the code in
 * the field at once, to fill a queue fast (nothing timed depends on it).
 */
async function scanAll(page: Page, cdp: CDPSession, guests: Guest[], how: 'burst' | 'typed' | 'insert') {
  await page.evaluate(() => window.__doorProbe!.reset());
  await page.getByTestId('scan-input').focus();
  for (const [index, guest] of guests.entries()) {
    if (how === 'burst') {
      await gunBurst(cdp, guest.code);
    } else {
      if (how === 'typed') await page.keyboard.type(guest.code, { delay: 2 });
      else await page.keyboard.insertText(guest.code);
      await page.keyboard.press('Enter');
    }
    await page.evaluate((n) => window.__doorProbe!.waitShown(n, 30_000), index + 1);
    if (how !== 'insert' && SCAN_GAP_MS > 0) await sleep(SCAN_GAP_MS);
  }
  const { enters, shown } = await page.evaluate(() => ({
    enters: window.__doorProbe!.enters,
    shown: window.__doorProbe!.shown,
  }));
  if (enters.length !== guests.length || shown.length !== guests.length) {
    throw new Error(`${guests.length} scans, ${enters.length} Enter keys, ${shown.length} answers`);
  }
  shown.forEach((answer, i) => {
    if (answer.name !== guests[i]!.name || answer.tone !== 'success') {
      throw new Error(`scan ${i}: expected ${guests[i]!.name} success, saw ${answer.name} ${answer.tone}`);
    }
  });
  // event.timeStamp is when the browser took the key; should it ever be off (synthetic events), the handler's time stands in.
  const start = (e: Enter) =>
    e.at > 0 && e.at <= e.handledAt && e.handledAt - e.at < 10_000 ? e.at : e.handledAt;
  return {
    latencies: shown.map((answer, i) => answer.paintedAt - start(enters[i]!)),
    answers: shown.map((answer, i) => answer.paintedAt - enters[i]!.handledAt),
    inputDelays: enters.map((e) => e.handledAt - start(e)),
    offline: shown.filter((answer) => answer.offline).length,
  };
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByTestId('station-offline').waitFor();
}

/** Back online, and waits until the queue is uploaded; ms from the page's `online` event to an empty queue. */
async function drain(context: BrowserContext, page: Page, timeoutMs: number) {
  await page.evaluate(() => window.__doorProbe!.reset());
  const begin = performance.now();
  await context.setOffline(false);
  const emptyAt = await page.evaluate((t) => window.__doorProbe!.waitQueue(0, t), timeoutMs);
  const wallMs = performance.now() - begin;
  const onlineAt = await page.evaluate(() => window.__doorProbe!.onlineAt);
  if (onlineAt === null) throw new Error('the page never saw the online event');
  return { ms: emptyAt - onlineAt, wallMs };
}

export async function doorOffline(port: number): Promise<DoorOfflineResult> {
  began = performance.now();
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
    const wire = await fetchCopy(api, meetingId);
    const json = decode(wire.body, wire.encoding);
    const copied = (JSON.parse(json.toString('utf8')) as { data: { guests: unknown[] } }).data.guests.length;
    if (copied !== GUESTS) throw new Error(`the copy holds ${copied} of ${GUESTS} guests`);
    const COPIES = 5;
    const copyCpuBefore = cpuMs(pid);
    for (let n = 0; n < COPIES; n++) await fetchCopy(api, meetingId);
    const serverCpuMsPerCopy = (cpuMs(pid) - copyCpuBefore) / COPIES;

    const context = await browser.newContext();
    await context.addInitScript(installProbe);
    // What Chromium counted for the station's first full copy (body as sent + headers).
    const chromiumCopy: Promise<number>[] = [];
    let uploads = 0;
    context.on('requestfinished', (request) => {
      const url = request.url();
      if (url.includes('/api/attendance/offline-data') && !url.includes('since=')) {
        chromiumCopy.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
      }
      if (url.includes('/api/attendance/offline-scans')) uploads += 1;
    });
    // The station's API calls by path, to tell what the server's CPU of a phase went on.
    const calls = new Map<string, number>();
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.set(pathname, (calls.get(pathname) ?? 0) + 1);
    });
    const page = await context.newPage();
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

    // 1. Scan → answer on screen, throttled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
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
    await drain(context, page, 120_000);
    const recordsBefore = await recordCount(api, meetingId);
    if (recordsBefore !== 2 * onlineGuests) throw new Error(`${recordsBefore} records after the scans`);

    // 2. A queue of QUEUED scans, then the network comes back. The queue fills unthrottled (faster;
    // nothing of it is timed); the upload runs on the throttled station.
    log(`queueing ${QUEUED} scans offline`);
    await goOffline(context, page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await scanAll(page, cdp, forQueue, 'insert');
    await page.evaluate((n) => window.__doorProbe!.waitQueue(n, 30_000), QUEUED);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    log(`uploading ${QUEUED} queued scans`);
    uploads = 0;
    const syncCpuBefore = cpuMs(pid);
    const synced = await drain(context, page, 600_000);
    const syncCpu = cpuMs(pid) - syncCpuBefore;
    const recordsAdded = (await recordCount(api, meetingId)) - recordsBefore;
    log('done');
    await context.close();

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
        seconds: synced.ms / 1000,
        wallSeconds: synced.wallMs / 1000,
        uploads,
        recordsAdded,
        cpuUsPerScan: (syncCpu * 1000) / QUEUED,
      },
      copy: {
        transferredBytes: wire.body.length,
        headerBytes: wire.headerBytes,
        encoding: wire.encoding,
        jsonBytes: json.length,
        chromiumBytes,
        storedBytes: stored[0]!,
        idbUsageDeltaBytes: idbBefore === null || idbAfter === null ? null : idbAfter - idbBefore,
        serverCpuMsPerCopy,
      },
    };
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as the bench's rows (run.ts prints and stores them with the others). */
export function doorOfflineRows(r: DoorOfflineResult): DoorOfflineRow[] {
  const latency = (mode: 'online' | 'offline') => {
    const l = r[mode];
    const where = mode === 'online' ? 'the server judges' : 'the copy judges';
    const row = (metric: string, ours: number, detail?: Record<string, number>): DoorOfflineRow => ({
      metric,
      ours,
      baseline: null,
      unit: 'ms',
      target: 'report',
      pass: null,
      ...(detail ? { detail } : {}),
    });
    return [
      row(
        `station: Enter → name painted, ${mode} (${where}), ${r.throttle}× CPU, ${r.gun} gun, median`,
        l.median,
        { scans: l.count, min: l.min, max: l.max, inputDelayMedian: l.inputDelayMedian },
      ),
      row(`station: Enter → name painted, ${mode}, p95`, l.p95),
      row(`station: Enter handled → name painted (judging + render), ${mode}, median`, l.answerMedian),
      row(`station: Enter handled → name painted (judging + render), ${mode}, p95`, l.answerP95),
    ];
  };

  return [
    ...latency('online'),
    ...latency('offline'),
    {
      metric: 'online scans the station judged itself (server too slow)',
      ours: r.onlineAnsweredOffline,
      baseline: null,
      unit: '',
      target: '0',
      pass: r.onlineAnsweredOffline === 0,
    },
    {
      metric: `sync of ${r.sync.queued} queued scans: network back → queue empty`,
      ours: r.sync.seconds,
      baseline: null,
      unit: 's',
      target: 'report',
      pass: null,
      detail: { wallSeconds: r.sync.wallSeconds, uploads: r.sync.uploads },
    },
    {
      metric: 'sync: entries the server added / scans queued',
      ours: r.sync.recordsAdded,
      baseline: r.sync.queued,
      unit: 'scans',
      target: 'equal',
      pass: r.sync.recordsAdded === r.sync.queued,
    },
    {
      metric: 'server CPU per uploaded offline scan (vs per online scan, idle share off)',
      ours: r.sync.cpuUsPerScan,
      baseline: r.cpuUsPerOnlineScan,
      unit: 'µs',
      target: 'report',
      pass: null,
      detail: { rawCpuUsPerOnlineScan: r.rawCpuUsPerOnlineScan, idleCpuMsPerSecond: r.idleCpuMsPerSecond },
    },
    {
      metric: `offline copy of ${r.guests} guests, transferred (${r.copy.encoding}, vs JSON)`,
      ours: r.copy.transferredBytes / 1024,
      baseline: r.copy.jsonBytes / 1024,
      unit: 'KB',
      target: 'report',
      pass: null,
      detail: {
        headerBytes: r.copy.headerBytes,
        ...(r.copy.chromiumBytes === null ? {} : { chromiumBytes: r.copy.chromiumBytes }),
        serverCpuMsPerCopy: r.copy.serverCpuMsPerCopy,
      },
    },
    {
      metric: `offline copy of ${r.guests} guests, stored on the device (sealed record, vs JSON)`,
      ours: r.copy.storedBytes / 1024,
      baseline: r.copy.jsonBytes / 1024,
      unit: 'KB',
      target: 'report',
      pass: null,
      detail: r.copy.idbUsageDeltaBytes === null ? {} : { idbUsageDeltaBytes: r.copy.idbUsageDeltaBytes },
    },
    {
      metric: `server CPU per full copy of ${r.guests} guests`,
      ours: r.copy.serverCpuMsPerCopy,
      baseline: null,
      unit: 'ms',
      target: 'report',
      pass: null,
    },
  ];
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
