import { sql, type RawBuilder } from 'kysely';
import type { AttendanceStatus } from '@meetflow/shared';

/**
 * A guest's attendance status, all-time, read from their whole-meeting summary (a guest_attendance
 * row of scope 0, LEFT JOINed as `summary`, so that a guest never scanned has NULLs there):
 *
 * - checked_in: inside now;
 * - left: entered at some time and is out now;
 * - not_checked_in: never entered (no summary row, or no entry in it).
 *
 * The guest list filters guests with it and the records list filters scans by their guest's status,
 * so the two lists agree about every guest. guest-view.ts's attendanceStatus() is the same rule for
 * one row already read.
 */
export function attendanceStatusIs(status: AttendanceStatus, summary: string): RawBuilder<boolean> {
  const inside = sql.ref(`${summary}.inside`);
  const firstIn = sql.ref(`${summary}.first_in_at`);
  switch (status) {
    case 'checked_in':
      return sql<boolean>`${inside} = 1`;
    case 'left':
      return sql<boolean>`(${inside} = 0 and ${firstIn} is not null)`;
    case 'not_checked_in':
      return sql<boolean>`${firstIn} is null`;
  }
}
