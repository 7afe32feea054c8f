import type { OfflineGuest } from '@meetflow/shared/schemas/offline-door';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { refreshSession } from '../../../lib/session/auth-api.ts';
import { tokenExpiresAt } from '../../../lib/session/token.ts';
import { emit, movePending, noteFailure, ofThisScope, type DoorContext } from './door-context.ts';
import type { DoorScope, Snapshot } from './door-types.ts';
import { withoutAnswered } from './open-questions.ts';
import { NO_PENDING, type PendingFigures } from './pending-figures.ts';
import type { QueuedScan } from './station-store.ts';

/*
 * The station's copy of the scope's guests: kept in memory, written to the device, refreshed from
 * the server, with the scans still queued laid over it.
 */

/** A burst of scans writes the copy once. */
const SAVE_DELAY_MS = 2_000;

export const scopeKey = (scope: DoorScope) =>
  `${scope.meetingId}:${scope.scheduleId ?? 0}${scope.kiosk ? ':kiosk' : ''}`;

/** The guest's state after a queued scan, unless the copy already knows of a later one. */
function overlay(guest: OfflineGuest, scan: QueuedScan): OfflineGuest {
  const latest = Math.max(guest.last_in_at ?? -1, guest.last_out_at ?? -1);
  if (scan.at < latest) return guest;
  return scan.type === 'in'
    ? { ...guest, inside: true, last_in_at: scan.at }
    : { ...guest, inside: false, last_out_at: scan.at };
}

export const put = (ctx: DoorContext, guest: OfflineGuest) => {
  ctx.guests.set(guest.key, guest);
  ctx.byId.set(guest.id, guest);
};

export const liveCount = (ctx: DoorContext) => {
  let count = 0;
  for (const guest of ctx.guests.values()) if (!guest.cancelled) count += 1;
  return count;
};

export function scheduleSave(ctx: DoorContext) {
  clearTimeout(ctx.saveTimer);
  ctx.saveTimer = setTimeout(() => void save(ctx), SAVE_DELAY_MS);
}

export async function save(ctx: DoorContext) {
  if (!ctx.meta || ctx.stopped) return;
  const snapshot: Snapshot = { meta: ctx.meta, guests: [...ctx.guests.values()] };
  await ctx.store.saveSnapshot(scopeKey(ctx.scope), snapshot);
}

/**
 * A station outlives its access token (2 h) when the network is down: before talking to the
 * server again it renews the token with the refresh token, quietly. False when there is no session.
 */
export async function ensureSession(ctx: DoorContext): Promise<boolean> {
  const token = useSessionStore.getState().token;
  if (!token) {
    emit(ctx, { needsLogin: true });
    return false;
  }
  if (tokenExpiresAt(token) - ctx.now() > 60_000) return true;
  try {
    await refreshSession({ keepSession: true });
    return true;
  } catch (error) {
    noteFailure(ctx, error);
    return false;
  }
}

/**
 * Scans still queued are newer than any copy the server could give: they stay applied. Answers
 * this scope's pending figures, counted afresh.
 */
export async function applyQueued(ctx: DoorContext): Promise<PendingFigures> {
  if ((await ctx.store.queueLength()) === 0) return NO_PENDING;
  const queued = (await ctx.store.queued()).map((item) => item.scan);
  for (const scan of queued) {
    const guest = scan.guest_id === undefined ? undefined : ctx.byId.get(scan.guest_id);
    if (!guest || !ofThisScope(ctx, scan)) continue;
    put(ctx, scan.answers_only ? guest : overlay(guest, scan));
    // Answers still waiting to go up: not asked again.
    if (scan.answers) put(ctx, withoutAnswered(ctx.meta?.door_fields, ctx.byId.get(guest.id)!, scan.answers));
  }
  return movePending(ctx, queued, 1, NO_PENDING);
}

export async function refresh(ctx: DoorContext, options: { full?: boolean } = {}): Promise<void> {
  if (ctx.stopped || !(await ensureSession(ctx))) return;
  const since = options.full ? undefined : ctx.meta?.generated_at;
  const askedAt = ctx.now();
  try {
    const copy = await ctx.api.fetchCopy(ctx.scope, since);
    if (ctx.stopped) return;
    const answeredAt = ctx.now();
    ctx.clockOffset = copy.generated_at - Math.round((askedAt + answeredAt) / 2);
    if (copy.full) {
      ctx.guests.clear();
      ctx.byId.clear();
    }
    for (const guest of copy.guests) put(ctx, guest);
    const { guests: _ignored, full: _full, ...rest } = copy;
    ctx.meta = { ...rest, clock_offset: ctx.clockOffset };
    const pending = await applyQueued(ctx);
    emit(ctx, {
      pending,
      online: true,
      needsLogin: false,
      copyAt: copy.generated_at,
      guestCount: liveCount(ctx),
      meetingName: copy.meeting.name,
      meetingNames: copy.meeting.names,
      scheduleName: copy.schedule?.name ?? null,
      phoneLookup: copy.phone_lookup && copy.phone_salt !== null,
    });
    await save(ctx);
  } catch (error) {
    noteFailure(ctx, error);
  }
}

/** Loads the copy kept on this device (a kiosk opened offline falls back on the door's copy). */
export async function loadKept(ctx: DoorContext): Promise<Snapshot | undefined> {
  const { scope, store } = ctx;
  // A kiosk opened offline starts from the door's copy of the same scope (no phone keys yet).
  const kept =
    (await store.loadSnapshot<Snapshot>(scopeKey(scope))) ??
    (scope.kiosk ? await store.loadSnapshot<Snapshot>(scopeKey({ ...scope, kiosk: false })) : undefined);
  if (ctx.stopped) return undefined;
  if (kept) {
    ctx.meta = kept.meta;
    ctx.clockOffset = kept.meta.clock_offset ?? 0;
    for (const guest of kept.guests) put(ctx, guest);
  }
  return kept;
}
