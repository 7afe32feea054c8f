import type { WaitlistPromoteResult } from '@meetflow/shared/schemas/waitlist';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { adminEntries, changeSeats, entryOfMeeting } from './faces-common.ts';
import type { WaitlistDeps } from './waitlist.service.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

const ACTIVE = new Set(['waiting', 'offered']);

/**
 * An organiser gives a place its seat now (an offer is accepted on the visitor's behalf). With no
 * seat free the limit is raised by one for it: the limit is never exceeded, it is moved, and the
 * audit entry says so.
 */
export async function promote(
  deps: WaitlistDeps,
  user: AuthUser,
  meetingId: number,
  entryId: number,
  ip: string,
): Promise<WaitlistPromoteResult> {
  const { db, clock, core } = deps;
  await visibleMeeting(db, user, meetingId);
  const entry = await entryOfMeeting(db, meetingId, entryId);
  const scope = { meetingId, scopeId: entry.scope_id };
  const now = clock();
  const by = { username: user.auditName, ip };
  const result = await changeSeats(deps, meetingId, async (trx) => {
    const state = (await core.lockScope(trx, scope))!;
    const current = (await repo.findEntry(trx, entryId))!;
    if (!ACTIVE.has(current.status)) return null;
    const held = current.status === 'offered';
    const guestId = await core.seat(trx, current, now, held, by);
    // A stale place (its visitor a guest by now, say) gave way: that is committed, then said.
    if (guestId === null) return null;
    // No seat was free: the limit moves up to make one (from a limit lowered below the seats taken, too).
    const taken = state.count + state.held;
    const raise = !held && state.limit > 0 && taken >= state.limit;
    const limit = raise ? taken + 1 : state.limit;
    if (raise) {
      await scopes.adjustScope(trx, scope, { limit: limit - state.limit });
      const params = { from: state.limit, to: limit, guest_id: guestId };
      await core.record(trx, current, 'waitlist.promoted_raising_limit', params, by);
    }
    return { seat_limit: limit, limit_raised: raise };
  });
  if (!result) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
  const [promoted] = await adminEntries(db, [(await repo.findEntry(db, entryId))!]);
  return { entry: promoted!, ...result };
}
