import type { Db } from '../../db/database.ts';
import * as orders from './orders.repository.ts';
import * as receipts from './receipts.repository.ts';
import * as statements from './statements.repository.ts';

/*
 * The writes other modules make to the payments' tables (the privacy module's erasure): the
 * statements stay with their owners. Imports only the module's repositories, never a service.
 */

/**
 * After a meeting's guests (all, or one) were erased, in the same transaction: the payer's names
 * on their orders and in their receipts' and credit notes' frozen content go. Numbers, amounts,
 * references and lines stay, as the organisation's accounting records (the receipt still reads
 * the same, made out to no one).
 */
export async function erasePayers(trx: Db, meetingId: number, guestId?: number): Promise<void> {
  const orderIds = await orders.erasePayerNames(trx, meetingId, guestId);
  await receipts.erasePayerNames(trx, orderIds);
  // The bank's text of the statement lines that paid them; a whole meeting's previews too.
  await statements.eraseLineTexts(trx, orderIds, guestId === undefined ? meetingId : undefined);
}
