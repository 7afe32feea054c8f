import type { Db } from '../../db/database.ts';

/** Seats given back: by the whole meeting and/or by some of its sessions. */
export interface FreedSeats {
  meetingId: number;
  meeting: boolean;
  scheduleIds: readonly number[];
}

/**
 * What freeing a seat tells the waiting lists, in the caller's transaction (a delete, an edit, a
 * cancelled session, a raised limit). Declared here, beside the seats; the waitlist module answers it
 * when it registers (waitlist.module.ts), so that nothing that frees seats imports the waiting lists.
 */
export interface SeatEvents {
  seatsFreedIn(trx: Db, freed: FreedSeats): Promise<void>;
  /** A guest deleted in the caller's transaction leaves the sessions' lists. */
  guestCancelledIn(trx: Db, guestId: number, username: string | null): Promise<void>;
}
