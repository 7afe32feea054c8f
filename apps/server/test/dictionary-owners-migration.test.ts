import { describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { freshDatabase, TEST_DB } from './helpers.ts';

describe(`migration 2026-11-24-02, owners of time slots and college categories (${TEST_DB})`, () => {
  it('gives an entry to the one organisation whose meetings use it and leaves the others global', async () => {
    const database = await freshDatabase();
    const { db } = openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }));
    try {
      const earlier = Object.entries(migrations).filter(([name]) => name < '2026-11-24-02');
      await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier) } })
        .migrateToLatest()
        .then(({ error }) => expect(error).toBeUndefined());
      const now = Date.now();
      const insert = async (
        table: 'organizations' | 'meeting_times' | 'college_categories',
        values: object,
      ) =>
        (
          await db
            .insertInto(table)
            .values({ created_at: now, updated_at: now, ...values } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [orgA, orgB] = [
        await insert('organizations', { name: 'A' }),
        await insert('organizations', { name: 'B' }),
      ];
      let n = 0;
      const meeting = async (organization_id: number) =>
        (
          await db
            .insertInto('meetings')
            .values({
              public_id: `meeting${++n}`,
              organization_id,
              name: 'm',
              name_cn: 'm',
              name_en: 'm',
              start_at: now,
              end_at: now,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
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
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
