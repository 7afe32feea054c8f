import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { enrolInSession, releaseSessionSeat, type SessionSeatTaken } from '../guests/guest-rules.ts';
import * as repo from './registration.repository.ts';
import type { createVisitorGuestService } from './visitor-guest.service.ts';

type VisitorGuestDeps = Parameters<typeof createVisitorGuestService>[0];
/** A guest signed in by their token, with their live meeting. */
interface SignedIn {
  guest: repo.GuestRow;
  meeting: repo.PublicMeetingRow;
}

/**
 * The guest enrols in a session (already checked as allowed), with the same atomic seat counting
 * as the sign-up. Idempotent: enrolling twice in the same session takes one seat.
 */
export async function enrol(deps: VisitorGuestDeps, { guest, meeting }: SignedIn, scheduleId: number) {
  const { db, clock } = deps;
  if (await repo.hasGuestSchedule(db, guest.id, scheduleId)) return;
  let filled = null as SessionSeatTaken | null;
  try {
    await db.transaction().execute(async (trx) => {
      const seat = await enrolInSession(trx, guest.id, scheduleId, clock());
      if (seat.filled) filled = seat;
      await deps.mail?.queueEnrolmentUpdate(trx, guest, { cancelled: [] });
      await deps.webhooks.emit(trx, {
        type: 'enrolment.changed',
        meetingId: meeting.id,
        guestId: guest.id,
        data: {
          guest_id: guest.id,
          added_session_ids: [scheduleId],
          removed_session_ids: [],
          source: 'public',
        },
      });
    });
    deps.mail?.kick();
  } catch (error) {
    // A concurrent enrolment of the same guest won: the seat taken here was rolled back.
    if (!isUniqueViolation(error)) throw error;
  }
  deps.onSignupsChanged?.(meeting.id);
  // After the commit: the enrolment that took the session's last seat tells the organisers.
  if (filled) await deps.notifications?.sessionFilled(meeting, filled);
}

/** Frees the seat; cancelling a session of this meeting that is not enrolled changes nothing. */
export async function cancelEnrolment(
  deps: VisitorGuestDeps,
  { guest, meeting }: SignedIn,
  scheduleId: number,
) {
  const { db, clock } = deps;
  if (!(await repo.scheduleBelongsToMeeting(db, scheduleId, meeting.id))) throw new AppError('NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    if (await repo.deleteGuestSchedule(trx, guest.id, scheduleId, clock())) {
      await releaseSessionSeat(trx, scheduleId);
      await deps.mail?.queueEnrolmentUpdate(trx, guest, { cancelled: [scheduleId] });
      await deps.webhooks.emit(trx, {
        type: 'enrolment.changed',
        meetingId: meeting.id,
        guestId: guest.id,
        data: {
          guest_id: guest.id,
          added_session_ids: [],
          removed_session_ids: [scheduleId],
          source: 'public',
        },
      });
      // The freed seat goes to the session's waiting list in this same transaction.
      await deps.waitlist?.seatsFreedIn(trx, {
        meetingId: meeting.id,
        meeting: false,
        scheduleIds: [scheduleId],
      });
    }
  });
  deps.mail?.kick();
  deps.onSignupsChanged?.(meeting.id);
}
