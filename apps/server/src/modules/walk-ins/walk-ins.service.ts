import type { Language } from '@meetflow/shared/languages';
import { doorFields, validateDoorForm } from '@meetflow/shared/forms/door-questions';
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
import { resolveScope } from '../attendance/attendance-scope.ts';
import { answersRefused } from '../attendance/door-answers.ts';
import { doorConflictByNonce, keepDoorConflict } from '../attendance/door-entry.ts';
import type { StatsScope } from '../attendance/stats-keys.ts';
import { formFieldsOf, requirePhone } from '../guests/guest-rules.ts';
import { currencyOf } from '../meetings/meetings.reads.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import {
  admitIn,
  conflictAnswer,
  replay,
  type Admission,
  type Admitted,
  type Meeting,
  type Person,
} from './admit.ts';

/*
 * Walk-ins at the door (issue 45). Door staff register a visitor who never signed up and check them
 * in at once: one transaction holds the guest row with its seat (through the guest core), the entry
 * in the scan log (through the attendance module) and the `guest.walked_in` event.
 *
 * - Identity is the phone, as at sign-up: a phone already signed up is that guest, checked in as
 *   them ("merged"); their own data stays, only the door's answers are merged in as a scan's are.
 *   A cancelled or unpaid guest's phone, or one awaiting approval — with a held seat, or an
 *   application without one (no guest row yet: WALK_IN_APPLICATION_PENDING, decision 0107) — is not
 *   admitted (online refused, offline a conflict).
 * - Online, a paid meeting refuses walk-ins (WALK_IN_PAID_MEETING): the visitor signs up and pays
 *   at the desk. An offline station's queue is still admitted (the visitor is inside already).
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
      // A paid meeting's guest owes an order the desk takes: a walk-in is not seated without one.
      if ((await currencyOf(db, scope.meetingId)) != null) throw new AppError('WALK_IN_PAID_MEETING');
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

export type WalkInsService = ReturnType<typeof createWalkInsService>;

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
