import { createHash } from 'node:crypto';
import type { ConflictReason, OfflineScan } from '@meetflow/shared/schemas/offline-door';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { saveDoorAnswers } from '../guests/guest-rules.ts';
import type { AttendanceScope } from './attendance-scope.ts';
import type * as repo from './attendance.repository.ts';
import type { OfflineDoorDeps } from './offline-door.service.ts';
import * as door from './offline-door.repository.ts';

/*
 * Answers given at an offline door (issue 42), uploaded with the station's queue: carried by the
 * scan they were given at, or by an item of their own when they came after that scan had gone up
 * (`answers_only`). Each upload merges them in the order taken, so a later answer overwrites an
 * earlier one field by field; answers the form refuses now are kept as an `invalid_answers`
 * conflict for the organiser, never dropped without a word.
 */

export type ScanGuest = Awaited<ReturnType<typeof repo.findGuestById>>;
export type ConflictRow = Parameters<typeof door.insertConflict>[1];
/** One item's answers: merged, or kept as a conflict; `extraConflict` when that took a row of its own. */
export interface AnswersResult {
  answers?: 'saved' | 'conflict';
  extraConflict: boolean;
  audit?: { guestId: number; changes: FieldChange[] };
}
export const NO_ANSWERS: AnswersResult = { extraConflict: false };

const carries = (scan: OfflineScan) => scan.answers !== undefined && Object.keys(scan.answers).length > 0;

/** The conflict key of a scan's refused answers: the scan's own nonce keeps the scan's conflict. */
export const answersNonce = (nonce: string) =>
  `answers:${createHash('sha256').update(nonce).digest('base64url')}`;

/** In the scan's transaction, after its verdict: the answers it carries merged, or kept as a conflict. */
export async function applyCarriedAnswers(
  deps: OfflineDoorDeps,
  trx: Db,
  item: {
    scan: OfflineScan;
    ours: ScanGuest;
    now: number;
    conflict: (reason: ConflictReason) => ConflictRow;
  },
): Promise<AnswersResult> {
  const { scan, ours } = item;
  if (!carries(scan)) return NO_ANSWERS;
  // An unknown or cancelled guest: the scan's own conflict says so.
  if (!ours || ours.cancelled_at !== null) return { answers: 'conflict', extraConflict: false };
  const outcome = await saveDoorAnswers(trx, deps.webhooks, {
    meetingId: ours.meeting_id,
    guestId: ours.id,
    given: scan.answers!,
    now: item.now,
  });
  if (outcome.kind === 'saved')
    return {
      answers: 'saved',
      extraConflict: false,
      audit: outcome.saved.length > 0 ? { guestId: ours.id, changes: outcome.changes } : undefined,
    };
  const reason = outcome.kind === 'gone' ? 'guest_cancelled' : 'invalid_answers';
  await door.insertConflict(trx, { ...item.conflict(reason), nonce: answersNonce(scan.nonce) });
  return { answers: 'conflict', extraConflict: true };
}

/**
 * An item of answers alone: merged into the guest's answers or kept as a conflict, with nothing
 * judged as a scan. A retried upload merges them again, which changes nothing already merged.
 */
export async function applyAnswersOnly(
  deps: OfflineDoorDeps,
  scope: AttendanceScope,
  item: {
    scan: OfflineScan;
    ours: ScanGuest;
    now: number;
    conflict: (reason: ConflictReason) => ConflictRow;
  },
): Promise<
  ({ outcome: 'recorded'; reason: null } | { outcome: 'conflict'; reason: ConflictReason }) & AnswersResult
> {
  const { db } = deps;
  const { scan } = item;
  const known = await door.findConflictByNonce(db, scan.nonce);
  if (known)
    return {
      outcome: 'conflict',
      reason: known.reason as ConflictReason,
      answers: 'conflict',
      extraConflict: false,
    };
  try {
    return await db.transaction().execute((trx) => answersOnlyIn(deps, trx, scope, item));
  } catch (error) {
    // The same upload, retried in parallel, kept this item as a conflict first.
    if (!isUniqueViolation(error)) throw error;
    const flagged = await door.findConflictByNonce(db, scan.nonce);
    if (!flagged) throw error;
    return {
      outcome: 'conflict',
      reason: flagged.reason as ConflictReason,
      answers: 'conflict',
      extraConflict: false,
    };
  }
}

/** In the caller's transaction: an item of answers alone merged, or kept as a conflict. */
export async function answersOnlyIn(
  deps: OfflineDoorDeps,
  trx: Db,
  scope: AttendanceScope,
  item: {
    scan: OfflineScan;
    ours: ScanGuest;
    now: number;
    conflict: (reason: ConflictReason) => ConflictRow;
  },
): Promise<
  ({ outcome: 'recorded'; reason: null } | { outcome: 'conflict'; reason: ConflictReason }) & AnswersResult
> {
  const { scan, ours } = item;
  const flag = async (reason: ConflictReason) => {
    await door.insertConflict(trx, item.conflict(reason));
    return { outcome: 'conflict' as const, reason, answers: 'conflict' as const, extraConflict: false };
  };
  if (!ours) return flag('unknown_guest');
  const outcome = await saveDoorAnswers(trx, deps.webhooks, {
    meetingId: scope.meetingId,
    guestId: ours.id,
    given: scan.answers ?? {},
    now: item.now,
  });
  if (outcome.kind === 'gone') return flag('guest_cancelled');
  if (outcome.kind === 'invalid') return flag('invalid_answers');
  return {
    outcome: 'recorded' as const,
    reason: null,
    answers: 'saved' as const,
    extraConflict: false,
    audit: outcome.saved.length > 0 ? { guestId: ours.id, changes: outcome.changes } : undefined,
  };
}
