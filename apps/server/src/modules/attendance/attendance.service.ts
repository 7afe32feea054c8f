import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import { type Language } from '@meetflow/shared/languages';
import {
  MANUAL_STATION,
  type AttendanceStats,
  type RecordPage,
  type RecordExportQuery,
  type RecordQuery,
  type ScanAnswer,
  type ScanInput,
  type ScanType,
} from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDayBounds, startOfLocalDay } from '../../lib/local-time.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { liveMeeting, visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { isInsideToday } from '../../core/attendance-status.ts';
import * as records from './attendance-records.repository.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay, createDayEndCloser } from './day-end.ts';
import type { StatsScope } from './live-stats.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/** Where "today" starts: local midnight in the configured TIME_ZONE. */
export function localMidnight(now: number): number {
  return startOfLocalDay(now);
}

/** A meeting the user may see, and the scope within it (0 = whole meeting, else a session id). */
export interface AttendanceScope extends StatsScope {
  meeting: VisibleMeeting;
  /** Where the sign-up figure comes from: a date-schedule session counts its own enrolments. */
  signupsFrom: 'meeting' | 'schedule';
}

/**
 * The meeting must be live and inside the user's organisation subtree, and the session one of its
 * own; anything else answers 404 (another organiser's meeting is not even confirmed to exist).
 */
export async function resolveScope(
  db: Db,
  user: AuthUser,
  meetingId: number,
  scheduleId: number | null | undefined,
): Promise<AttendanceScope> {
  // The core access rule: one prepared meeting query plus the scope check, as the scan path needs.
  const meeting = await visibleMeeting(db, user, meetingId);
  if (!scheduleId) return { meeting, meetingId, scopeId: 0, signupsFrom: 'meeting' };
  if (!(await repo.findScheduleOfMeeting(db, scheduleId, meetingId))) throw new AppError('NOT_FOUND');
  return {
    meeting,
    meetingId,
    scopeId: scheduleId,
    signupsFrom: meeting.meeting_type === 'date_schedule' ? 'schedule' : 'meeting',
  };
}

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

type RefusalName = Extract<
  ErrorName,
  'SCAN_UNKNOWN_CODE' | 'SCAN_GUEST_CANCELLED' | 'SCAN_OTHER_MEETING' | 'SCAN_NOT_ENROLLED'
>;

function refused(
  name: RefusalName,
  lang: Language,
  at: number,
  guest: ScanAnswer['guest'] = null,
): ScanAnswer {
  return {
    result: 'refused',
    type: null,
    guest,
    reason: errorMessage(name, lang),
    reason_code: ERRORS[name].code,
    previous_at: null,
    at,
  };
}

function scanGuest(guest: {
  id: number;
  name: string;
  name_zh: string;
  name_en: string;
  user_type_name: string | null;
}) {
  return { id: guest.id, name: guestDisplayName(guest), user_type_name: guest.user_type_name ?? null };
}

/**
 * The guest's last scan of a scope today, from their summary: their entry while inside, else their
 * exit. A day's close-out (at the end of an earlier day) is not one.
 */
function lastScanToday(
  summary: Awaited<ReturnType<typeof repo.findAttendance>>,
  today: number,
): { type: ScanType; at: number } | null {
  const last =
    summary?.inside === 1
      ? { type: 'in' as const, at: summary.last_in_at }
      : { type: 'out' as const, at: summary?.last_out_at ?? null };
  return last.at !== null && last.at >= today ? { type: last.type, at: last.at } : null;
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
}) {
  const { db, systemLog, clock } = deps;

  const closeEarlierDays = createDayEndCloser(db, deps.webhooks);

  /**
   * The answer a recorded scan got, for a retry with the same nonce. A nonce is the client's id for
   * one scan: reused for another guest, scope or fixed direction it is not a retry, and answering
   * the first scan would show another guest's name as this one's success.
   */
  async function replay(
    original: NonNullable<Awaited<ReturnType<typeof repo.findCheckInByNonce>>>,
    scope: AttendanceScope,
    body: ScanInput,
    lang: Language,
  ): Promise<ScanAnswer> {
    if (
      original.meeting_id !== scope.meetingId ||
      Number(original.scope_id) !== scope.scopeId ||
      original.guest_code !== body.guest_code ||
      (body.direction !== 'auto' && body.direction !== original.type)
    ) {
      throw new AppError('SCAN_NONCE_REUSED');
    }
    const guest = await repo.findGuestById(db, original.guest_id, lang);
    return {
      result: 'success',
      type: original.type,
      guest: guest ? scanGuest(guest) : null,
      reason: null,
      reason_code: null,
      previous_at: null,
      at: original.created_at,
    };
  }

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

    /**
     * One scan: the state machine of DESIGN.md (entry, exit, or automatic toggle), per local day:
     * whoever is still inside from an earlier day is closed out first (day-end.ts), so the first
     * scan of a day is an entry. An entry for a guest already inside, or an exit for one who is
     * not, is a duplicate carrying the earlier time and records nothing; so is any scan within the
     * repeat window after the guest's last one in the scope today, at any station, answered with
     * that last action (the window is a condition of the summary's update, so it holds across
     * stations and instances). The check_ins row and the guest's summary are written in one
     * transaction; the unique nonce makes a retried scan return the first answer. Door scans are
     * audited by the scan log itself (station, operator); an organiser's manual entry also goes to
     * the system log.
     */
    async scan(user: AuthUser, body: ScanInput, lang: Language, ip: string): Promise<ScanAnswer> {
      if (body.manual && body.direction === 'auto') throw new AppError('SCAN_MANUAL_DIRECTION');
      const scope = await resolveScope(db, user, body.meeting_id, body.schedule_id);
      const now = clock();

      const earlier = await repo.findCheckInByNonce(db, body.nonce);
      if (earlier) return replay(earlier, scope, body, lang);

      const guest = await repo.findGuestByCode(db, body.guest_code, lang);
      if (!guest) return refused('SCAN_UNKNOWN_CODE', lang, now);
      if (guest.meeting_id !== scope.meetingId) return refused('SCAN_OTHER_MEETING', lang, now);
      const who = scanGuest(guest);
      if (guest.cancelled_at !== null) return refused('SCAN_GUEST_CANCELLED', lang, now, who);
      if (
        scope.scopeId !== 0 &&
        scope.meeting.meeting_type === 'date_schedule' &&
        !(await repo.isEnrolled(db, guest.id, scope.scopeId))
      ) {
        return refused('SCAN_NOT_ENROLLED', lang, now, who);
      }

      const today = startOfLocalDay(now);
      // In the background: a door opening on day two must not wait for thousands of close-outs.
      // This scan's own guest is closed out in its transaction; a failed run is retried by the next
      // scan or records read.
      closeEarlierDays(scope.meetingId, today).catch(() => undefined);
      const station = body.manual ? MANUAL_STATION : body.station;
      const transition = {
        guestId: guest.id,
        scopeId: scope.scopeId,
        meetingId: scope.meetingId,
        at: now,
        changedAt: now,
      };
      // Moves only when the last scan is older than the window; a new day starts afresh.
      const settledBefore = Math.max(now - deps.repeatWindowMs, today - 1);
      let outcome: { recorded: boolean; type: ScanType };
      try {
        outcome = await db.transaction().execute(async (trx) => {
          const move = (type: ScanType) =>
            type === 'in'
              ? repo.markInside(trx, { ...transition, settledBefore })
              : repo.markOutside(trx, { ...transition, today, settledBefore });
          let type: ScanType;
          let moved: boolean;
          if (body.direction === 'auto') {
            const summary = await repo.findAttendance(trx, guest.id, scope.scopeId);
            await closeEarlierDay(trx, transition, summary, today, deps.webhooks);
            type = isInsideToday(summary, today) ? 'out' : 'in';
            moved = await move(type);
          } else {
            // The fast path writes at once; only a refused move can be an earlier day still open.
            type = body.direction;
            moved = await move(type);
            if (!moved) {
              const summary = await repo.findAttendance(trx, guest.id, scope.scopeId);
              if (await closeEarlierDay(trx, transition, summary, today, deps.webhooks))
                moved = await move(type);
            }
          }
          if (!moved) return { recorded: false, type };
          await repo.insertCheckIn(trx, {
            meeting_id: scope.meetingId,
            guest_id: guest.id,
            scope_id: scope.scopeId,
            type,
            station,
            operator_id: user.id,
            operator_name: user.name,
            nonce: body.nonce,
            created_at: now,
          });
          await deps.webhooks.emit(trx, {
            type: 'scan.recorded',
            meetingId: scope.meetingId,
            guestId: guest.id,
            data: {
              guest_id: guest.id,
              direction: type === 'in' ? 'entry' : 'exit',
              session_id: scope.scopeId === 0 ? null : scope.scopeId,
              station,
              scanned_at: now,
              offline: false,
            },
          });
          return { recorded: true, type };
        });
      } catch (error) {
        // The same nonce committed first in a parallel request: answer what it answered.
        if (!isUniqueViolation(error)) throw error;
        const original = await repo.findCheckInByNonce(db, body.nonce);
        if (!original) throw error;
        return replay(original, scope, body, lang);
      }

      if (!outcome.recorded) {
        // A parallel request with this nonce may have moved the guest: then it is the same scan.
        const original = await repo.findCheckInByNonce(db, body.nonce);
        if (original) return replay(original, scope, body, lang);
        const state = await repo.findAttendance(db, guest.id, scope.scopeId);
        const last = lastScanToday(state, today);
        const repeated = last !== null && now - last.at < deps.repeatWindowMs ? last : null;
        return {
          result: 'duplicate',
          type: repeated?.type ?? outcome.type,
          guest: who,
          reason: null,
          reason_code: null,
          previous_at:
            repeated?.at ?? (outcome.type === 'in' ? state?.last_in_at : state?.last_out_at) ?? null,
          at: now,
        };
      }

      deps.onRecorded?.({ meetingId: scope.meetingId, scopeId: scope.scopeId });
      if (body.manual) {
        await systemLog.record({
          action: 'create',
          source: 'admin',
          message: {
            key: outcome.type === 'in' ? 'attendance.manual_in' : 'attendance.manual_out',
            params: {
              guest_id: guest.id,
              meeting_id: scope.meetingId,
              session: scope.scopeId ? [{ key: 'attendance.session', params: { id: scope.scopeId } }] : [],
            },
          },
          username: user.auditName,
          ip,
        });
      }
      return {
        result: 'success',
        type: outcome.type,
        guest: who,
        reason: null,
        reason_code: null,
        previous_at: null,
        at: now,
      };
    },

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
