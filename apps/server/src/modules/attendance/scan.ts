import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import type { Language } from '@meetflow/shared/languages';
import {
  MANUAL_STATION,
  type ScanAnswer,
  type ScanInput,
  type ScanType,
} from '@meetflow/shared/schemas/attendance';
import { isInsideToday } from '../../core/attendance-status.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { unpaidOrderOf } from '../payments/payments.reads.ts';
import { resolveScope, type AttendanceScope } from './attendance-scope.ts';
import type { AttendanceDeps } from './attendance.service.ts';
import * as repo from './attendance.repository.ts';
import { closeEarlierDay, type createDayEndCloser } from './day-end.ts';
import { openQuestions } from './door-answers.ts';

type ScanDeps = AttendanceDeps & { closeEarlierDays: ReturnType<typeof createDayEndCloser> };

type RefusalName = Extract<
  ErrorName,
  | 'SCAN_UNKNOWN_CODE'
  | 'SCAN_GUEST_CANCELLED'
  | 'SCAN_OTHER_MEETING'
  | 'SCAN_NOT_ENROLLED'
  | 'GUEST_UNPAID'
  | 'GUEST_AWAITING_APPROVAL'
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
    door_fields: [],
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
export async function scan(
  deps: ScanDeps,
  user: AuthUser,
  body: ScanInput,
  lang: Language,
  ip: string,
): Promise<ScanAnswer> {
  const { db, clock, closeEarlierDays } = deps;
  if (body.manual && body.direction === 'auto') throw new AppError('SCAN_MANUAL_DIRECTION');
  const scope = await resolveScope(db, user, body.meeting_id, body.schedule_id);
  const now = clock();

  const earlier = await repo.findCheckInByNonce(db, body.nonce);
  if (earlier) return replay(deps, earlier, scope, body, lang);

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
  // Not admitted until approved (issue 45): the organiser has not decided yet.
  if (guest.approval === 'pending') return refused('GUEST_AWAITING_APPROVAL', lang, now, who);
  // Not admitted until paid: the door sees what is due, and the desk can take it (issue 44).
  if (guest.unpaid === 1) {
    const unpaid = await unpaidOrderOf(db, guest.id);
    return { ...refused('GUEST_UNPAID', lang, now, who), ...(unpaid ? { unpaid } : {}) };
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
    outcome = await db.transaction().execute((trx) =>
      recordMove(deps, trx, {
        user,
        body,
        scope,
        guest,
        station,
        transition,
        today,
        settledBefore,
      }),
    );
  } catch (error) {
    // The same nonce committed first in a parallel request: answer what it answered.
    if (!isUniqueViolation(error)) throw error;
    const original = await repo.findCheckInByNonce(db, body.nonce);
    if (!original) throw error;
    return replay(deps, original, scope, body, lang);
  }

  if (!outcome.recorded)
    return duplicateAnswer(deps, {
      body,
      scope,
      lang,
      guest,
      who,
      now,
      today,
      type: outcome.type,
    });

  deps.onRecorded?.({ meetingId: scope.meetingId, scopeId: scope.scopeId });
  if (body.manual) await auditManualScan(deps, user, ip, guest, scope, outcome.type);
  return {
    result: 'success',
    type: outcome.type,
    guest: who,
    reason: null,
    reason_code: null,
    previous_at: null,
    at: now,
    door_fields: await openQuestions(db, guest),
  };
}

/** In the scan's transaction: moves the guest in or out, and records the scan if they moved. */
async function recordMove(
  deps: ScanDeps,
  trx: Db,
  scan: {
    user: AuthUser;
    body: ScanInput;
    scope: AttendanceScope;
    guest: { id: number };
    station: string;
    transition: { guestId: number; scopeId: number; meetingId: number; at: number; changedAt: number };
    today: number;
    settledBefore: number;
  },
): Promise<{ recorded: boolean; type: ScanType }> {
  const { user, body, scope, guest, station, transition, today, settledBefore } = scan;
  const now = transition.at;
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
      if (await closeEarlierDay(trx, transition, summary, today, deps.webhooks)) moved = await move(type);
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
}

/**
 * A scan that moved nothing: the same scan again when a parallel request with its nonce moved the
 * guest, else a duplicate carrying the last action within the repeat window, or the earlier time.
 */
async function duplicateAnswer(
  deps: ScanDeps,
  scan: {
    body: ScanInput;
    scope: AttendanceScope;
    lang: Language;
    guest: { id: number };
    who: ScanAnswer['guest'];
    now: number;
    today: number;
    type: ScanType;
  },
): Promise<ScanAnswer> {
  const { db } = deps;
  const { body, scope, lang, guest, who, now, today } = scan;
  // A parallel request with this nonce may have moved the guest: then it is the same scan.
  const original = await repo.findCheckInByNonce(db, body.nonce);
  if (original) return replay(deps, original, scope, body, lang);
  const state = await repo.findAttendance(db, guest.id, scope.scopeId);
  const last = lastScanToday(state, today);
  const repeated = last !== null && now - last.at < deps.repeatWindowMs ? last : null;
  return {
    result: 'duplicate',
    type: repeated?.type ?? scan.type,
    guest: who,
    reason: null,
    reason_code: null,
    previous_at: repeated?.at ?? (scan.type === 'in' ? state?.last_in_at : state?.last_out_at) ?? null,
    at: now,
    door_fields: [],
  };
}

/** An organiser's manual entry or exit also goes to the system log. */
async function auditManualScan(
  deps: ScanDeps,
  user: AuthUser,
  ip: string,
  guest: { id: number },
  scope: AttendanceScope,
  type: ScanType,
): Promise<void> {
  await deps.systemLog.record({
    action: 'create',
    source: 'admin',
    message: {
      key: type === 'in' ? 'attendance.manual_in' : 'attendance.manual_out',
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

/**
 * The answer a recorded scan got, for a retry with the same nonce. A nonce is the client's id for
 * one scan: reused for another guest, scope or fixed direction it is not a retry, and answering
 * the first scan would show another guest's name as this one's success.
 */
async function replay(
  deps: ScanDeps,
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
  const guest = await repo.findGuestById(deps.db, original.guest_id, lang);
  return {
    result: 'success',
    type: original.type,
    guest: guest ? scanGuest(guest) : null,
    reason: null,
    reason_code: null,
    previous_at: null,
    at: original.created_at,
    door_fields: guest ? await openQuestions(deps.db, guest) : [],
  };
}
