import type { QueuedScan } from './station-store.ts';

/**
 * What a station judged itself and has not uploaded yet, for its scope: the server's figures
 * cannot count these, so the station shows them beside them (issue 39).
 */
export interface PendingFigures {
  entries: number;
  exits: number;
}

export const NO_PENDING: PendingFigures = { entries: 0, exits: 0 };

/**
 * The figures after these scans were queued (`sign` 1) or left the queue (-1: uploaded or set
 * aside). Scans of another scope (a queue can span a change of scope) do not count.
 */
export function pendingAfter(
  from: PendingFigures,
  scans: readonly QueuedScan[],
  sign: 1 | -1,
  scope: { meetingId: number; scheduleId: number | null },
): PendingFigures {
  let { entries, exits } = from;
  for (const scan of scans) {
    if (scan.meeting_id !== scope.meetingId || scan.schedule_id !== scope.scheduleId) continue;
    // Answers given after their scan went up: that scan is counted by the server already.
    if (scan.answers_only) continue;
    if (scan.type === 'in') entries += sign;
    else exits += sign;
  }
  return { entries: Math.max(0, entries), exits: Math.max(0, exits) };
}
