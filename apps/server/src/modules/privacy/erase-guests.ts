import type { Db } from '../../db/database.ts';
import { eraseApplicants } from '../approval/approval.writes.ts';
import { erasePayers } from '../payments/payments.writes.ts';
import * as repo from './privacy.repository.ts';

/**
 * What every erasure runs (the purge, its late writes, a withdrawal): the shredder
 * (privacy.repository.ts `eraseGuests`), then what later modules copied of the guests, through
 * their writes: the payer's names on orders and receipts (issue 44). Kept apart from the
 * repository, which is at its size, so that a module's erasure is one line here.
 */
export async function eraseGuests(
  trx: Db,
  meetingId: number,
  now: number,
  guestId?: number,
): Promise<number> {
  const erased = await repo.eraseGuests(trx, meetingId, now, guestId);
  await erasePayers(trx, meetingId, guestId);
  // Applications awaiting (or past) approval carry the applicant's contact and form (issue 45).
  await eraseApplicants(trx, meetingId, now, guestId);
  return erased;
}
