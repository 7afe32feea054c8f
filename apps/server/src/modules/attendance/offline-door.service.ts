import { createHash, createHmac } from 'node:crypto';
import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  OFFLINE_SCAN_MAX_AGE_MS,
  OFFLINE_SCAN_MAX_AHEAD_MS,
  type ConflictPage,
  type ConflictQuery,
  type ConflictReason,
  type OfflineData,
  type OfflineScan,
  type OfflineSyncAnswer,
  type OfflineSyncInput,
} from '@meetflow/shared/schemas/offline-door';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { resolveScope, type AttendanceScope } from './attendance.service.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay } from './day-end.ts';
import * as door from './offline-door.repository.ts';
import type { StatsScope } from './live-stats.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/*
 * The offline door (issue 17). A station keeps a copy of its scope's guests to judge scans while
 * the network is down — hashed codes, names and attendance, nothing to reach a guest by — and
 * uploads the scans it judged when the network returns. An uploaded scan goes through the scan
 * state machine at its own time; one that no longer fits (the same guest at two offline stations,
 * a guest cancelled meanwhile) is kept as a conflict for the organiser, never dropped.
 */

/**
 * A change committed after a copy was read may carry an earlier clock reading (it was stamped
 * before the read): a refresh also returns what changed this long before its `since`.
 */
const REFRESH_OVERLAP_MS = 30_000;

/** The first 16 bytes of SHA-256, base64url: the station's keys (128 bits; codes and phones alike). */
function shortHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** The station's key of a guest code. */
export const guestCodeKey = (code: string) => shortHash(code);

/** The kiosk's key of a phone number (E.164), salted per meeting. */
export const phoneKey = (salt: string, e164: string) => shortHash(`${salt}:${e164}`);

type Recorded = { outcome: 'recorded'; reason: null };
type Flagged = { outcome: 'conflict'; reason: ConflictReason };

export function createOfflineDoorService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  timeZone: string;
  repeatWindowMs: number;
  /** A per-deployment secret the phone keys' salt is derived from. */
  doorSecret: string;
  /** Whether the meeting's phone look-up also asks for a code by e-mail (then a kiosk takes codes only). */
  loginCodeRequired: (meetingId: number) => Promise<boolean>;
  onRecorded?: (scope: StatsScope) => void;
  /** Events for other systems, written in each scan's transaction. */
  webhooks: WebhookEmitter;
}) {
  const { db, clock } = deps;

  const phoneSalt = (meetingId: number) =>
    createHmac('sha256', deps.doorSecret).update(`phone:${meetingId}`).digest('base64url');

  /** The scan, judged again at its own time, in one transaction with its log row or its conflict. */
  async function applyScan(
    user: AuthUser,
    scope: AttendanceScope,
    station: string,
    scan: OfflineScan,
  ): Promise<Recorded | Flagged> {
    // The server's time for each scan, not the batch's: what other stations' refreshes go by.
    const now = clock();
    // A station clock a little ahead of the server's (drift since its last correction) is held to
    // now; one further ahead is wrong, and its scan is kept as a conflict, never re-timed to now.
    const ahead = scan.at > now + OFFLINE_SCAN_MAX_AHEAD_MS;
    const at = Math.min(scan.at, now);
    if (await repo.findCheckInByNonce(db, scan.nonce)) return { outcome: 'recorded', reason: null };
    const known = await door.findConflictByNonce(db, scan.nonce);
    if (known) return { outcome: 'conflict', reason: known.reason as ConflictReason };

    const guest =
      scan.guest_code !== undefined
        ? await repo.findGuestByCode(db, scan.guest_code, 'zh-tw')
        : await repo.findGuestById(db, scan.guest_id!, 'zh-tw');
    const ours = guest && guest.meeting_id === scope.meetingId ? guest : undefined;
    const conflict = (reason: ConflictReason) => ({
      meeting_id: scope.meetingId,
      scope_id: scope.scopeId,
      guest_id: ours?.id ?? null,
      guest_name: (ours ? guestDisplayName(ours) : scan.guest_name).slice(0, 255),
      type: scan.type,
      reason,
      station,
      operator_id: user.id,
      operator_name: user.name,
      nonce: scan.nonce,
      // What the station said, even from the future: the organiser sees how far off its clock was.
      scanned_at: ahead ? scan.at : at,
      uploaded_at: now,
    });

    try {
      return await db.transaction().execute(async (trx) => {
        const flag = async (reason: ConflictReason): Promise<Recorded | Flagged> => {
          // The same upload sent twice at once: the other request may have recorded this very scan
          // meanwhile (its commit released the summary row this one waited for). Then it is recorded.
          if (await repo.findCheckInByNonce(trx, scan.nonce)) return { outcome: 'recorded', reason: null };
          await door.insertConflict(trx, conflict(reason));
          return { outcome: 'conflict', reason };
        };
        if (!ours) return flag('unknown_guest');
        if (ahead) return flag('clock_ahead');
        if (at < now - OFFLINE_SCAN_MAX_AGE_MS) return flag('too_old');
        if (ours.cancelled_at !== null) return flag('guest_cancelled');
        if (
          scope.scopeId !== 0 &&
          scope.meeting.meeting_type === 'date_schedule' &&
          !(await repo.isEnrolled(trx, ours.id, scope.scopeId))
        ) {
          return flag('not_enrolled');
        }
        const summary = await repo.findAttendance(trx, ours.id, scope.scopeId);
        const latest = Math.max(summary?.last_in_at ?? -1, summary?.last_out_at ?? -1);
        // The log's entries and exits alternate in time: one recorded after this scan's time wins.
        if (at < latest) return flag('later_scan');
        const today = startOfLocalDay(at);
        const transition = {
          guestId: ours.id,
          scopeId: scope.scopeId,
          meetingId: scope.meetingId,
          at,
          changedAt: now,
        };
        await closeEarlierDay(trx, transition, summary, today, deps.webhooks);
        // The station applied the repeat window itself; here only the state decides.
        const moved =
          scan.type === 'in'
            ? await repo.markInside(trx, { ...transition, settledBefore: at })
            : await repo.markOutside(trx, { ...transition, today, settledBefore: at });
        if (!moved) return flag(scan.type === 'in' ? 'already_inside' : 'not_inside');
        await repo.insertCheckIn(trx, {
          meeting_id: scope.meetingId,
          guest_id: ours.id,
          scope_id: scope.scopeId,
          type: scan.type,
          station,
          operator_id: user.id,
          operator_name: user.name,
          nonce: scan.nonce,
          created_at: at,
        });
        await deps.webhooks.emit(trx, {
          type: 'scan.recorded',
          meetingId: scope.meetingId,
          guestId: ours.id,
          data: {
            guest_id: ours.id,
            direction: scan.type === 'in' ? 'entry' : 'exit',
            session_id: scope.scopeId === 0 ? null : scope.scopeId,
            station,
            scanned_at: at,
            offline: true,
          },
        });
        return { outcome: 'recorded', reason: null };
      });
    } catch (error) {
      // The same upload, retried in parallel, committed this nonce first: answer what it did.
      if (!isUniqueViolation(error)) throw error;
      if (await repo.findCheckInByNonce(db, scan.nonce)) return { outcome: 'recorded', reason: null };
      const flagged = await door.findConflictByNonce(db, scan.nonce);
      if (flagged) return { outcome: 'conflict', reason: flagged.reason as ConflictReason };
      throw error;
    }
  }

  return {
    /**
     * The station's copy of a scope: every live guest, or with `since` whoever changed after it
     * (cancelled guests too, so the copy can mark them). Phone keys only for a kiosk, and only
     * where a phone number alone finds a guest.
     */
    async offlineData(
      user: AuthUser,
      query: { meeting_id: number; schedule_id?: number; since?: number; phones: boolean },
      lang: Language,
    ): Promise<OfflineData> {
      const scope = await resolveScope(db, user, query.meeting_id, query.schedule_id);
      const now = clock();
      const phoneLookup = !(await deps.loginCodeRequired(scope.meetingId));
      // Phone keys can be tested against guessed numbers: only for users who may see the guests'
      // phones anyway (an organiser setting up a kiosk), never for door staff.
      const withPhones = query.phones && phoneLookup && user.permissions.includes('guest:view');
      const salt = withPhones ? phoneSalt(scope.meetingId) : null;
      const scheduled = scope.scopeId !== 0 && scope.meeting.meeting_type === 'date_schedule';
      const [rows, userTypes, schedule] = await Promise.all([
        door.listDoorGuests(db, {
          meetingId: scope.meetingId,
          scopeId: scope.scopeId,
          since: query.since === undefined ? undefined : query.since - REFRESH_OVERLAP_MS,
          enrolmentIn: scheduled ? scope.scopeId : undefined,
          withPhone: withPhones,
        }),
        door.listUserTypes(db, scope.meetingId),
        scope.scopeId === 0 ? undefined : door.findSchedule(db, scope.scopeId),
      ]);
      const m = scope.meeting;
      return {
        generated_at: now,
        full: query.since === undefined,
        meeting: {
          id: m.id,
          name: nameIn(lang, m.name, m.name_cn, m.name_en),
          names: {
            'zh-tw': nameIn('zh-tw', m.name, m.name_cn, m.name_en),
            'zh-cn': nameIn('zh-cn', m.name, m.name_cn, m.name_en),
            en: nameIn('en', m.name, m.name_cn, m.name_en),
          },
          meeting_type: m.meeting_type,
        },
        schedule: schedule
          ? { id: schedule.id, name: nameIn(lang, schedule.name, schedule.name_cn, schedule.name_en) }
          : null,
        time_zone: deps.timeZone,
        repeat_window_ms: deps.repeatWindowMs,
        phone_lookup: phoneLookup,
        phone_salt: salt,
        user_types: userTypes.map((t) => ({
          id: t.id,
          name: t.name,
          name_cn: t.name_cn,
          name_en: t.name_en,
        })),
        guests: rows.map((row) => ({
          id: row.id,
          key: guestCodeKey(row.guest_code),
          name: guestDisplayName(row),
          user_type_id: row.user_type_id,
          cancelled: row.cancelled_at !== null,
          enrolled: row.enrolled,
          inside: row.inside,
          last_in_at: row.last_in_at,
          last_out_at: row.last_out_at,
          ...(query.phones
            ? { phone_key: salt && row.phone && row.cancelled_at === null ? phoneKey(salt, row.phone) : null }
            : {}),
        })),
      };
    },

    /**
     * A station's queued scans, in the order it took them: each recorded at its own time through
     * the scan state machine or kept as a conflict, idempotently by nonce (a retried upload
     * records nothing twice). The statistics catch up once, after the batch. A purged meeting's
     * upload is refused whole: its guests are erased, so every scan would become a conflict that
     * keeps the name the station showed, with no one left to match it against.
     */
    async sync(user: AuthUser, body: OfflineSyncInput, ip: string): Promise<OfflineSyncAnswer> {
      const scope = await resolveScope(db, user, body.meeting_id, body.schedule_id);
      if (scope.meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      const station = body.station;
      const results: OfflineSyncAnswer['results'] = [];
      for (const scan of body.scans) {
        results.push({ nonce: scan.nonce, ...(await applyScan(user, scope, station, scan)) });
      }
      const recorded = results.filter((r) => r.outcome === 'recorded').length;
      const conflicts = results.length - recorded;
      deps.onRecorded?.({ meetingId: scope.meetingId, scopeId: scope.scopeId });
      await deps.systemLog.record({
        action: 'create',
        source: 'admin',
        message: {
          key: 'attendance.offline_synced',
          params: { meeting_id: scope.meetingId, station, recorded, conflicts },
        },
        username: user.auditName,
        ip,
      });
      return { results, recorded, conflicts };
    },

    /** The meeting's conflicts for the organiser, newest scan first. */
    async conflicts(user: AuthUser, query: ConflictQuery): Promise<ConflictPage> {
      const scope = await resolveScope(db, user, query.meeting_id, undefined);
      const { rows, total } = await door.listConflicts(db, scope.meetingId, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          guest_id: row.guest_id === null ? null : Number(row.guest_id),
          guest_name: row.guest_name,
          schedule_id: Number(row.scope_id) === 0 ? null : Number(row.scope_id),
          type: row.type,
          reason: row.reason as ConflictReason,
          station: row.station,
          operator_name: row.operator_name,
          scanned_at: Number(row.scanned_at),
          uploaded_at: Number(row.uploaded_at),
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}
export type OfflineDoorService = ReturnType<typeof createOfflineDoorService>;
