import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEST_DB } from './helpers.ts';
import { beforeMigration, insertMeeting, insertOrganization } from './migration-fixtures.ts';

describe(`migration 2026-12-01-01, half-read guest uploads (${TEST_DB})`, () => {
  it('turns an upload left without rows counted back to reading, from when it was made', async () => {
    await beforeMigration('2026-12-01-01', async (db) => {
      const now = Date.now();
      const meetingId = await insertMeeting(db, {
        publicId: 'congress',
        organizationId: await insertOrganization(db, 'College', now),
        now,
      });
      const insert = async (kind: 'guests' | 'schedule', total: number, createdAt: number) => {
        const row = await db
          .insertInto('imports')
          .values({
            kind,
            meeting_id: meetingId,
            file_name: 'f',
            file_size: 1,
            file_sha256: 'x',
            format: kind === 'guests' ? 'csv' : 'xlsx',
            total,
            created_by: 'admin',
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      // A process died while the first one's rows were stored; the others were read whole.
      const halfRead = await insert('guests', 0, now - 5_000);
      const whole = await insert('guests', 3, now);
      const schedule = await insert('schedule', 0, now);

      await migrateToLatest(db);

      const rows = await db.selectFrom('imports').select(['id', 'status', 'read_at']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, read_at: r.read_at === null ? null : Number(r.read_at) }))).toEqual([
        { id: halfRead, status: 'reading', read_at: now - 5_000 },
        { id: whole, status: 'uploaded', read_at: null },
        { id: schedule, status: 'uploaded', read_at: null },
      ]);
    });
  });
});
