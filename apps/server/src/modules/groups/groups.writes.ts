import type { Db } from '../../db/database.ts';
import * as repo from './guest-groups.repository.ts';

/*
 * The writes other modules make to the group bookings' table (the privacy module's erasure): the
 * statements stay with their owner. Imports only the module's repositories, never a service.
 */

/**
 * After a meeting's guests were erased (the purge, its retention, late writes), in the same
 * transaction: each group's contact — name, e-mail, area code, phone — goes, and the group's page
 * no longer opens (`erased_at`); its unsent mail is skipped. One guest's withdrawal (`guestId`)
 * leaves the contact, who is not that guest, and the rest of the group as they are.
 */
export async function eraseGroupContacts(
  trx: Db,
  meetingId: number,
  now: number,
  guestId?: number,
): Promise<void> {
  if (guestId !== undefined) return;
  await repo.eraseContacts(trx, meetingId, now);
}
