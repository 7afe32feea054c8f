import type { Db } from '../../db/database.ts';

/** A guest the meeting's list has just seated, with what their order is priced on. */
export interface SeatedFromList {
  guestId: number;
  meetingId: number;
  userTypeId: number | null;
  /** The ticket kind chosen on the form (a general meeting's), kept with the place. */
  priceItemId: number | null;
  /** The sessions the guest was given seats in. */
  scheduleIds: readonly number[];
  /** Matched on the member list when they signed up: member fees apply (issue 45). */
  member: boolean;
}

/**
 * What seating a place of a paid meeting's list needs from the payments module (issue 44),
 * registered after this one: it fills `app.waitlist.payments`. In the seating transaction, after
 * the guest row and their sessions: the guest owes an order at this moment's price (no discount
 * code) with a new hold, and is unpaid until it is paid. A free meeting's seat is left as it is.
 */
export interface SeatPayments {
  guestSeatedIn(trx: Db, seated: SeatedFromList, now: number): Promise<void>;
}
