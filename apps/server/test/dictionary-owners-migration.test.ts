import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEST_DB } from './helpers.ts';
import { beforeMigration, insertMeeting, insertOrganization } from './migration-fixtures.ts';

describe(`migration 2026-11-24-02, owners of time slots and college categories (${TEST_DB})`, () => {
  it('gives an entry to the one organisation whose meetings use it and leaves the others global', async () => {
    await beforeMigration('2026-11-24-02', async (db) => {
      const now = Date.now();
      const insert = async (table: 'meeting_times' | 'college_categories', values: object) =>
        (
          await db
            .insertInto(table)
            .values({ created_at: now, updated_at: now, ...values } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [orgA, orgB] = [await insertOrganization(db, 'A', now), await insertOrganization(db, 'B', now)];
      let n = 0;
      const meeting = (organizationId: number) =>
        insertMeeting(db, { publicId: `meeting${++n}`, organizationId, now });
      const [meetingA, otherA, meetingB] = [await meeting(orgA), await meeting(orgA), await meeting(orgB)];
      const slot = { start_time: '09:00', end_time: '10:00' };
      const slots = {
        onlyA: await insert('meeting_times', slot),
        shared: await insert('meeting_times', slot),
        unused: await insert('meeting_times', slot),
      };
      for (const [meeting_id, meeting_time_id] of [
        [meetingA, slots.onlyA],
        [otherA, slots.onlyA],
        [meetingA, slots.shared],
        [meetingB, slots.shared],
      ] as const) {
        await db
          .insertInto('schedules')
          .values({
            meeting_id,
            meeting_time_id,
            name: 's',
            name_cn: 's',
            name_en: 's',
            date: '2026-12-01',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const category = { name: 'c', name_cn: 'c', name_en: 'c' };
      const categories = {
        onlyB: await insert('college_categories', category),
        shared: await insert('college_categories', category),
        unused: await insert('college_categories', category),
      };
      for (const [meeting_id, college_category_id] of [
        [meetingB, categories.onlyB],
        [meetingA, categories.shared],
        [meetingB, categories.shared],
      ] as const) {
        n += 1;
        await db
          .insertInto('guests')
          .values({
            meeting_id,
            college_category_id,
            guest_code: `code${n}`,
            token_hash: `hash${n}`,
            area_code: '853',
            phone: `+8536600000${n}`,
            email: '',
            created_at: now,
          })
          .execute();
      }

      await migrateToLatest(db);
      const owners = async (table: 'meeting_times' | 'college_categories') =>
        Object.fromEntries(
          (await db.selectFrom(table).select(['id', 'organization_id']).execute()).map((r) => [
            r.id,
            r.organization_id,
          ]),
        );
      expect(await owners('meeting_times')).toEqual({
        [slots.onlyA]: orgA,
        [slots.shared]: null,
        [slots.unused]: null,
      });
      expect(await owners('college_categories')).toEqual({
        [categories.onlyB]: orgB,
        [categories.shared]: null,
        [categories.unused]: null,
      });
    });
  });
});
