import { httpDoorApi, isSessionLost, isUnreachable } from './door-api.ts';
import { emit, movePending, noteFailure, type DoorContext } from './door-context.ts';
import { ensureSession } from './door-copy.ts';
import type { QueuedScan } from './station-store.ts';

/** Scans per upload; the server takes up to 500. */
const UPLOAD_BATCH = 200;

const sameUpload = (a: QueuedScan, b: QueuedScan) =>
  a.meeting_id === b.meeting_id &&
  a.schedule_id === b.schedule_id &&
  a.station === b.station &&
  // Walk-ins go up by their own request, in the queue's order among the scans.
  (a.walk_in === undefined) === (b.walk_in === undefined);

/** One upload's answer, as the queue needs it: how many were kept as conflicts. */
async function uploadGroup(ctx: DoorContext, group: { scan: QueuedScan }[]): Promise<{ conflicts: number }> {
  const first = group[0]!.scan;
  if (first.walk_in) {
    const upload = ctx.api.uploadWalkIns ?? httpDoorApi.uploadWalkIns!;
    return upload({
      meeting_id: first.meeting_id,
      station: first.station,
      walk_ins: group.map(({ scan }) => ({ nonce: scan.nonce, at: scan.at, person: scan.walk_in! })),
    });
  }
  return ctx.api.upload({
    meeting_id: first.meeting_id,
    schedule_id: first.schedule_id,
    station: first.station,
    scans: group.map(({ scan }) => ({
      nonce: scan.nonce,
      guest_id: scan.guest_id,
      guest_name: scan.guest_name.slice(0, 255),
      direction: scan.direction,
      type: scan.type,
      at: scan.at,
      ...(scan.answers ? { answers: scan.answers } : {}),
      ...(scan.answers_only ? { answers_only: true } : {}),
    })),
  });
}

/** Drains the queue in order; one station tab at a time (the lock), so no two uploads race. */
export async function sync(ctx: DoorContext): Promise<void> {
  if (ctx.status.syncing || ctx.stopped) return;
  emit(ctx, { syncing: true });
  try {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) await locks.request('meetflow-station-upload', () => drain(ctx));
    else await drain(ctx);
  } finally {
    if (!ctx.stopped) {
      emit(ctx, {
        syncing: false,
        queued: await ctx.store.queueLength(),
        held: await ctx.store.heldCount(),
      });
    }
  }
}

async function drain(ctx: DoorContext): Promise<void> {
  const { store } = ctx;
  if (!(await store.queueLength())) return;
  if (!(await ensureSession(ctx))) return;
  try {
    while (!ctx.stopped) {
      const batch = await store.queued(UPLOAD_BATCH);
      if (batch.length === 0) break;
      // One upload names one scope and station: a queue can span a change of either.
      const first = batch[0]!.scan;
      const end = batch.findIndex((item) => !sameUpload(item.scan, first));
      const group = end < 0 ? batch : batch.slice(0, end);
      let answer: { conflicts: number };
      try {
        answer = await uploadGroup(ctx, group);
      } catch (error) {
        if (isUnreachable(error) || isSessionLost(error)) throw error;
        // Refused for good (the meeting gone, the permission withdrawn): set aside, not lost, and
        // out of the way of the scans behind them.
        await store.holdQueued(group.map((item) => item.id));
        emit(ctx, {
          held: await store.heldCount(),
          pending: movePending(
            ctx,
            group.map((item) => item.scan),
            -1,
          ),
        });
        continue;
      }
      await store.removeQueued(group.map((item) => item.id));
      emit(ctx, {
        pending: movePending(
          ctx,
          group.map((item) => item.scan),
          -1,
        ),
        online: true,
        needsLogin: false,
        conflicts: ctx.status.conflicts + answer.conflicts,
        queued: await store.queueLength(),
      });
    }
  } catch (error) {
    noteFailure(ctx, error);
  }
}
