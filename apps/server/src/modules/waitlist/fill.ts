import type { Db } from '../../db/database.ts';
import { scopeOf, type CoreContext, type WaitingGuestForm } from './core-context.ts';
import { offer } from './offer.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/** Places handed seats per read when many seats free up at once (a raised limit). */
const FILL_BATCH = 100;

/**
 * Hands the free seats of a list to those in line, first come first served: at once, or as offers
 * held for the meeting's offer hours. Nobody is given a seat once the meeting is deleted or over.
 * Answers how many places got a seat or an offer.
 */
export async function fill(core: CoreContext, trx: Db, scope: repo.Scope, now: number): Promise<number> {
  const state = await scopes.lockScope(trx, scope, core.locking);
  if (!state || state.meetingDeletedAt !== null || state.meetingEndAt < now) return 0;
  let free = state.limit === 0 ? Infinity : state.limit - state.count - state.held;
  let given = 0;
  while (free > 0) {
    const line = await repo.firstWaiting(trx, scope, Math.min(free, FILL_BATCH));
    if (line.length === 0) break;
    for (const entry of line) {
      if (await giveWayIfStale(trx, entry, now, false)) continue;
      const took =
        state.offerHours > 0
          ? await offer(core, trx, entry, state.offerHours, now)
          : await core.seat(trx, entry, now, false);
      if (took !== null) {
        free -= 1;
        given += 1;
      }
    }
  }
  return given;
}

/**
 * Whether a place can no longer become what it asked for: its visitor is a guest already (signed up
 * another way), its guest was deleted or is enrolled already, or its form names a registration type
 * or college category deleted since. Such a place gives way (removed, by nobody) and its held seat,
 * if any, is given back for the caller's `fill` to hand on.
 */
export async function giveWayIfStale(trx: Db, entry: repo.EntryRow, now: number, held: boolean) {
  if (!(await isStale(trx, entry))) return false;
  const from = entry.status as 'waiting' | 'offered';
  if (await repo.moveEntry(trx, entry.id, [from], { status: 'removed', decided_at: now })) {
    await scopes.adjustScope(
      trx,
      scopeOf(entry),
      from === 'waiting' ? { waiting: -1 } : { held: held ? -1 : 0 },
    );
  }
  return true;
}

async function isStale(trx: Db, entry: repo.EntryRow): Promise<boolean> {
  if (entry.scope_id !== 0) {
    if (entry.guest_id === null) return true;
    const guest = await repo.guestForPlace(trx, entry.guest_id);
    return (
      !guest || guest.cancelled_at !== null || (await repo.isEnrolled(trx, entry.guest_id, entry.scope_id))
    );
  }
  if (await repo.isGuestPhone(trx, entry.meeting_id, entry.area_code, entry.phone)) return true;
  const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
  return !(await repo.formReferencesExist(
    trx,
    entry.meeting_id,
    form.user_type_id ?? null,
    form.college_category_id ?? null,
  ));
}
