/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 45: a group on a paid meeting pays ONE order (decision 0106). Each of its lines names the
 * attendee it charges (`order_lines.guest_id`); a single sign-up's lines leave it null (the
 * order's `guest_id` is their guest). The order's guests are its payer and the guests its lines name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('guest_id', 'integer', (c) => c.references('guests.id'))
    .execute();
  await db.schema.createIndex('order_lines_guest').on('order_lines').column('guest_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_lines_guest').execute();
  await db.schema.alterTable('order_lines').dropColumn('guest_id').execute();
}
