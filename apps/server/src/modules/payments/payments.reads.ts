import type { ScanUnpaid } from '@meetflow/shared/schemas/attendance';
import type { Db } from '../../db/database.ts';
import * as door from './door.repository.ts';
import * as pricing from './pricing.repository.ts';

/*
 * Orders and prices as other modules read them (the door, the guest page, the stored files' sweep): they ask here rather than
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

/**
 * The meeting's sessions with a live price (not retired): the guest page leaves their enrolment to
 * the sign-up's order and the organiser (a seat taken there unpaid, or given back with no refund,
 * would be wrong). Empty for a meeting without session prices.
 */
export async function pricedSessionIds(db: Db, meetingId: number): Promise<Set<number>> {
  const items = await pricing.livePriceItems(db, meetingId);
  return new Set(
    items.flatMap((i) => (i.item_type === 'session' && i.schedule_id !== null ? [i.schedule_id] : [])),
  );
}
