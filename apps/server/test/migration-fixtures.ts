import { expect } from 'vitest';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { migrations } from '../src/db/migrate.ts';
import { freshDatabase } from './helpers.ts';

/**
 * Runs `test` on a fresh database migrated up to, but not including, `migration` (the one under test,
 * which the test runs itself with migrateToLatest), then closes and drops the database.
 */
export async function beforeMigration(migration: string, test: (db: Db) => Promise<void>): Promise<void> {
  const database = await freshDatabase();
  const { db } = openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }));
  try {
    const earlier = Object.entries(migrations).filter(([name]) => name < migration);
    await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier) } })
      .migrateToLatest()
      .then(({ error }) => expect(error).toBeUndefined());
    await test(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

/** Inserts an organisation as the migrations before the one under test left the table; returns its id. */
export async function insertOrganization(db: Db, name: string, now: number): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts a meeting named "m" in every language; it starts and ends at `now` unless `startAt`/`endAt`
 * say otherwise. Returns its id.
 */
export async function insertMeeting(
  db: Db,
  meeting: { publicId: string; organizationId: number; now: number; startAt?: number; endAt?: number },
): Promise<number> {
  const { publicId, organizationId, now } = meeting;
  const row = await db
    .insertInto('meetings')
    .values({
      public_id: publicId,
      organization_id: organizationId,
      name: 'm',
      name_cn: 'm',
      name_en: 'm',
      start_at: meeting.startAt ?? now,
      end_at: meeting.endAt ?? now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
