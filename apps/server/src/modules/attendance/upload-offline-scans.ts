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
import { isConnectionLost, isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import { resolveScope, type AttendanceScope } from './attendance.service.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay } from './day-end.ts';
import { auditDoorAnswers } from './door-answers.ts';
import {
  answersOnlyIn,
  applyAnswersOnly,
  applyCarriedAnswers,
  NO_ANSWERS,
  type AnswersResult,
} from './offline-answers.ts';
import type { OfflineDoorDeps } from './offline-door.service.ts';
import * as door from './offline-door.repository.ts';

type Recorded = { outcome: 'recorded'; reason: null };
type Flagged = { outcome: 'conflict'; reason: ConflictReason };
type Applied = (Recorded | Flagged) & AnswersResult;

/**
 * Scans judged in one transaction. Each transaction waits for its commit (a disk flush on SQLite,
 * 2–4 ms on a busy machine), which was nine tenths of a sync when every scan had its own. Fifty
 * hold the writer (and, on PostgreSQL, those guests' summary rows) for about 8 ms; 100 held it
 * 18 ms, 500 53 ms, for little more speed (decision 0115).
 */
const SCANS_PER_TRANSACTION = 50;

/** The upload's scope and who sent it: the same for every scan of it. */
interface Upload {
  user: AuthUser;
  scope: AttendanceScope;
  station: string;
}

/** One scan with its guest and the times it is judged at, and the conflict row it would become. */
interface Judged extends Upload {
  scan: OfflineScan;
  ours: repo.ScannedGuest | undefined;
  ahead: boolean;
  at: number;
  now: number;
  conflict: (reason: ConflictReason) => door.ConflictValues;
}

/** What the database already holds for a part of an upload, read in one query each. */
interface Known {
  checkedIn: Set<string>;
  conflicts: Map<string, string>;
  guests: Awaited<ReturnType<typeof repo.findGuestsByKeys>>;
}

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
  const upload: Upload = { user, scope, station };
  const results: OfflineSyncAnswer['results'] = [];
  const answered: NonNullable<AnswersResult['audit']>[] = [];
  let recorded = 0;
  let conflicts = 0;
  for (let first = 0; first < body.scans.length; first += SCANS_PER_TRANSACTION) {
    const part = body.scans.slice(first, first + SCANS_PER_TRANSACTION);
    const applied = await applyPart(deps, upload, part);
    part.forEach((scan, i) => {
      const { extraConflict, audit, ...result } = applied[i]!;
      results.push({ nonce: scan.nonce, ...result });
      if (result.outcome === 'conflict') conflicts += 1;
      else if (!scan.answers_only) recorded += 1;
      if (extraConflict) conflicts += 1;
      if (audit) answered.push(audit);
    });
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

/**
 * Part of an upload in one transaction, its nonces and guests read first in one query each. When
 * the transaction fails — another request wrote one of its nonces meanwhile (the same upload sent
 * twice at once), a deadlock with another station's part over the same guests (PostgreSQL), a scan
 * the database refuses — nothing of it was written, and each of its scans is judged on its own in
 * a transaction of its own, as every scan was before parts.
 */
async function applyPart(deps: OfflineDoorDeps, upload: Upload, scans: readonly OfflineScan[]) {
  const { db } = deps;
  const nonces = scans.map((scan) => scan.nonce);
  const known: Known = {
    checkedIn: await repo.findCheckInNonces(db, nonces),
    conflicts: await door.findConflictReasons(db, nonces),
    guests: await repo.findGuestsByKeys(
      db,
      {
        codes: scans.flatMap((scan) => (scan.guest_code === undefined ? [] : [scan.guest_code])),
        ids: scans.flatMap((scan) => (scan.guest_id === undefined ? [] : [scan.guest_id])),
      },
      'zh-tw',
    ),
  };
  try {
    return await db.transaction().execute(async (trx) => {
      const applied: Applied[] = [];
      for (const scan of scans)
        applied.push(await applyInPart(deps, trx, known, judge(deps, upload, scan, known)));
      return applied;
    });
  } catch (error) {
    // Nothing was acknowledged: with the database gone, the request answers 503.
    if (error instanceof Error && isConnectionLost(error)) throw error;
    const applied: Applied[] = [];
    for (const scan of scans) applied.push(await applyScan(deps, upload, scan));
    return applied;
  }
}

/**
 * A scan of a part, in its transaction: answered from what the part read when its nonce is known,
 * else judged; what it wrote is remembered for a later scan of the part with the same nonce.
 */
async function applyInPart(deps: OfflineDoorDeps, trx: Db, known: Known, judged: Judged): Promise<Applied> {
  const { scan } = judged;
  const flagged = known.conflicts.get(scan.nonce) as ConflictReason | undefined;
  if (scan.answers_only) {
    if (flagged) return { outcome: 'conflict', reason: flagged, answers: 'conflict', extraConflict: false };
  } else {
    if (known.checkedIn.has(scan.nonce)) return { ...NO_ANSWERS, outcome: 'recorded', reason: null };
    if (flagged) return { ...NO_ANSWERS, outcome: 'conflict', reason: flagged };
  }
  const applied = scan.answers_only
    ? await answersOnlyIn(deps, trx, judged.scope, judged)
    : await recordWithAnswers(deps, trx, judged);
  if (applied.outcome === 'conflict') known.conflicts.set(scan.nonce, applied.reason);
  else if (!scan.answers_only) known.checkedIn.add(scan.nonce);
  return applied;
}

/** The scan's guest (of this meeting, else none), its times and its conflict row. */
function judge(
  deps: OfflineDoorDeps,
  upload: Upload,
  scan: OfflineScan,
  known: Pick<Known, 'guests'>,
): Judged {
  const { scope, user, station } = upload;
  // The server's time for each scan, not the batch's: what other stations' refreshes go by.
  const now = deps.clock();
  // A station clock a little ahead of the server's (drift since its last correction) is held to
  // now; one further ahead is wrong, and its scan is kept as a conflict, never re-timed to now.
  const ahead = scan.at > now + OFFLINE_SCAN_MAX_AHEAD_MS;
  const at = Math.min(scan.at, now);
  const guest =
    scan.guest_code !== undefined
      ? known.guests.byCode.get(scan.guest_code)
      : known.guests.byId.get(scan.guest_id!);
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
  return { ...upload, scan, ours, ahead, at, now, conflict };
}

/** The scan's verdict and, whatever it is, the answers it carries: the guest gave them at the door. */
async function recordWithAnswers(deps: OfflineDoorDeps, trx: Db, judged: Judged): Promise<Applied> {
  const verdict = await recordOfflineScan(deps, trx, judged);
  return { ...verdict, ...(await applyCarriedAnswers(deps, trx, judged)) };
}

/**
 * One scan on its own, in a transaction of its own, its nonce and guest read for it alone: what
 * a part falls back to when its transaction failed (see applyPart).
 */
async function applyScan(deps: OfflineDoorDeps, upload: Upload, scan: OfflineScan): Promise<Applied> {
  const { db } = deps;
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
  const one = guest ? [guest] : [];
  const judged = judge(deps, upload, scan, {
    guests: {
      byCode: new Map(scan.guest_code !== undefined ? one.map((g) => [scan.guest_code!, g]) : []),
      byId: new Map(one.map((g) => [g.id, g])),
    },
  });
  if (scan.answers_only) return applyAnswersOnly(deps, upload.scope, judged);
  try {
    return await db.transaction().execute((trx) => recordWithAnswers(deps, trx, judged));
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
  judged: Judged,
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
