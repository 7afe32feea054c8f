import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Row } from './row.ts';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Prints the table of every run's figures, writes results/latest.json and fails on a budget or a correctness check. */
export function report(runs: Row[][]): void {
  const RUNS = runs.length;
  /** "min / median / max" of the runs (one figure for a single run); small fractions (CLS) keep three digits. */
  const spread = (values: number[], unit: string, fixed?: number) => {
    const digits = fixed ?? (values.every((v) => Math.abs(v) < 1) ? 3 : 1);
    const shown = RUNS === 1 ? [values[0]!] : [Math.min(...values), median(values), Math.max(...values)];
    return `${shown.map((v) => v.toFixed(digits)).join(' / ')} ${unit}`.trim();
  };
  const summary = runs[0]!.map((first, index) => {
    const same = runs.map((run) => run[index]!);
    const ours = same.map((r) => r.ours);
    const baselines = same.flatMap((r) => (r.baseline === null ? [] : [r.baseline]));
    const verdicts = same.map((r) => r.pass);
    return {
      ...first,
      ours,
      baselines,
      loads: same.map((r) => r.load),
      // A speed target holds when most runs met it; a correctness check must hold in every run.
      pass: first.pass === null ? null : verdicts.filter(Boolean).length * 2 > verdicts.length,
      passedEveryRun: verdicts.every((v) => v !== false),
    };
  });
  console.table(
    summary.map((r) => ({
      metric: r.metric,
      [RUNS === 1 ? 'ours' : 'ours (min / median / max)']: spread(r.ours, r.unit),
      baseline: r.baselines.length ? spread(r.baselines, r.unit) : '—',
      ratio: r.baselines.length ? (median(r.ours) / median(r.baselines)).toFixed(2) : '—',
      load: spread(r.loads, '', 2),
      target: r.target,
      result: r.pass === null ? '' : r.pass ? 'pass' : 'FAIL',
    })),
  );
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'latest.json'),
    JSON.stringify(
      { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, runs },
      null,
      2,
    ),
  );
  // Budgets and correctness (oversold seats, lost webhooks) fail the run in any repetition; a missed
  // speed target is reported in the table.
  const failed = summary.filter(
    (r) =>
      !r.passedEveryRun &&
      (r.metric.startsWith('initial JS') || r.metric.includes('oversold') || r.unit === 'deliveries'),
  );
  if (failed.length) {
    console.error(`Failed: ${failed.map((r) => r.metric).join(', ')}`);
    process.exit(1);
  }
}
