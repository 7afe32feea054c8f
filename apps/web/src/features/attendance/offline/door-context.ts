import type { OfflineGuest } from '@meetflow/shared/schemas/offline-door';
import { noteStationReachable } from '../../../lib/station-data.ts';
import { isSessionLost, isUnreachable } from './door-api.ts';
import type { DoorApi, DoorScope, DoorStatus, Snapshot } from './door-types.ts';
import { NO_PENDING, pendingAfter } from './pending-figures.ts';
import type { QueuedScan, StationStore } from './station-store.ts';

/** What the station's parts share: its scope and store, the copy held in memory, and the status. */
export interface DoorContext {
  scope: DoorScope;
  store: StationStore;
  api: DoorApi;
  now: () => number;
  /** Told after every change of the status. */
  onChange?: (status: DoorStatus) => void;
  guests: Map<string, OfflineGuest>;
  byId: Map<number, OfflineGuest>;
  meta: Snapshot['meta'] | null;
  /** Server time minus this clock, learnt from each copy: offline scans carry the server's time. */
  clockOffset: number;
  saveTimer: ReturnType<typeof setTimeout> | undefined;
  stopped: boolean;
  status: DoorStatus;
}

export function createDoorContext(
  deps: Pick<DoorContext, 'scope' | 'store' | 'api' | 'now' | 'onChange'>,
): DoorContext {
  return {
    ...deps,
    guests: new Map(),
    byId: new Map(),
    meta: null,
    clockOffset: 0,
    saveTimer: undefined,
    stopped: false,
    status: {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      queued: 0,
      queueRead: false,
      pending: NO_PENDING,
      syncing: false,
      copyAt: null,
      guestCount: 0,
      meetingName: '',
      meetingNames: null,
      scheduleName: null,
      phoneLookup: false,
      conflicts: 0,
      held: 0,
      needsLogin: false,
    },
  };
}

export function emit(ctx: DoorContext, patch: Partial<DoorStatus>) {
  if (ctx.stopped) return;
  ctx.status = { ...ctx.status, ...patch };
  if (patch.online !== undefined) noteStationReachable(patch.online);
  ctx.onChange?.(ctx.status);
}

export const ofThisScope = (ctx: DoorContext, scan: QueuedScan) =>
  scan.meeting_id === ctx.scope.meetingId && scan.schedule_id === ctx.scope.scheduleId;

/** The pending figures moved by `sign` (1: queued, -1: gone up or set aside) for these scans. */
export const movePending = (
  ctx: DoorContext,
  scans: readonly QueuedScan[],
  sign: 1 | -1,
  from = ctx.status.pending,
) => pendingAfter(from, scans, sign, ctx.scope);

export function serverNow(ctx: DoorContext) {
  return ctx.now() + ctx.clockOffset;
}

/** The server out of reach: judge here. A lost session: keep judging, and ask for a login. */
export function noteFailure(ctx: DoorContext, error: unknown) {
  if (isUnreachable(error)) emit(ctx, { online: false });
  else if (isSessionLost(error)) emit(ctx, { needsLogin: true, online: true });
}
