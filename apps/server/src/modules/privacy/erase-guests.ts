import type { Db } from '../../db/database.ts';
import { eraseApplicants } from '../approval/approval.writes.ts';
import { eraseInvitees } from '../invitations/invitations.writes.ts';
import { eraseGroupContacts } from '../groups/groups.writes.ts';
import { erasePayers } from '../payments/payments.writes.ts';
import { eraseAnswers } from './erase-answers.ts';
import * as repo from './privacy.repository.ts';

/**
 * What every erasure runs (the purge, its late writes, a withdrawal): the answers to personal
 * fields (erase-answers.ts), the shredder (privacy.repository.ts `eraseGuests`), then what later modules copied of the guests, through
 * their writes: the payer's names on orders and receipts (issue 44), group contacts (issue 45). Kept apart from the
 * repository, which is at its size, so that a module's erasure is one line here.
 */
export async function eraseGuests(
  trx: Db,
  meetingId: number,
  now: number,
  guestId?: number,
): Promise<number> {
  // The answers to personal fields first: it picks the guests the shredder has not marked erased yet.
  await eraseAnswers(trx, meetingId, guestId);
  const erased = await repo.eraseGuests(trx, meetingId, now, guestId);
  await erasePayers(trx, meetingId, guestId);
  // Applications awaiting (or past) approval carry the applicant's contact and form (issue 45).
  await eraseApplicants(trx, meetingId, now, guestId);
  // The invitees a personal invitation named (issue 45): with the whole meeting's guests.
  if (guestId === undefined) await eraseInvitees(trx, meetingId);
  // A meeting's group bookings' contacts (issue 45): not guests, gone with them.
  await eraseGroupContacts(trx, meetingId, now, guestId);
  return erased;
}
