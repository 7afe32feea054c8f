/** The run's size and pace; see door-offline.ts for what each step measures. */
export const SMOKE = process.argv.includes('--smoke');
export const GUESTS = SMOKE ? 500 : 5_000;
/** Timed scans each way; WARM_UP more each way go first and are not counted (first request, JIT). */
export const SCANS = SMOKE ? 20 : 200;
export const WARM_UP = 3;
export const QUEUED = SMOKE ? 100 : 1_000;
/** Chrome DevTools' "4× slowdown": the station's main thread runs at a quarter of this machine's speed. */
export const THROTTLE = 4;
/** Pause after each answer before the next guest's scan (a door's cadence is seconds; see the report). */
export const SCAN_GAP_MS = Number(process.env.DOOR_SCAN_GAP_MS ?? 300);
/**
 * How the scanner gun types. 'burst' (default): every key of the code and Enter reach the browser at
 * once, as a USB scanner types them (far faster than a throttled page takes keys), so the keys
 * still waiting when Enter arrives count in its time. 'typed': e2e's scanWithGun (Playwright's
 * keyboard.type, each key handled before the next is sent: the backlog never forms, and a scan
 * takes seconds of typing on a throttled page).
 */
export const GUN: 'burst' | 'typed' = process.env.DOOR_GUN === 'typed' ? 'typed' : 'burst';
/** How long the server's idle CPU is sampled, with the station open. */
export const IDLE_MS = SMOKE ? 5_000 : 10_000;
export const MEETING_NAME = 'Bench offline door';
export const STATION = 'Bench door';
/** What Chromium sends; the server offers br and gzip, so this is brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Progress on the console, in seconds since the run began. */
let began = performance.now();
export const restartClock = () => (began = performance.now());
export const log = (what: string) =>
  console.log(`door-offline +${((performance.now() - began) / 1000).toFixed(0)} s: ${what}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
