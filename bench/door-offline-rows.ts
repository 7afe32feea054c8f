import type { Measured } from './row.ts';

/** The shape of run.ts's rows. */
export type DoorOfflineRow = Measured;

export interface Latency {
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

/** The four latency rows of one way of judging, at the station. */
function latencyRows(r: DoorOfflineResult, mode: 'online' | 'offline'): DoorOfflineRow[] {
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
}

/** The figures as the bench's rows (run.ts prints and stores them with the others). */
export function doorOfflineRows(r: DoorOfflineResult): DoorOfflineRow[] {
  return [
    ...latencyRows(r, 'online'),
    ...latencyRows(r, 'offline'),
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
