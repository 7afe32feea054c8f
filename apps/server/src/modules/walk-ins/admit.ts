import type { ConflictReason } from '@meetflow/shared/schemas/offline-door';
import type { WalkInAnswer, WalkInInput } from '@meetflow/shared/schemas/walk-ins';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import {
  doorConflictByNonce,
  doorEntryByNonce,
  keepDoorConflict,
  recordDoorEntry,
} from '../attendance/door-entry.ts';
import { unheldPendingApplication } from '../approval/approval.reads.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { insertGuestTakingSeats, saveDoorAnswers, type FilledSeats } from '../guests/guest-rules.ts';
import { guestByPhone } from '../guests/guests.reads.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import type { WalkInsDeps } from './walk-ins.service.ts';

/*
 * One walk-in's transaction (walk-ins.service.ts runs it): what its nonce already did, else the
 * guest with its phone checked in as them ("merged"), else — unless the phone has an application
 * without a held seat, which the organiser decides first — a new guest with its seat and entry.
 */

export type Person = WalkInInput['person'];
export type Meeting = { id: number; name: string; name_cn: string; name_en: string };

export interface Admission {
  user: AuthUser;
  meeting: Meeting;
  station: string;
  nonce: string;
  at: number;
  now: number;
  person: Person & { e164: string };
  /** 'ask': a full meeting refuses (online without "admit anyway"); 'bypass': seated past the limit. */
  whenFull: 'ask' | 'bypass';
  offline: boolean;
}

export type Admitted = WalkInAnswer & { filled: boolean };

export function conflictAnswer(guestId: number | null, name: string, reason: ConflictReason): Admitted {
  return { outcome: 'conflict', guest_id: guestId, name, check_in: null, reason, filled: false };
}

/** What a nonce already did: its entry, or the conflict it was kept as. */
export async function replay(trx: Db, a: Admission): Promise<Admitted | undefined> {
  const entry = await doorEntryByNonce(trx, a.nonce);
  if (entry) {
    const guest = await guestByPhone(trx, a.meeting.id, a.person.area_code, a.person.e164);
    // A nonce is one walk-in: reused for another person or meeting, it is no retry.
    if (entry.meetingId !== a.meeting.id || guest?.id !== entry.guestId)
      throw new AppError('WALK_IN_NONCE_REUSED');
    return {
      outcome: guest.walk_in !== 1 ? 'merged' : guest.over_capacity === 1 ? 'over_capacity' : 'admitted',
      guest_id: guest.id,
      name: guestDisplayName(guest),
      check_in: 'in',
      reason: null,
      filled: false,
    };
  }
  const reason = await doorConflictByNonce(trx, a.nonce);
  if (reason) return conflictAnswer(null, a.person.name, reason);
  return undefined;
}

export async function admitIn(deps: WalkInsDeps, trx: Db, a: Admission): Promise<Admitted> {
  const entry = {
    meetingId: a.meeting.id,
    station: a.station,
    operator: { id: a.user.id, name: a.user.name },
    nonce: a.nonce,
    at: a.at,
    now: a.now,
    offline: a.offline,
  };
  const existing = await guestByPhone(trx, a.meeting.id, a.person.area_code, a.person.e164);
  if (existing) {
    // PostgreSQL reads each statement's own snapshot: a twin of this walk-in may have committed
    // between the nonce's read and the phone's. Its guest and entry commit together: read again.
    const twin = await replay(trx, a);
    if (twin) return twin;
    const name = guestDisplayName(existing);
    if (existing.cancelled_at !== null || !mayHoldCode(existing)) {
      const awaiting = existing.cancelled_at === null && existing.approval === 'pending';
      if (!a.offline) throw new AppError(awaiting ? 'GUEST_AWAITING_APPROVAL' : 'WALK_IN_PHONE_NOT_ADMITTED');
      const reason: ConflictReason =
        existing.cancelled_at !== null ? 'guest_cancelled' : awaiting ? 'pending' : 'unpaid';
      await keepDoorConflict(trx, { ...entry, guestId: existing.id, guestName: name, reason });
      return conflictAnswer(existing.id, name, reason);
    }
    if (Object.keys(a.person.answers).length > 0) {
      const saved = await saveDoorAnswers(trx, deps.webhooks, {
        meetingId: a.meeting.id,
        guestId: existing.id,
        given: a.person.answers,
        now: a.now,
      });
      // Checked already against the door's form; the guest's own type may hide a question: then
      // the answer is dropped, as the form engine drops a hidden field's answer.
      if (saved.kind === 'gone') throw new AppError('WALK_IN_PHONE_NOT_ADMITTED');
    }
    const moved = await recordDoorEntry(trx, deps.webhooks, { ...entry, guestId: existing.id });
    await emitWalkedIn(deps, trx, a, existing.id, { merged: true, overCapacity: false });
    return {
      outcome: 'merged',
      guest_id: existing.id,
      name,
      check_in: moved.kind === 'recorded' ? 'in' : 'already_inside',
      reason: null,
      filled: false,
    };
  }

  // An application without a held seat (issue 45) is this phone too, with no guest row yet: the
  // organiser decides on it first. Refused online, kept as a `pending` conflict offline.
  const application = await unheldPendingApplication(trx, a.meeting.id, a.person.area_code, a.person.e164);
  if (application) {
    if (!a.offline)
      throw new AppError('WALK_IN_APPLICATION_PENDING', { data: { application_id: application.id } });
    await keepDoorConflict(trx, { ...entry, guestId: null, guestName: a.person.name, reason: 'pending' });
    return conflictAnswer(null, a.person.name, 'pending');
  }

  const filled: FilledSeats = { meeting: false, sessions: [] };
  const values = (overCapacity: boolean) => ({
    meeting_id: a.meeting.id,
    guest_code: newGuestCode(),
    token_hash: sha256(randomToken(32)),
    area_code: a.person.area_code,
    phone: a.person.e164,
    email: a.person.email,
    name: a.person.name,
    answers: JSON.stringify(a.person.answers),
    // Staff registered them in front of the visitor: no confirmation mail is owed.
    mail_pending: 0,
    walk_in: 1,
    over_capacity: overCapacity ? 1 : 0,
    created_at: a.now,
  });
  let overCapacity = false;
  let guestId: number;
  try {
    guestId = (await insertGuestTakingSeats(trx, values(false), [], a.now, filled, { seat: 'public' })).id;
  } catch (error) {
    if (!(error instanceof AppError) || error.errorName !== 'MEETING_FULL') throw error;
    if (a.whenFull === 'ask') throw new AppError('WALK_IN_MEETING_FULL', { data: { admit_anyway: true } });
    // The public attempt left no row behind: the same transaction seats them past the limit.
    overCapacity = true;
    guestId = (await insertGuestTakingSeats(trx, values(true), [], a.now, filled, { seat: 'bypass' })).id;
  }
  await recordDoorEntry(trx, deps.webhooks, { ...entry, guestId });
  await emitWalkedIn(deps, trx, a, guestId, { merged: false, overCapacity });
  return {
    outcome: overCapacity ? 'over_capacity' : 'admitted',
    guest_id: guestId,
    name: a.person.name,
    check_in: 'in',
    reason: null,
    filled: filled.meeting,
  };
}

async function emitWalkedIn(
  deps: WalkInsDeps,
  trx: Db,
  a: Admission,
  guestId: number,
  how: { merged: boolean; overCapacity: boolean },
) {
  await deps.webhooks.emit(trx, {
    type: 'guest.walked_in',
    meetingId: a.meeting.id,
    guestId,
    data: {
      guest_id: guestId,
      merged: how.merged,
      over_capacity: how.overCapacity,
      station: a.station,
      admitted_at: a.at,
      offline: a.offline,
    },
  });
}
