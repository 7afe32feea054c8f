/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Time slots and college categories get an owner: organization_id null is a global entry (read by
 * everyone, changed by administrators only); otherwise the entry belongs to that organisation's
 * subtree. An existing entry used by exactly one organisation's meetings (time slots through
 * sessions, categories through guests) becomes that organisation's; any other stays global.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['meeting_times', 'college_categories']) {
    await db.schema
      .alterTable(table)
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id'))
      .execute();
    await db.schema.createIndex(`${table}_organization_id`).on(table).column('organization_id').execute();
  }
  await assignSingleOwner(db, 'meeting_times', 'schedules', 'meeting_time_id');
  await assignSingleOwner(db, 'college_categories', 'guests', 'college_category_id');
}

/** Gives each entry of `table` the organisation of the meetings whose `user` rows refer to it, if one. */
async function assignSingleOwner(db: Kysely<any>, table: string, user: string, column: string) {
  const uses = await db
    .selectFrom(user)
    .innerJoin('meetings', 'meetings.id', `${user}.meeting_id`)
    .select([`${user}.${column} as entry_id`, 'meetings.organization_id'])
    .where(`${user}.${column}`, 'is not', null)
    .distinct()
    .execute();
  const owners = new Map<number, Set<number>>();
  for (const { entry_id, organization_id } of uses) {
    const set = owners.get(Number(entry_id)) ?? new Set<number>();
    set.add(Number(organization_id));
    owners.set(Number(entry_id), set);
  }
  for (const [entryId, organizations] of owners) {
    if (organizations.size !== 1) continue;
    const [organizationId] = organizations;
    await db.updateTable(table).set({ organization_id: organizationId }).where('id', '=', entryId).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['college_categories', 'meeting_times']) {
    await db.schema.dropIndex(`${table}_organization_id`).execute();
    await db.schema.alterTable(table).dropColumn('organization_id').execute();
  }
}
