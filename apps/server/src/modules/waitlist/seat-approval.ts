import type { Db } from '../../db/database.ts';

/** A place of an approval meeting's list just seated as a guest awaiting approval (issue 45). */
export interface SeatedAwaitingApproval {
  guestId: number;
  meetingId: number;
  /** The sessions the guest was given seats in. */
  scheduleIds: readonly number[];
  areaCode: string;
  phone: string;
  email: string;
  displayName: string;
  language: string;
  userTypeId: number | null;
}

/**
 * What seating a place whose sign-up waits for approval needs from the approval module, registered
 * after this one: it fills `app.waitlist.approval`. In the seating transaction, after the guest row
 * (held, `approval = 'pending'`, no confirmation yet): the application that names the guest, so the
 * organiser finds it in the queue and approving it sends the code, as for a seat held at sign-up.
 */
export interface SeatApproval {
  placeSeatedIn(trx: Db, seated: SeatedAwaitingApproval, now: number): Promise<void>;
}
