import type { Db } from '../../db/database.ts';
import * as applications from './applications.repository.ts';

/*
 * The writes other modules make to the approval queue (the privacy module's erasure): the
 * statements stay with their owner. Imports only the module's repository, never a service.
 */

/**
 * After a meeting's guests (all, or one) were erased, in the same transaction: their applications'
 * contact fields, forms and tokens go too (all of a meeting's, or the one guest's).
 */
export function eraseApplicants(trx: Db, meetingId: number, now: number, guestId?: number): Promise<void> {
  return applications.eraseApplicantsOf(trx, meetingId, now, guestId);
}
