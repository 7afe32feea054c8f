import type { WalkInAnswer } from '@meetflow/shared/schemas/walk-ins';
import { ApiError } from '../../../lib/http-errors.ts';
import { newScanNonce } from '../scan-retry.ts';
import { httpDoorApi, isSessionLost, isUnreachable } from './door-api.ts';
import { emit, movePending, serverNow, type DoorContext } from './door-context.ts';
import type { QueuedScan, WalkInPerson } from './station-store.ts';

/** The meeting refused a walk-in as full: staff may admit them anyway (over capacity). */
export const WALK_IN_FULL_CODE = 40977;

export type WalkInResult =
  | { kind: 'done'; answer: WalkInAnswer }
  /** Full: ask staff whether to admit anyway, then call again with `admitAnyway`. */
  | { kind: 'full' }
  /** Offline: queued with its entry, to go up with the other scans. */
  | { kind: 'queued'; name: string };

/**
 * A walk-in registered at this station (issue 45). Online and with nothing queued, the server
 * registers and checks them in at once (a refusal of the form comes back as an ApiError for the
 * form to show). Out of reach, or with scans still waiting (so that it reaches the server in the
 * order taken), it is queued with its entry under a nonce of its own: a re-sent upload is a no-op.
 */
export async function registerWalkIn(
  ctx: DoorContext,
  person: WalkInPerson,
  admitAnyway: boolean,
): Promise<WalkInResult> {
  const nonce = newScanNonce();
  const { scope } = ctx;
  if (ctx.status.online && ctx.status.queued === 0) {
    try {
      const walkIn = ctx.api.walkIn ?? httpDoorApi.walkIn!;
      const answer = await walkIn({
        meeting_id: scope.meetingId,
        station: scope.station,
        nonce,
        admit_over_capacity: admitAnyway,
        person,
      });
      return { kind: 'done', answer };
    } catch (error) {
      if (error instanceof ApiError && error.code === WALK_IN_FULL_CODE) return { kind: 'full' };
      if (!isUnreachable(error) || isSessionLost(error)) throw error;
      emit(ctx, { online: false });
    }
  }
  const queued: QueuedScan = {
    nonce,
    meeting_id: scope.meetingId,
    // A walk-in is registered for the whole meeting, whatever session the station scans.
    schedule_id: null,
    station: scope.station,
    direction: 'in',
    type: 'in',
    at: serverNow(ctx),
    guest_name: person.name,
    walk_in: person,
  };
  await ctx.store.enqueue(queued);
  emit(ctx, { queued: await ctx.store.queueLength(), pending: movePending(ctx, [queued], 1) });
  return { kind: 'queued', name: person.name };
}
