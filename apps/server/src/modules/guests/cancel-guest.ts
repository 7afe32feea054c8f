import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import { unindexGuest } from './guest-search.ts';
import * as seats from './guest-seats.repository.ts';
import * as repo from './guests.repository.ts';

/**
 * What a guest's cancellation tells the payments module first (issue 44), filled by it through the
 * guests module's `orders` port: a pending order of the guest's is closed, its row locked before any
 * seat is released — the order in which a payment locks the order, then the seats and the guest.
 * The answer is called once the seats are released (the order's discount code is given back then).
 */
export interface GuestOrders {
  guestCancellingIn(trx: Db, guestId: number, actor: string): Promise<() => Promise<void>>;
}

/**
 * What a guest's cancellation tells the approval queue (issue 45), filled by the approval module
 * through the guests module's `applications` port: in the cancellation's transaction, an
 * application still pending for the guest (a held seat) is withdrawn, so it leaves the queue and
 * the phone may apply again. A rejection cancels the guest after deciding: nothing is left pending.
 */
export interface GuestApplications {
  guestCancelledIn(trx: Db, guest: { id: number; meeting_id: number }, actor: string | null): Promise<void>;
}

type CancelDeps = Pick<GuestsDeps, 'clock' | 'waitlist' | 'webhooks' | 'applications'>;

/**
 * Soft delete: the guest row stays, marked cancelled, because the scan log is append-only and
 * refers to it (a hard delete would cascade into check_ins and rewrite history and statistics).
 * In the same transaction the meeting seat and every session seat are given back and the
 * enrolments removed; the phone leaves the unique key so the person can sign up again. A
 * cancelled guest's code is refused at the door and their token no longer opens their page.
 * A pending order of theirs is closed first (GuestOrders).
 */
export async function cancelGuest(
  deps: CancelDeps & Pick<GuestsDeps, 'db' | 'onSignupsChanged' | 'orders'>,
  guest: { id: number; meeting_id: number; phone: string },
  actor: string,
  alsoInTrx?: (trx: Db) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const ordersClosed = await deps.orders?.guestCancellingIn(trx, guest.id, actor);
    await cancelGuestIn(deps, trx, guest, actor);
    await ordersClosed?.();
    await alsoInTrx?.(trx);
  });
  deps.onSignupsChanged?.(guest.meeting_id);
}

/**
 * The cancellation in the caller's transaction (an unpaid order's hold that expired, whose order
 * the caller has closed): NOT_FOUND when the guest was already gone, and the caller rolls back.
 */
export async function cancelGuestIn(
  deps: CancelDeps,
  trx: Db,
  guest: { id: number; meeting_id: number; phone: string },
  actor: string | null,
): Promise<void> {
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
  await deps.applications?.guestCancelledIn(trx, guest, actor);
  await unindexGuest(trx, guest.id);
  await deps.webhooks.emit(trx, {
    type: 'guest.cancelled',
    meetingId: guest.meeting_id,
    guestId: guest.id,
    data: { guest_id: guest.id, released_session_ids: scheduleIds },
  });
  // The seats they held go to those waiting.
  await deps.waitlist?.seatsFreedIn(trx, { meetingId: guest.meeting_id, meeting: true, scheduleIds });
}
