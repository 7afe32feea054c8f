import type { CongressResult } from './congress-steps.ts';
import type { Measured } from './row.ts';

/** The congress group's rows (`congress.ts`): issue 46's targets, each beside its same-run baseline. */
export function congressRows(run: CongressResult): Measured[] {
  const n = run.guests.toLocaleString('en');
  const rows: Measured[] = [];
  const { import: imported } = run;
  if (imported) {
    rows.push(
      {
        metric: `congress: import ${n} rows in ${imported.files} files, upload + preview + job`,
        ours: imported.seconds,
        baseline: run.seedSeconds,
        unit: 's',
        target: '≤ 90 s, every row imported (baseline: bulk SQL seeding as many guests)',
        pass: imported.seconds <= 90 && imported.imported === run.guests,
        detail: {
          previewSeconds: imported.previewSeconds,
          imported: imported.imported,
          cpuMsPerGuest: imported.cpuMsPerGuest,
          files: imported.files,
        },
      },
      {
        metric: `congress: import ${n} rows, peak server RSS`,
        ours: imported.peakRssMb,
        baseline: null,
        unit: 'MB',
        target: '≤ 300',
        pass: imported.peakRssMb <= 300,
      },
    );
  }
  const { listP95 } = run;
  if (listP95) {
    const worstFilter = Math.max(...Object.values(listP95.filtered));
    rows.push({
      metric: `congress: guest list p95, worst answer filter (vs unfiltered)`,
      ours: worstFilter,
      baseline: listP95.all,
      unit: 'ms',
      target: '≤ 50',
      pass: worstFilter <= 50 && listP95.all <= 50,
      detail: listP95.filtered,
    });
  }
  const { export: exported } = run;
  if (exported) {
    rows.push({
      metric: `congress: export ${n} guests with 12 answer columns`,
      ours: exported.seconds,
      baseline: exported.bareSeconds,
      unit: 's',
      target: 'ratio ≤ 1.2 (baseline: bare exceljs stream, an answer per cell)',
      pass: exported.seconds <= 1.2 * exported.bareSeconds,
      detail: {
        peakMb: exported.peakMb,
        barePeakMb: exported.barePeakMb,
        cpuUsPerGuest: exported.cpuUsPerGuest,
        bareCpuUsPerGuest: exported.bareCpuUsPerGuest,
        storedBareSeconds: exported.storedBareSeconds,
      },
    });
  }
  const { certificates } = run;
  if (certificates) {
    rows.push(
      {
        metric: 'congress: issue certificates to all who earned one',
        ours: certificates.issueSeconds,
        baseline: null,
        unit: 's',
        target: '≤ 2',
        pass: certificates.issueSeconds <= 2 && certificates.issued > 0,
        detail: { issued: certificates.issued },
      },
      {
        metric: 'congress: certificate list, first page (vs the guest list p95)',
        ours: certificates.listP95,
        baseline: run.listP95?.all ?? null,
        unit: 'ms',
        target: '≤ 2000',
        pass: certificates.listP95 <= 2000,
      },
    );
  }
  if (run.broadcast) rows.push(...broadcastRows(run.broadcast));
  const { evaluationReport } = run;
  if (evaluationReport) {
    rows.push({
      metric: `congress: evaluation report, ${evaluationReport.completions.toLocaleString('en')} answers (vs 500)`,
      ours: evaluationReport.big,
      baseline: evaluationReport.small,
      unit: 'ms',
      target: '≤ 1000',
      pass: evaluationReport.big <= 1000,
    });
  }
  const { offlineSync } = run;
  if (offlineSync) {
    rows.push({
      metric: `congress: offline station sync of ${offlineSync.scans.toLocaleString('en')} queued scans`,
      ours: offlineSync.seconds,
      baseline: offlineSync.onlineSeconds,
      unit: 's',
      target: '≤ 20, every scan recorded (baseline: as many scans online, one station)',
      pass: offlineSync.seconds <= 20 && offlineSync.recorded === offlineSync.scans,
      detail: { recorded: offlineSync.recorded },
    });
  }
  const { purge } = run;
  if (purge) {
    rows.push({
      metric: `congress: retention purge of ${purge.guests.toLocaleString('en')} guests (vs 1,000)`,
      ours: purge.seconds,
      baseline: purge.smallSeconds,
      unit: 's',
      target: '≤ 60',
      pass: purge.seconds <= 60 && purge.guests === run.guests,
    });
  }
  return rows;
}

/** The broadcast's rows: its fan-out, then the CPU per mail and the rate over the window after it. */
function broadcastRows(broadcast: NonNullable<CongressResult['broadcast']>): Measured[] {
  const recipients = broadcast.recipients.toLocaleString('en');
  return [
    {
      metric: `congress: broadcast fan-out, ${recipients} jobs queued (server CPU per job)`,
      ours: broadcast.fanOutCpuMs / Math.max(1, broadcast.recipients),
      baseline: null,
      unit: 'ms',
      target: 'report',
      pass: true,
      detail: {
        seconds: broadcast.fanOutSeconds,
        cpuMs: broadcast.fanOutCpuMs,
        sentDuringFanOut: broadcast.sentDuringFanOut,
      },
    },
    {
      metric: 'congress: broadcast to all, server CPU per mail, steady window after the fan-out',
      ours: broadcast.cpuMsPerMail,
      baseline: null,
      unit: 'ms',
      target: '≤ 5',
      pass: broadcast.cpuMsPerMail <= 5,
      detail: {
        recipients: broadcast.recipients,
        windowSeconds: broadcast.windowSeconds,
        windowMails: broadcast.windowMails,
      },
    },
    {
      metric: 'congress: broadcast delivered rate in that window (vs the configured pace)',
      ours: broadcast.perSecond,
      baseline: broadcast.pacePerSecond,
      unit: '/s',
      target: '≥ 0.9 of the pace',
      pass: broadcast.perSecond >= 0.9 * broadcast.pacePerSecond,
      detail: {
        backlogAtStart: broadcast.backlogAtStart,
        backlogAtEnd: broadcast.backlogAtEnd,
        // The server's CPU in cores over the window: on a shared machine, the share it was given.
        serverCores: (broadcast.cpuMsPerMail * broadcast.perSecond) / 1000,
      },
    },
  ];
}
