import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEST_DB } from './helpers.ts';
import { beforeMigration, insertMeeting, insertOrganization } from './migration-fixtures.ts';

const DAY = 86_400_000;

describe(`migration 2026-11-28-02, personal data (${TEST_DB})`, () => {
  it('gives meetings that ended long ago 30 days from the upgrade before their purge, and the rest the default', async () => {
    await beforeMigration('2026-11-28-02', async (db) => {
      const now = Date.now();
      const organizationId = await insertOrganization(db, 'A', now);
      const meeting = (publicId: string, endAt: number) =>
        insertMeeting(db, { publicId, organizationId, now, startAt: endAt - DAY, endAt });
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
    });
  });
});
