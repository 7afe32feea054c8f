import type { Db } from '../../db/database.ts';
import { audit, entryParams, scopeOf, type CoreContext } from './core-context.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

const HOUR_MS = 3_600_000;
export const OFFER_EXPIRY_JOB = 'waitlist.offer_expiry';

/** Holds a seat for the first in line and tells them; the expiry is a job due when the offer lapses. */
export async function offer(
  core: CoreContext,
  trx: Db,
  entry: repo.EntryRow,
  hours: number,
  now: number,
): Promise<number | null> {
  const { deps } = core;
  const expiresAt = now + hours * HOUR_MS;
  if (
    !(await repo.moveEntry(trx, entry.id, ['waiting'], {
      status: 'offered',
      offered_at: now,
      offer_expires_at: expiresAt,
    }))
  )
    return null;
  await scopes.adjustScope(trx, scopeOf(entry), { waiting: -1, held: 1 });
  await deps.jobs.enqueue(trx, {
    kind: OFFER_EXPIRY_JOB,
    key: `waitlist-offer:${entry.id}:${now}`,
    payload: { entry_id: entry.id, offered_at: now },
    runAt: expiresAt,
    meetingId: entry.meeting_id,
    guestId: entry.guest_id,
  });
  await deps.mail?.queueWaitlistOffer(trx, {
    entryId: entry.id,
    meetingId: entry.meeting_id,
    guestId: entry.guest_id,
    offeredAt: now,
  });
  await audit(
    core,
    trx,
    entry,
    { key: 'waitlist.offered', params: { ...entryParams(entry), until: new Date(expiresAt).toISOString() } },
    null,
    null,
  );
  return entry.id;
}
