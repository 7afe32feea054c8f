import type { Db } from '../../db/database.ts';

/*
 * What the late-write pass (privacy-purge.ts) reads: purged meetings that hold personal data again.
 */

/**
 * Meetings purged since `since` (or the one meeting given) that hold personal data again: a sign-up
 * (or an organiser's add, an import, a place on the waiting list, an offline upload) that read the
 * meeting before its purge committed and wrote after it. Such writes can only be in flight at the
 * purge, so a recent window is enough.
 */
export async function purgedWithLeftovers(db: Db, since: number, meetingId?: number): Promise<number[]> {
  const rows = await db
    .selectFrom('meetings')
    .select('id')
    .where('purged_at', '>=', since)
    .$if(meetingId !== undefined, (q) => q.where('id', '=', meetingId!))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('guests')
            .select('guests.id')
            .whereRef('guests.meeting_id', '=', 'meetings.id')
            .where('guests.erased_at', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('waitlist_entries')
            .select('waitlist_entries.id')
            .whereRef('waitlist_entries.meeting_id', '=', 'meetings.id')
            .where('waitlist_entries.phone', 'not like', 'erased:%'),
        ),
        eb.exists(
          eb
            .selectFrom('scan_conflicts')
            .select('scan_conflicts.id')
            .whereRef('scan_conflicts.meeting_id', '=', 'meetings.id')
            .where('scan_conflicts.guest_name', '<>', ''),
        ),
        eb.exists(
          eb
            .selectFrom('imports')
            .select('imports.id')
            .whereRef('imports.meeting_id', '=', 'meetings.id')
            .where((i) =>
              i.or([
                i('imports.file_data', 'is not', null),
                i('imports.sample', '<>', '[]'),
                i('imports.error', 'is not', null),
                i.exists(
                  i
                    .selectFrom('import_rows')
                    .select('import_rows.import_id')
                    .whereRef('import_rows.import_id', '=', 'imports.id'),
                ),
                i.exists(
                  i
                    .selectFrom('import_failures')
                    .select('import_failures.import_id')
                    .whereRef('import_failures.import_id', '=', 'imports.id'),
                ),
              ]),
            ),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Takes the purged meeting's row lock (a no-op update; SQLite's writes are serial anyway). */
export async function lockPurgedMeeting(trx: Db, meetingId: number): Promise<boolean> {
  const result = await trx
    .updateTable('meetings')
    .set((eb) => ({ purged_at: eb.ref('purged_at') }))
    .where('id', '=', meetingId)
    .where('purged_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Waiting-list places of visitors who are not (yet) guests and still hold a contact. */
export async function countUnerasedPlaces(trx: Db, meetingId: number): Promise<number> {
  const row = await trx
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('meeting_id', '=', meetingId)
    .where('guest_id', 'is', null)
    .where('phone', 'not like', 'erased:%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
