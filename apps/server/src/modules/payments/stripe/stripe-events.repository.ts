import type { Db } from '../../../db/database.ts';

/**
 * Records a Stripe event id in the caller's transaction: true the first time, false when it was
 * handled before (a redelivery changes nothing twice).
 */
export async function recordEvent(trx: Db, eventId: string, type: string, now: number): Promise<boolean> {
  const row = await trx
    .insertInto('stripe_events')
    .values({ event_id: eventId, type, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}
