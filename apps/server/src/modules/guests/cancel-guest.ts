import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import { unindexGuest } from './guest-search.ts';
import * as seats from './guest-seats.repository.ts';
import * as repo from './guests.repository.ts';

/**
 * Soft delete: the guest row stays, marked cancelled, because the scan log is append-only and
 * refers to it (a hard delete would cascade into check_ins and rewrite history and statistics).
 * In the same transaction the meeting seat and every session seat are given back and the
 * enrolments removed; the phone leaves the unique key so the person can sign up again. A
 * cancelled guest's code is refused at the door and their token no longer opens their page.
 */
export async function cancelGuest(
  deps: Pick<GuestsDeps, 'db' | 'clock' | 'waitlist' | 'webhooks' | 'onSignupsChanged'>,
  guest: { id: number; meeting_id: number; phone: string },
  actor: string,
  alsoInTrx?: (trx: Db) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Rows are locked in the order a sign-up locks them — the meeting's, the sessions', then the
    // guest's — so a delete and a cancellation handing this guest a seat never wait on each other.
    await seats.releaseMeetingSeat(trx, guest.meeting_id);
    // Their places on sessions' lists go first; the enrolments are read after, so one just given
    // by a waiting list is given back too.
    await deps.waitlist?.guestCancelledIn(trx, guest.id, actor);
    const scheduleIds = await repo.guestScheduleIds(trx, guest.id);
    await repo.deleteGuestSchedules(trx, guest.id, scheduleIds);
    await seats.releaseSessionSeats(trx, scheduleIds);
    if (!(await repo.cancelGuest(trx, guest, deps.clock()))) throw new AppError('NOT_FOUND');
    await unindexGuest(trx, guest.id);
    await deps.webhooks.emit(trx, {
      type: 'guest.cancelled',
      meetingId: guest.meeting_id,
      guestId: guest.id,
      data: { guest_id: guest.id, released_session_ids: scheduleIds },
    });
    // The seats they held go to those waiting.
    await deps.waitlist?.seatsFreedIn(trx, { meetingId: guest.meeting_id, meeting: true, scheduleIds });
    await alsoInTrx?.(trx);
  });
  deps.onSignupsChanged?.(guest.meeting_id);
}
