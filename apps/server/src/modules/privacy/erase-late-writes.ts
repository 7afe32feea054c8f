import { eraseGuests } from './erase-guests.ts';
import * as late from './late-writes.repository.ts';
import type { PurgeDeps } from './privacy-purge.ts';
import * as repo from './privacy.repository.ts';

/** How long after a purge its meeting is checked for personal data written by requests in flight. */
const LATE_WRITE_WINDOW_MS = 7 * 86_400_000;

type LateDeps = Pick<PurgeDeps, 'db' | 'record'>;

/**
 * A purge erases what is committed when it runs. A sign-up (an import, an offline upload) that read
 * the meeting just before (still open, not yet purged) can commit its rows just after: each pass
 * erases such rows of recently purged meetings, audited as written during the purge. Under the
 * meeting row's lock and checked again there, so that passes of several instances erase once.
 */
export async function eraseLateWrites(deps: LateDeps, now: number, eraseAtRest: () => void): Promise<void> {
  const since = now - LATE_WRITE_WINDOW_MS;
  let erased = false;
  for (const meetingId of await late.purgedWithLeftovers(deps.db, since)) {
    if (await eraseLateWritesOf(deps, meetingId, since, now)) erased = true;
  }
  if (erased) eraseAtRest();
}

function eraseLateWritesOf(deps: LateDeps, meetingId: number, since: number, now: number): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await late.lockPurgedMeeting(trx, meetingId))) return false;
    // Another pass may have erased them while this one waited for the lock.
    if ((await late.purgedWithLeftovers(trx, since, meetingId)).length === 0) return false;
    const meeting = await repo.findMeetingPrivacy(trx, meetingId);
    if (!meeting) return false;
    // People: guests, and visitors who only held a place on the waiting list.
    const places = await late.countUnerasedPlaces(trx, meetingId);
    const guests = await eraseGuests(trx, meetingId, now);
    await repo.eraseMeetingFiles(trx, meeting);
    await deps.record(
      { kind: 'system' },
      'delete',
      {
        key: 'privacy.purged',
        params: {
          meeting_id: meeting.id,
          meeting_name: meeting.name,
          count: guests + places,
          reason: [{ key: 'privacy.reason_late' }],
        },
      },
      trx,
    );
    return true;
  });
}
