/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.ts';

/**
 * On PostgreSQL a new guest's references to its meeting and sessions are checked at COMMIT. The
 * check locks the referenced row (FOR KEY SHARE); checked at each INSERT, hundreds of concurrent
 * sign-ups held that lock on the meeting row while one of them updated its seat counter, which then
 * had to share the row through a multixact (measured: 40–50 sign-ups/s). Checked at COMMIT, after the
 * sign-up's own seat update, the lock is already its own. A sign-up can then take its seats last and
 * hold the meeting's row for its last statements only (docs/decisions/0047-postgres-signup-row-lock.md).
 * SQLite has one writer and no such locks: nothing changes there.
 */
const REFERENCES = [
  ['guests', 'guests_meeting_id_fkey'],
  ['guest_search_terms', 'guest_search_terms_meeting_id_fkey'],
  ['guest_schedules', 'guest_schedules_schedule_id_fkey'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  for (const [table, constraint] of REFERENCES) {
    await sql`alter table ${sql.table(table)} alter constraint ${sql.ref(constraint)} deferrable initially deferred`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  for (const [table, constraint] of REFERENCES) {
    await sql`alter table ${sql.table(table)} alter constraint ${sql.ref(constraint)} not deferrable`.execute(
      db,
    );
  }
}
