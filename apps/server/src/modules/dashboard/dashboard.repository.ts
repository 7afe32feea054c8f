import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const DAY_MS = 86_400_000;

/**
 * Sign-ups per local day (every sign-up, as the meeting's sign-up count has them). The day number is computed in SQL from a fixed offset (the server's zone
 * offset now), which both databases do with integer arithmetic; the zones of our users keep no DST.
 */
export async function signupsPerDay(db: Db, meetingId: number, offsetMs: number) {
  // Literals, not parameters: SQLite binds JS numbers as REAL, which would turn this into a real division.
  const day = sql<number>`(guests.created_at + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('guests')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('guests.meeting_id', '=', meetingId)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.n) }));
}

/* Entries per time bucket of one scope: the attendance module's read. */
export { arrivalsPerBucket } from '../attendance/attendance.reads.ts';
