/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 39: an organisation's region (ISO 3166-1 alpha-2: CN, HK, MO or TW), from which its
 * meetings' sign-up and check-in forms preselect the area code. Null: no region, the forms start
 * at "please select" as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('region', 'varchar(2)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('region').execute();
}
