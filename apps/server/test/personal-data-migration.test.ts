import { describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { freshDatabase, TEST_DB } from './helpers.ts';

const DAY = 86_400_000;

describe(`migration 2026-11-28-02, personal data (${TEST_DB})`, () => {
  it('gives meetings that ended long ago 30 days from the upgrade before their purge, and the rest the default', async () => {
    const database = await freshDatabase();
    const { db } = openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }));
    try {
      const earlier = Object.entries(migrations).filter(([name]) => name < '2026-11-28-02');
      await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier) } })
        .migrateToLatest()
        .then(({ error }) => expect(error).toBeUndefined());
      const now = Date.now();
      const org = (
        await db
          .insertInto('organizations')
          .values({ name: 'A', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const meeting = async (publicId: string, endAt: number) =>
        (
          await db
            .insertInto('meetings')
            .values({
              public_id: publicId,
              organization_id: org,
              name: 'm',
              name_cn: 'm',
              name_en: 'm',
              start_at: endAt - DAY,
              end_at: endAt,
              created_at: now,
              updated_at: now,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const old = await meeting('old', now - 400 * DAY);
      const recent = await meeting('recent', now - 10 * DAY);
      await migrateToLatest(db);

      const days = async (id: number) =>
        Number(
          (
            await db
              .selectFrom('meetings')
              .select('retention_days')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).retention_days,
        );
      const oldDays = await days(old);
      // Its purge falls 30 days (and at most a day more) after the upgrade, not at once.
      const purgeAt = now - 400 * DAY + oldDays * DAY;
      expect(purgeAt).toBeGreaterThanOrEqual(now + 30 * DAY - 60_000);
      expect(purgeAt).toBeLessThanOrEqual(now + 31 * DAY + 60_000);
      expect(await days(recent)).toBe(180);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
