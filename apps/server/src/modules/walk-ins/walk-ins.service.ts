import type { Language } from '@meetflow/shared/languages';
import { doorFields, validateDoorForm } from '@meetflow/shared/forms/door-questions';
import type { ConflictReason } from '@meetflow/shared/schemas/offline-door';
import type {
  WalkInAnswer,
  WalkInInput,
  WalkInSyncAnswer,
  WalkInSyncInput,
} from '@meetflow/shared/schemas/walk-ins';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LogMessage } from '@meetflow/shared/log-messages';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import { resolveScope } from '../attendance/attendance-scope.ts';
import { answersRefused } from '../attendance/door-answers.ts';
import {
  doorConflictByNonce,
  doorEntryByNonce,
  keepDoorConflict,
  recordDoorEntry,
} from '../attendance/door-entry.ts';
import type { StatsScope } from '../attendance/stats-keys.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import {
  formFieldsOf,
  insertGuestTakingSeats,
  requirePhone,
  saveDoorAnswers,
  type FilledSeats,
} from '../guests/guest-rules.ts';
import { guestByPhone } from '../guests/guests.reads.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/*
 * Walk-ins at the door (issue 45). Door staff register a visitor who never signed up and check them
 * in at once: one transaction holds the guest row with its seat (through the guest core), the entry
 * in the scan log (through the attendance module) and the `guest.walked_in` event.
 *
 * - Identity is the phone, as at sign-up: a phone already signed up is that guest, checked in as
 *   them ("merged"); their own data stays, only the door's answers are merged in as a scan's are.
 *   A cancelled or unpaid guest's phone is not admitted (online refused, offline a conflict).
 * - Online, a full meeting is refused (WALK_IN_MEETING_FULL) unless staff chose "admit anyway":
 *   then the walk-in takes a 'bypass' seat and is flagged `over_capacity`.
 * - Offline, a queued walk-in is never lost: past the limit it takes a 'bypass' seat, is flagged,
 *   and the organisers are notified once per upload.
 * - The client's nonce is the entry scan's: a re-sent walk-in finds its entry (or its conflict)
 *   and records nothing twice; one racing its own retry loses on the unique phone or nonce and
 *   answers what the winner did.
 */

export interface WalkInsDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  webhooks: WebhookEmitter;
  notifications?: Pick<NotificationsService, 'walkInsOverCapacity' | 'meetingFilled'>;
  onSignupsChanged?: (meetingId: number) => void;
  onRecorded?: (scope: StatsScope) => void;
}

type Person = WalkInInput['person'];
type Meeting = { id: number; name: string; name_cn: string; name_en: string };

interface Admission {
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

type Admitted = WalkInAnswer & { filled: boolean };

/** How often a walk-in that lost a race on the phone or nonce is tried again (it then finds the winner). */
const RACE_TRIES = 3;

export function createWalkInsService(deps: WalkInsDeps) {
  const { db } = deps;

  /** The person's answers checked as the door checks them, or a 400 naming each field. */
  async function checkPerson(meetingId: number, person: Person, lang: Language) {
    const e164 = requirePhone(person.area_code, person.phone);
    const fields = await formFieldsOf(db, meetingId);
    const { answers, errors } = validateDoorForm(doorFields(fields), person.answers);
    if (Object.keys(errors).length > 0) throw answersRefused(fields, errors, lang);
    return { ...person, e164, answers };
  }

  /**
   * One walk-in, all or nothing. What its nonce already did is read inside the transaction (SQLite
   * runs one writer: the read is the final word); on PostgreSQL a racing twin loses on the unique
   * phone or nonce, and its retry finds what the winner did.
   */
  async function admit(a: Admission): Promise<Admitted> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await db.transaction().execute(async (trx) => (await replay(trx, a)) ?? admitIn(deps, trx, a));
      } catch (error) {
        if (!isUniqueViolation(error) || tries >= RACE_TRIES) throw error;
      }
    }
  }

  async function audit(user: AuthUser, ip: string, meetingId: number, station: string, answer: WalkInAnswer) {
    if (answer.guest_id === null || answer.outcome === 'conflict') return;
    const key: LogMessage['key'] =
      answer.outcome === 'merged'
        ? 'walk_ins.merged'
        : answer.outcome === 'over_capacity'
          ? 'walk_ins.registered_over_capacity'
          : 'walk_ins.registered';
    await deps.systemLog.record({
      action: 'create',
      source: 'admin',
      message: { key, params: { guest_id: answer.guest_id, meeting_id: meetingId, station } },
      username: user.auditName,
      ip,
    });
  }

  /** After commit: the figures, the "full" and "over capacity" notices. */
  async function announce(meeting: Meeting, answers: readonly Admitted[]) {
    if (answers.some((x) => x.outcome === 'admitted' || x.outcome === 'over_capacity'))
      deps.onSignupsChanged?.(meeting.id);
    if (answers.some((x) => x.check_in === 'in')) deps.onRecorded?.({ meetingId: meeting.id, scopeId: 0 });
    if (answers.some((x) => x.filled)) await deps.notifications?.meetingFilled(meeting);
    if (answers.some((x) => x.outcome === 'over_capacity'))
      await deps.notifications?.walkInsOverCapacity(meeting);
  }

  return {
    /** A walk-in registered at an online station, checked in at once. */
    async register(user: AuthUser, body: WalkInInput, ip: string, lang: Language): Promise<WalkInAnswer> {
      const scope = await resolveScope(db, user, body.meeting_id, null);
      if (scope.meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      const person = await checkPerson(scope.meetingId, body.person, lang);
      const now = deps.clock();
      const { filled, ...answer } = await admit({
        user,
        meeting: scope.meeting,
        station: body.station,
        nonce: body.nonce,
        at: now,
        now,
        person,
        whenFull: body.admit_over_capacity ? 'bypass' : 'ask',
        offline: false,
      });
      await announce(scope.meeting, [{ filled, ...answer }]);
      await audit(user, ip, scope.meetingId, body.station, answer);
      return answer;
    },

    /**
     * Walk-ins an offline station queued, in the order taken: each admitted (past the limit if need
     * be), merged into the guest with that phone, or kept as a conflict; never dropped.
     */
    async sync(user: AuthUser, body: WalkInSyncInput, ip: string, lang: Language): Promise<WalkInSyncAnswer> {
      const scope = await resolveScope(db, user, body.meeting_id, null);
      if (scope.meeting.purged_at !== null) throw new AppError('PERSONAL_DATA_PURGED');
      const done: Admitted[] = [];
      const results: WalkInSyncAnswer['results'] = [];
      for (const item of body.walk_ins) {
        const now = deps.clock();
        let admitted: Admitted;
        try {
          const person = await checkPerson(scope.meetingId, item.person, lang);
          admitted = await admit({
            user,
            meeting: scope.meeting,
            station: body.station,
            nonce: item.nonce,
            // A station clock ahead of the server's is held to now; the walk-in is admitted all the same.
            at: Math.min(item.at, now),
            now,
            person,
            whenFull: 'bypass',
            offline: true,
          });
        } catch (error) {
          // Answers the form refuses now (changed since the station's copy), or a phone the area code
          // refuses: kept for the organiser with the name typed, never dropped without a word.
          if (!(error instanceof AppError) || error.status !== 400) throw error;
          admitted = await keepRefused(db, user, scope.meetingId, body.station, item, now);
        }
        done.push(admitted);
        const { filled: _filled, ...answer } = admitted;
        results.push({ nonce: item.nonce, ...answer });
        await audit(user, ip, scope.meetingId, body.station, answer);
      }
      await announce(scope.meeting, done);
      const count = (outcome: WalkInAnswer['outcome']) => results.filter((r) => r.outcome === outcome).length;
      const answer = {
        results,
        admitted: count('admitted'),
        over_capacity: count('over_capacity'),
        merged: count('merged'),
        conflicts: count('conflict'),
      };
      await deps.systemLog.record({
        action: 'create',
        source: 'admin',
        message: {
          key: 'walk_ins.synced',
          params: {
            meeting_id: scope.meetingId,
            station: body.station,
            admitted: answer.admitted,
            over_capacity: answer.over_capacity,
            merged: answer.merged,
            conflicts: answer.conflicts,
          },
        },
        username: user.auditName,
        ip,
      });
      return answer;
    },
  };
}

function conflictAnswer(guestId: number | null, name: string, reason: ConflictReason): Admitted {
  return { outcome: 'conflict', guest_id: guestId, name, check_in: null, reason, filled: false };
}

export type WalkInsService = ReturnType<typeof createWalkInsService>;

/** What a nonce already did: its entry, or the conflict it was kept as. */
async function replay(trx: Db, a: Admission): Promise<Admitted | undefined> {
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

async function admitIn(deps: WalkInsDeps, trx: Db, a: Admission): Promise<Admitted> {
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
    if (existing.cancelled_at !== null || existing.unpaid === 1) {
      if (!a.offline) throw new AppError('WALK_IN_PHONE_NOT_ADMITTED');
      const reason: ConflictReason = existing.cancelled_at !== null ? 'guest_cancelled' : 'unpaid';
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

/** A queued walk-in the form refuses now: an `invalid_answers` conflict, once per nonce. */
async function keepRefused(
  db: Db,
  user: AuthUser,
  meetingId: number,
  station: string,
  item: { nonce: string; at: number; person: { name: string } },
  now: number,
): Promise<Admitted> {
  const { nonce } = item;
  const name = item.person.name;
  const known = await doorConflictByNonce(db, nonce);
  if (known) return conflictAnswer(null, name, known);
  try {
    await db.transaction().execute((trx) =>
      keepDoorConflict(trx, {
        meetingId,
        guestId: null,
        guestName: name,
        reason: 'invalid_answers',
        station,
        operator: { id: user.id, name: user.name },
        nonce,
        at: Math.min(item.at, now),
        now,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return conflictAnswer(null, name, 'invalid_answers');
}
