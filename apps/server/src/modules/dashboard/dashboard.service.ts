import {
  ARRIVAL_BUCKET_MS,
  type DashboardArrivals,
  type DashboardQuery,
  type MeetingDashboard,
} from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import { localDate, localDayBounds, zoneOffset } from '../../lib/local-time.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { readStats, resolveScope } from '../attendance/attendance.service.ts';
import { arrivalsPerBucket, signupsPerDay } from './dashboard.repository.ts';

const DAY_MS = 86_400_000;
/** A sign-up curve longer than this shows its last part only (ten years of daily points). */
const MAX_SIGNUP_DAYS = 3660;

/** Consecutive points from the first to the last given one, the gaps as 0. */
function fill<T extends { key: number; count: number }>(points: T[]): { key: number; count: number }[] {
  if (points.length === 0) return [];
  const counts = new Map(points.map((p) => [p.key, p.count]));
  const first = points[0]!.key;
  const last = points[points.length - 1]!.key;
  const out: { key: number; count: number }[] = [];
  for (let key = first; key <= last; key += 1) out.push({ key, count: counts.get(key) ?? 0 });
  return out;
}

/** A meeting's dashboard (issue 5): sign-ups per day, the arrival curve of a day, and today's figures. */
export function createDashboardService(deps: { db: Db; clock: () => number }) {
  const { db, clock } = deps;
  return {
    async get(user: AuthUser, meetingId: number, query: DashboardQuery): Promise<MeetingDashboard> {
      const scope = await resolveScope(db, user, meetingId, query.schedule_id);
      const now = clock();
      const day = query.day ?? localDate(now);
      const { from, to } = localDayBounds(day);
      const offsetMs = zoneOffset(now);
      const [signupDays, arrivalBuckets, stats] = await Promise.all([
        signupsPerDay(db, scope.meetingId, offsetMs),
        arrivalsPerBucket(db, {
          meetingId: scope.meetingId,
          scopeId: scope.scopeId,
          from,
          to,
          bucketMs: ARRIVAL_BUCKET_MS,
        }),
        readStats(db, scope, now),
      ]);
      const signups = fill(signupDays.map((d) => ({ key: d.day, count: d.count })))
        .slice(-MAX_SIGNUP_DAYS)
        .map((d) => ({ date: new Date(d.key * DAY_MS).toISOString().slice(0, 10), count: d.count }));
      const arrivals = fill(arrivalBuckets.map((b) => ({ key: b.bucket, count: b.count }))).map((b) => ({
        at: from + b.key * ARRIVAL_BUCKET_MS,
        count: b.count,
      }));
      return {
        meeting_id: scope.meetingId,
        schedule_id: scope.scopeId === 0 ? null : scope.scopeId,
        day,
        signups,
        arrivals,
        stats,
      };
    },

    /**
     * The arrival curve of a day alone (one indexed range count): an open dashboard follows the
     * arrivals with it, without recounting the sign-ups over every guest of the meeting.
     */
    async arrivals(user: AuthUser, meetingId: number, query: DashboardQuery): Promise<DashboardArrivals> {
      const scope = await resolveScope(db, user, meetingId, query.schedule_id);
      const day = query.day ?? localDate(clock());
      const { from, to } = localDayBounds(day);
      const buckets = await arrivalsPerBucket(db, {
        meetingId: scope.meetingId,
        scopeId: scope.scopeId,
        from,
        to,
        bucketMs: ARRIVAL_BUCKET_MS,
      });
      return {
        meeting_id: scope.meetingId,
        schedule_id: scope.scopeId === 0 ? null : scope.scopeId,
        day,
        arrivals: fill(buckets.map((b) => ({ key: b.bucket, count: b.count }))).map((b) => ({
          at: from + b.key * ARRIVAL_BUCKET_MS,
          count: b.count,
        })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
