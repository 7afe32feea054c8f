import type { CongressResult } from './congress.ts';
import type { Measured } from './row.ts';

/** The congress group's rows (`congress.ts`): issue 46's targets, each beside its same-run baseline. */
export function congressRows(run: CongressResult): Measured[] {
  const n = run.guests.toLocaleString('en');
  const worstFilter = Math.max(...Object.values(run.listP95.filtered));
  return [
    {
      metric: `congress: import ${n} rows in ${run.import.files} files, upload + preview + job`,
      ours: run.import.seconds,
      baseline: run.seedSeconds,
      unit: 's',
      target: '≤ 90 s, every row imported (baseline: bulk SQL seeding as many guests)',
      pass: run.import.seconds <= 90 && run.import.imported === run.guests,
      detail: {
        previewSeconds: run.import.previewSeconds,
        imported: run.import.imported,
        cpuMsPerGuest: run.import.cpuMsPerGuest,
        files: run.import.files,
      },
    },
    {
      metric: `congress: import ${n} rows, peak server RSS`,
      ours: run.import.peakRssMb,
      baseline: null,
      unit: 'MB',
      target: '≤ 300',
      pass: run.import.peakRssMb <= 300,
    },
    {
      metric: `congress: guest list p95, worst answer filter (vs unfiltered)`,
      ours: worstFilter,
      baseline: run.listP95.all,
      unit: 'ms',
      target: '≤ 50',
      pass: worstFilter <= 50 && run.listP95.all <= 50,
      detail: run.listP95.filtered,
    },
    {
      metric: `congress: export ${n} guests with 12 answer columns`,
      ours: run.export.seconds,
      baseline: run.export.bareSeconds,
      unit: 's',
      target: 'ratio ≤ 1.2 (baseline: bare exceljs stream)',
      pass: run.export.seconds <= 1.2 * run.export.bareSeconds,
      detail: { peakMb: run.export.peakMb, barePeakMb: run.export.barePeakMb },
    },
    {
      metric: 'congress: issue certificates to all who earned one',
      ours: run.certificates.issueSeconds,
      baseline: null,
      unit: 's',
      target: '≤ 2',
      pass: run.certificates.issueSeconds <= 2 && run.certificates.issued > 0,
      detail: { issued: run.certificates.issued },
    },
    {
      metric: 'congress: certificate list, first page (vs the guest list p95)',
      ours: run.certificates.listP95,
      baseline: run.listP95.all,
      unit: 'ms',
      target: '≤ 2000',
      pass: run.certificates.listP95 <= 2000,
    },
    {
      metric: 'congress: broadcast to all, server CPU per mail',
      ours: run.broadcast.cpuMsPerMail,
      baseline: null,
      unit: 'ms',
      target: '≤ 5',
      pass: run.broadcast.cpuMsPerMail <= 5,
      detail: {
        recipients: run.broadcast.recipients,
        delivered: run.broadcast.delivered,
        queueSeconds: run.broadcast.queueSeconds,
      },
    },
    {
      metric: 'congress: broadcast sending rate (vs the configured pace)',
      ours: run.broadcast.perSecond,
      baseline: run.broadcast.pacePerSecond,
      unit: '/s',
      target: '≥ 0.9 of the pace',
      pass: run.broadcast.perSecond >= 0.9 * run.broadcast.pacePerSecond,
    },
    {
      metric: `congress: evaluation report, ${run.evaluationReport.completions.toLocaleString('en')} answers (vs 500)`,
      ours: run.evaluationReport.big,
      baseline: run.evaluationReport.small,
      unit: 'ms',
      target: '≤ 1000',
      pass: run.evaluationReport.big <= 1000,
    },
    {
      metric: `congress: offline station sync of ${run.offlineSync.scans.toLocaleString('en')} queued scans`,
      ours: run.offlineSync.seconds,
      baseline: run.offlineSync.onlineSeconds,
      unit: 's',
      target: '≤ 20, every scan recorded (baseline: as many scans online, one station)',
      pass: run.offlineSync.seconds <= 20 && run.offlineSync.recorded === run.offlineSync.scans,
      detail: { recorded: run.offlineSync.recorded },
    },
    {
      metric: `congress: retention purge of ${run.purge.guests.toLocaleString('en')} guests (vs 1,000)`,
      ours: run.purge.seconds,
      baseline: run.purge.smallSeconds,
      unit: 's',
      target: '≤ 60',
      pass: run.purge.seconds <= 60 && run.purge.guests === run.guests,
    },
  ];
}
