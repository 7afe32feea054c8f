/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * The scan log keeps the operator's name as it was at scan time (like the station), so renaming a
 * door user does not rewrite the history. Existing rows take the name their operator has today,
 * the best that is still known; close-outs (no operator) stay null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('check_ins').addColumn('operator_name', 'varchar(128)').execute();
  await db
    .updateTable('check_ins')
    .set((eb) => ({
      operator_name: eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'check_ins.operator_id'),
    }))
    .where('operator_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('check_ins').dropColumn('operator_name').execute();
}
