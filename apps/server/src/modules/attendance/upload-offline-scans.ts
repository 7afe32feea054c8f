import {
  OFFLINE_SCAN_MAX_AGE_MS,
  OFFLINE_SCAN_MAX_AHEAD_MS,
  type ConflictReason,
  type OfflineScan,
  type OfflineSyncAnswer,
  type OfflineSyncInput,
} from '@meetflow/shared/schemas/offline-door';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import { resolveScope, type AttendanceScope } from './attendance.service.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay } from './day-end.ts';
import { auditDoorAnswers } from './door-answers.ts';
import { applyAnswersOnly, applyCarriedAnswers, NO_ANSWERS, type AnswersResult } from './offline-answers.ts';
import type { OfflineDoorDeps } from './offline-door.service.ts';
import * as door from './offline-door.repository.ts';

type Recorded = { outcome: 'recorded'; reason: null };
type Flagged = { outcome: 'conflict'; reason: ConflictReason };
type Applied = (Recorded | Flagged) & AnswersResult;

/**
 * A station's queued scans, in the order it took them: each recorded at its own time through
 * the scan state machine or kept as a conflict, idempotently by nonce (a retried upload
 * records nothing twice). The statistics catch up once, after the batch. A purged meeting's
 * upload is refused whole: its guests are erased, so every scan would become a conflict that
 * keeps the name the station showed, with no one left to match it against.
 */
export async function syncOfflineScans(
  deps: OfflineDoorDeps,
  user: AuthUser,
  body: OfflineSyncInput,
  ip: string,
): Promise<OfflineSyncAnswer> {
  const { db } = deps;
  const scope = await resolveScope(db, user, body.meeting_id, body.schedule_id);
  if (scope.meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
  const station = body.station;
  const results: OfflineSyncAnswer['results'] = [];
  const answered: NonNullable<AnswersResult['audit']>[] = [];
  let recorded = 0;
  let conflicts = 0;
  for (const scan of body.scans) {
    const { extraConflict, audit, ...result } = await applyScan(deps, user, scope, station, scan);
    results.push({ nonce: scan.nonce, ...result });
    if (result.outcome === 'conflict') conflicts += 1;
    else if (!scan.answers_only) recorded += 1;
    if (extraConflict) conflicts += 1;
    if (audit) answered.push(audit);
  }
  deps.onRecorded?.({ meetingId: scope.meetingId, scopeId: scope.scopeId });
  for (const { guestId, changes } of answered)
    await auditDoorAnswers(deps.systemLog, { user, ip, guestId, meetingId: scope.meetingId, changes });
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
}

/** The scan, judged again at its own time, in one transaction with its log row or its conflict. */
async function applyScan(
  deps: OfflineDoorDeps,
  user: AuthUser,
  scope: AttendanceScope,
  station: string,
  scan: OfflineScan,
): Promise<Applied> {
  const { db, clock } = deps;
  // The server's time for each scan, not the batch's: what other stations' refreshes go by.
  const now = clock();
  // A station clock a little ahead of the server's (drift since its last correction) is held to
  // now; one further ahead is wrong, and its scan is kept as a conflict, never re-timed to now.
  const ahead = scan.at > now + OFFLINE_SCAN_MAX_AHEAD_MS;
  const at = Math.min(scan.at, now);
  const done = { ...NO_ANSWERS, outcome: 'recorded', reason: null } as const;
  if (!scan.answers_only) {
    if (await repo.findCheckInByNonce(db, scan.nonce)) return done;
    const known = await door.findConflictByNonce(db, scan.nonce);
    if (known) return { ...NO_ANSWERS, outcome: 'conflict', reason: known.reason as ConflictReason };
  }

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
  if (scan.answers_only) return applyAnswersOnly(deps, scope, { scan, ours, now, conflict });

  try {
    return await db.transaction().execute(async (trx) => {
      const verdict = await recordOfflineScan(deps, trx, {
        user,
        scope,
        station,
        scan,
        ours,
        ahead,
        at,
        now,
        conflict,
      });
      // The answers go with the scan, whatever its verdict: the guest gave them at the door.
      return { ...verdict, ...(await applyCarriedAnswers(deps, trx, { scan, ours, now, conflict })) };
    });
  } catch (error) {
    // The same upload, retried in parallel, committed this nonce first: answer what it did.
    if (!isUniqueViolation(error)) throw error;
    if (await repo.findCheckInByNonce(db, scan.nonce)) return done;
    const flagged = await door.findConflictByNonce(db, scan.nonce);
    if (flagged) return { ...NO_ANSWERS, outcome: 'conflict', reason: flagged.reason as ConflictReason };
    throw error;
  }
}

/**
 * In the scan's transaction: the scan recorded at its own time through the state machine, or kept
 * as a conflict with the reason it no longer fits.
 */
async function recordOfflineScan(
  deps: OfflineDoorDeps,
  trx: Db,
  judged: {
    user: AuthUser;
    scope: AttendanceScope;
    station: string;
    scan: OfflineScan;
    ours: Awaited<ReturnType<typeof repo.findGuestById>>;
    ahead: boolean;
    at: number;
    now: number;
    conflict: (reason: ConflictReason) => Parameters<typeof door.insertConflict>[1];
  },
): Promise<Recorded | Flagged> {
  const { user, scope, station, scan, ours, ahead, at, now, conflict } = judged;
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
  // A station's copy older than the guest's unpaid order, or than their sign-up's wait for approval:
  // kept for the organiser, not admitted.
  if (!mayHoldCode(ours)) return flag(ours.unpaid === 1 ? 'unpaid' : 'pending');
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
}
