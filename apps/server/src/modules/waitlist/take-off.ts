import type { Db } from '../../db/database.ts';
import { audit, entryParams, scopeOf, type ChangedBy, type CoreContext } from './core-context.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/**
 * Takes a place off its list (the visitor leaving, an organiser removing it, an offer declined):
 * a held seat passes to the next in line. False when it had already left the list.
 */
export async function takeOff(
  core: CoreContext,
  trx: Db,
  entryId: number,
  status: 'left' | 'removed' | 'declined',
  now: number,
  by: ChangedBy,
  onlyOffer?: number,
): Promise<boolean> {
  const before = await repo.findEntry(trx, entryId);
  if (!before) return false;
  const scope = scopeOf(before);
  await scopes.lockScope(trx, scope, core.locking);
  const entry = (await repo.findEntry(trx, entryId))!;
  if (entry.status !== 'waiting' && entry.status !== 'offered') return false;
  if (onlyOffer !== undefined && (entry.status !== 'offered' || entry.offered_at !== onlyOffer)) return false;
  if (
    !(await repo.moveEntry(trx, entry.id, [entry.status], {
      status,
      decided_at: now,
      decided_by: by.username,
    }))
  )
    return false;
  if (entry.status === 'waiting') {
    await scopes.adjustScope(trx, scope, { waiting: -1 });
  } else {
    await scopes.adjustScope(trx, scope, { held: -1 });
    await core.fill(trx, scope, now);
  }
  const key =
    status === 'declined'
      ? 'waitlist.offer_declined'
      : status === 'left'
        ? 'waitlist.left'
        : 'waitlist.removed';
  await audit(core, trx, entry, { key, params: entryParams(entry) }, by.username, by.ip);
  return true;
}

/** A deleted guest leaves the sessions' lists they were on (a held seat passes on). */
export async function guestCancelled(core: CoreContext, trx: Db, guestId: number, username: string | null) {
  const now = core.deps.clock();
  for (const entry of await repo.activeEntriesOfGuest(trx, guestId)) {
    await takeOff(core, trx, entry.id, 'removed', now, { username, ip: null });
  }
}
