import { type Language } from '@meetflow/shared/languages';
import {
  type AttendanceStats,
  type DoorAnswersAnswer,
  type DoorAnswersInput,
  type RecordPage,
  type RecordExportQuery,
  type RecordQuery,
  type ScanAnswer,
  type ScanInput,
} from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import { localDayBounds, startOfLocalDay } from '../../lib/local-time.ts';
import type { ActivityCounters } from '../../core/activity-counters.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { liveMeeting } from '../../core/meeting-access.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { resolveScope, type AttendanceScope } from './attendance-scope.ts';
import * as records from './attendance-records.repository.ts';
import { createDayEndCloser } from './day-end.ts';
import { recordDoorAnswers } from './door-answers.ts';
import { scan } from './scan.ts';
import type { StatsScope } from './live-stats.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/** Where "today" starts: local midnight in the configured TIME_ZONE. */
export function localMidnight(now: number): number {
  return startOfLocalDay(now);
}

export { resolveScope, type AttendanceScope } from './attendance-scope.ts';

/**
 * The records page's filters as the repository reads them, for the page and its export alike. A day
 * narrows from/to to that local day; its end bound is exclusive, the repository's `to` inclusive.
 */
export function recordFilter(
  scope: AttendanceScope,
  query: RecordExportQuery,
  today: number,
): records.RecordFilter {
  const day = query.day === undefined ? undefined : localDayBounds(query.day);
  return {
    meetingId: scope.meetingId,
    scopeId: query.schedule_id === undefined ? undefined : scope.scopeId,
    type: query.type,
    station: query.station,
    status: query.status,
    from: day ? Math.max(day.from, query.from ?? 0) : query.from,
    to: day ? Math.min(day.to - 1, query.to ?? Infinity) : query.to,
    today,
  };
}

/** Check-ins per meeting, for the meetings list and detail (the meetings module reads them here). */
export function checkinCounts(db: Db, meetingIds: readonly number[]): Promise<Map<number, number>> {
  return records.checkinCounts(db, meetingIds);
}

/** Today's figures of a scope (indexed counts, one round trip). */
export function readStats(db: Db, scope: AttendanceScope, now: number): Promise<AttendanceStats> {
  return records.countStats(db, scope, localMidnight(now));
}

export function createAttendanceService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  /**
   * A scan of a guest in a scope this soon after their last one there is a duplicate of that one,
   * whatever the station or its mode: a scanner's double read, or two stations reading one badge.
   */
  repeatWindowMs: number;
  /** Told after every recorded scan, once its transaction has committed. */
  onRecorded?: (scope: StatsScope) => void;
  /** Events for other systems, written in the scan's transaction. */
  webhooks: WebhookEmitter;
  /** The operator's counts of scans by result and refusals by reason. */
  counters?: ActivityCounters;
}) {
  const { db, clock } = deps;

  const closeEarlierDays = createDayEndCloser(db, deps.webhooks);
  const scanDeps = { ...deps, closeEarlierDays };

  return {
    resolveScope: (user: AuthUser, meetingId: number, scheduleId?: number | null) =>
      resolveScope(db, user, meetingId, scheduleId),

    stats: (scope: AttendanceScope) => readStats(db, scope, clock()),

    /** Today's figures of a scope named by ids (the live feed recomputes with this). */
    async statsOf(scope: StatsScope): Promise<AttendanceStats> {
      const meeting = await liveMeeting(db, scope.meetingId);
      const signupsFrom =
        scope.scopeId !== 0 && meeting?.meeting_type === 'date_schedule' ? 'schedule' : 'meeting';
      return records.countStats(db, { ...scope, signupsFrom }, localMidnight(clock()));
    },

    /** One scan (scan.ts): entry, exit or automatic toggle, per local day. */
    async scan(user: AuthUser, body: ScanInput, lang: Language, ip: string): Promise<ScanAnswer> {
      const answer = await scan(scanDeps, user, body, lang, ip);
      deps.counters?.scan(answer.result, answer.reason_code);
      return answer;
    },

    /** Answers given at the door to the guest's ask-at-door questions (door-answers.ts). */
    doorAnswers: (
      user: AuthUser,
      body: DoorAnswersInput,
      lang: Language,
      ip: string,
    ): Promise<DoorAnswersAnswer> => recordDoorAnswers(deps, user, body, lang, ip),

    /** Entries and exits, newest first, with the list's filters; no contact data. */
    async records(user: AuthUser, query: RecordQuery, lang: Language): Promise<RecordPage> {
      const scope = await resolveScope(db, user, query.meeting_id, query.schedule_id);
      const today = localMidnight(clock());
      await closeEarlierDays(scope.meetingId, today);
      const { rows, total } = await records.listRecords(
        db,
        recordFilter(scope, query, today),
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
        lang,
      );
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          guest_id: Number(row.guest_id),
          guest_name: guestDisplayName({
            name: row.guest_name,
            name_zh: row.guest_name_zh,
            name_en: row.guest_name_en,
          }),
          guest_code: row.guest_code,
          meeting_id: Number(row.meeting_id),
          schedule_id: Number(row.scope_id) === 0 ? null : Number(row.scope_id),
          schedule_name: Number(row.scope_id) === 0 ? null : (row.schedule_name ?? null),
          type: row.type,
          station: row.station,
          operator_name: row.operator_name ?? null,
          created_at: Number(row.created_at),
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;
export type AttendanceDeps = Parameters<typeof createAttendanceService>[0];
