import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Receipts and credit notes. Numbers have no gaps per organisation, year and kind: the counter row
 * is raised by one UPDATE in the transaction that inserts the receipt, so its row lock orders
 * concurrent issues (across instances on PostgreSQL; SQLite has one writer) and a rolled-back issue
 * gives its number back with it. A receipt is never updated: what it prints is frozen in `content`.
 */

export type ReceiptKind = Database['receipts']['kind'];

/** The next number of the organisation's year and kind, taken in the caller's transaction. */
export async function takeNumber(
  trx: Db,
  organizationId: number,
  year: number,
  kind: ReceiptKind,
): Promise<number> {
  await trx
    .insertInto('receipt_counters')
    .values({ organization_id: organizationId, year, kind, last_number: 0 })
    .onConflict((oc) => oc.columns(['organization_id', 'year', 'kind']).doNothing())
    .execute();
  const row = await trx
    .updateTable('receipt_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('organization_id', '=', organizationId)
    .where('year', '=', year)
    .where('kind', '=', kind)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertReceipt(trx: Db, values: Insertable<Database['receipts']>): Promise<number> {
  const row = await trx.insertInto('receipts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const SUMMARY_COLUMNS = [
  'id',
  'order_id',
  'kind',
  'year',
  'number',
  'amount',
  'currency',
  'issued_at',
] as const;

export function receiptsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receipts')
    .select(SUMMARY_COLUMNS)
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

export function findReceipt(db: Db, id: number) {
  return db
    .selectFrom('receipts')
    .select([...SUMMARY_COLUMNS, 'organization_id', 'payment_id', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Receipts rewritten per statement by an erasure: under every database's limit on bound parameters. */
const ERASE_BATCH = 500;

/**
 * The one change a receipt ever sees: an erasure blanks the payer's names in what it froze (the
 * guest's, and the institution it was made out to). Its number, amounts, lines and issuer stay:
 * they are the organisation's accounting record. Answers how many receipts changed.
 */
export async function erasePayerNames(trx: Db, orderIds: readonly number[]): Promise<number> {
  let changed = 0;
  for (let i = 0; i < orderIds.length; i += ERASE_BATCH) {
    const rows = await trx
      .selectFrom('receipts')
      .select(['id', 'content'])
      .where('order_id', 'in', orderIds.slice(i, i + ERASE_BATCH))
      .execute();
    for (const row of rows) {
      const content = JSON.parse(row.content) as { payer?: { name?: string; institution?: string } };
      if (!content.payer || (!content.payer.name && !content.payer.institution)) continue;
      content.payer = { ...content.payer, name: '', institution: '' };
      await trx
        .updateTable('receipts')
        .set({ content: JSON.stringify(content) })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
  }
  return changed;
}

/** The receipt or credit note of one payment row (each has at most one). */
export function receiptOfPayment(db: Db, paymentId: number) {
  return db
    .selectFrom('receipts')
    .select(SUMMARY_COLUMNS)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}
