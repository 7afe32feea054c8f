import type { DoorDayResult } from './door-day.ts';
import type { Measured } from './row.ts';

/** The door group's rows: first the scans, statistics and search of `door-day.ts`. */
export function doorDayRows(door: DoorDayResult): Measured[] {
  return [
    {
      metric: 'check-in scans/s, 100 stations, 100k guests, webhooks on',
      ours: door.scansPerSecond,
      baseline: door.healthPerSecond,
      unit: '/s',
      target: '≥ 3000 (baseline: GET /api/health, same process)',
      pass: door.scansPerSecond >= 3000,
    },
    {
      metric: 'check-in scan p99 latency',
      ours: door.scanP99,
      baseline: null,
      unit: 'ms',
      target: '≤ 50',
      pass: door.scanP99 <= 50,
    },
    {
      metric: 'server CPU per scan, its webhook delivery included',
      ours: door.scanCpuUs,
      baseline: door.healthCpuUs,
      unit: 'µs',
      target: 'report (baseline: per GET /api/health)',
      pass: null,
    },
    {
      metric: "check-in scans' webhooks: last received after the last scan",
      ours: door.drainSeconds,
      baseline: null,
      unit: 's',
      target: 'report',
      pass: null,
    },
    {
      metric: 'check-in scans with webhooks on: deliveries received',
      ours: door.webhooksDelivered,
      baseline: door.webhooksExpected,
      unit: 'deliveries',
      target: 'every scan once, signatures valid',
      pass: door.webhooksDelivered === door.webhooksExpected && door.webhookBadSignatures === 0,
    },
    {
      metric: 'check-in scans refused or failed',
      ours: door.scanErrors,
      baseline: null,
      unit: '',
      target: '0',
      pass: door.scanErrors === 0,
    },
    {
      metric: "today's statistics p95, 100k vs 1k guests",
      ours: door.statsP95.big,
      baseline: door.statsP95.small,
      unit: 'ms',
      target: '≤ 50, ratio ≤ 1.5',
      pass: door.statsP95.big <= 50 && door.statsP95.big <= 1.5 * door.statsP95.small,
    },
    {
      metric: 'guest-list search p95, 100k vs 1k guests',
      ours: door.searchP95.big,
      baseline: door.searchP95.small,
      unit: 'ms',
      target: '≤ 50, ratio ≤ 1.5',
      pass: door.searchP95.big <= 50 && door.searchP95.big <= 1.5 * door.searchP95.small,
    },
    {
      metric: 'guest-list search p95, a keyword all 100k match (vs one match)',
      ours: door.searchP95.everyone,
      baseline: door.searchP95.big,
      unit: 'ms',
      target: '≤ 50',
      pass: door.searchP95.everyone <= 50,
    },
  ];
}

/** The PostgreSQL search (`search-postgres.ts`), then the export figures of `door-day.ts`. */
export function doorSearchExportRows(
  door: DoorDayResult,
  pgSearch: { one: number; everyone: number },
): Measured[] {
  return [
    {
      metric: 'guest-list search p95 on PostgreSQL, a keyword all 100k match (vs one match)',
      ours: pgSearch.everyone,
      baseline: pgSearch.one,
      unit: 'ms',
      target: '≤ 50',
      pass: pgSearch.everyone <= 50,
    },
    {
      metric: 'export 100k guests to XLSX, time',
      ours: door.exportSeconds,
      baseline: door.bareExportSeconds,
      unit: 's',
      target: 'ratio ≤ 1.5 (baseline: bare exceljs stream)',
      pass: door.exportSeconds <= 1.5 * door.bareExportSeconds,
    },
    {
      metric: 'export 100k guests to XLSX, peak RSS',
      ours: door.exportPeakMb,
      baseline: door.bareExportPeakMb,
      unit: 'MB',
      target: '≤ 250',
      pass: door.exportPeakMb <= 250,
    },
  ];
}
