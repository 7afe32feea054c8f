import type { ScanUnpaid } from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import * as door from './door.repository.ts';

/*
 * Orders as other modules read them (the door, the stored files' sweep): they ask here rather than
 * query the payments tables themselves. This file imports only the payments repositories.
 */

/** A guest's order awaiting payment and what is still due on it, as a scan at the door shows it. */
export async function unpaidOrderOf(db: Db, guestId: number): Promise<ScanUnpaid | null> {
  const order = await door.pendingOrderOfGuest(db, guestId);
  if (!order) return null;
  return {
    order_id: order.id,
    reference: order.reference,
    currency: order.currency,
    amount_due: await door.amountDue(db, order),
  };
}

/** Of these stored files, those an order keeps as its proof of payment (never swept as orphans). */
export function proofFilesAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return door.proofFilesAmong(db, ids);
}
