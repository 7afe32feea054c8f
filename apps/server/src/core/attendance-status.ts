import { sql, type RawBuilder } from 'kysely';
import type { AttendanceStatus } from '@meetflow/shared/schemas/attendance';

/*
 * Attendance is per local day of TIME_ZONE: a guest still inside when a day ends is closed out at
 * its last moment. The close-out's row in the scan log is written lazily (modules/attendance/day-end.ts), so every
 * reader applies the same rule meanwhile: a summary that says "inside" counts only when its entry
 * was today. `today` is the start of the local day.
 */

/** Whether a summary row (inside, last entry) means inside on the day that starts at `today`. */
export function isInsideToday(
  summary: { inside: number | null; last_in_at: number | null } | undefined,
  today: number,
): boolean {
  return summary?.inside === 1 && summary.last_in_at !== null && summary.last_in_at >= today;
}

/**
 * A guest's attendance status, all-time, from a summary row already read (undefined: never scanned):
 *
 * - checked_in: inside now (entered today);
 * - left: entered at some time and is out now, or was closed out at the end of an earlier day;
 * - not_checked_in: never entered (no summary row, or no entry in it).
 */
export function attendanceStatus(
  summary: { inside: number | null; first_in_at: number | null; last_in_at: number | null } | undefined,
  today: number,
): AttendanceStatus {
  if (!summary || summary.first_in_at === null) return 'not_checked_in';
  return isInsideToday(summary, today) ? 'checked_in' : 'left';
}

/** isInsideToday() as SQL over a guest_attendance row named `summary`. */
export function isInsideTodaySql(summary: string, today: number): RawBuilder<boolean> {
  const inside = sql.ref(`${summary}.inside`);
  const lastIn = sql.ref(`${summary}.last_in_at`);
  return sql<boolean>`(${inside} = 1 and ${lastIn} >= ${today})`;
}

/**
 * The same status as SQL over a guest_attendance row of scope 0, LEFT JOINed as `summary` (a guest
 * never scanned has NULLs there). The guest list filters guests with it and the records list filters
 * scans by their guest's status, so the two lists agree about every guest.
 */
export function attendanceStatusIs(
  status: AttendanceStatus,
  summary: string,
  today: number,
): RawBuilder<boolean> {
  const firstIn = sql.ref(`${summary}.first_in_at`);
  switch (status) {
    case 'checked_in':
      return isInsideTodaySql(summary, today);
    case 'left':
      return sql<boolean>`(${firstIn} is not null and not ${isInsideTodaySql(summary, today)})`;
    case 'not_checked_in':
      return sql<boolean>`${firstIn} is null`;
  }
}
