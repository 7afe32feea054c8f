import type { Db } from '../../db/database.ts';
import * as access from './cme-access.repository.ts';
import { forgetErasedGuests } from './cme-erasure.repository.ts';

/*
 * What an erasure does to the CME record (the privacy module calls these; the statements stay with
 * the owners). Imports only the module's repositories, never a service.
 */

/**
 * After a meeting's guests (all, or one) were erased, in the same transaction: their links go, a
 * person left with no guest goes, and the others are named again from their remaining guests.
 */
export { forgetErasedGuests };

/** The public page's codes and tokens past their expiries, with the addresses they hold. */
export function purgeExpiredAccessCodes(db: Db, now: number): Promise<number> {
  return access.deleteExpired(db, now);
}
