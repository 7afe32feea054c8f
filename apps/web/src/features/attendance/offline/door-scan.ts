import type { OfflineGuest } from '@meetflow/shared/schemas/offline-door';
import type { ScanDirection } from '../scan-station.ts';
import { guestCodeKey } from './code-key.ts';
import { isSessionLost, isUnreachable } from './door-api.ts';
import { emit, movePending, noteFailure, serverNow, type DoorContext } from './door-context.ts';
import { put, scheduleSave } from './door-copy.ts';
import type { DoorAnswer } from './door-types.ts';
import { questionsOf } from './open-questions.ts';
import { applyVerdict, judgeOffline, localMidnight, type OfflineVerdict } from './offline-judge.ts';
import type { QueuedScan } from './station-store.ts';

function typeName(ctx: DoorContext, id: number | null, lang: string): string | null {
  const type = ctx.meta?.user_types.find((t) => t.id === id);
  if (!type) return null;
  const name = lang === 'en' ? type.name_en : lang === 'zh-cn' ? type.name_cn : type.name;
  return name || type.name;
}

/** Judges with the copy, queues a success (durably) and answers as the server would have. */
export async function judgeLocally(
  ctx: DoorContext,
  guest: OfflineGuest | undefined,
  direction: ScanDirection,
  lang: string,
  nonce: string,
): Promise<DoorAnswer> {
  const { scope, store, meta } = ctx;
  const at = serverNow(ctx);
  const timeZone = meta?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const verdict: OfflineVerdict = judgeOffline(guest, {
    direction,
    now: at,
    today: localMidnight(at, timeZone),
    repeatWindowMs: meta?.repeat_window_ms ?? 5000,
    timeZone,
  });
  const shown = verdict.guest ?? null;
  if (verdict.result === 'success') {
    const queued: QueuedScan = {
      nonce,
      meeting_id: scope.meetingId,
      schedule_id: scope.scheduleId,
      station: scope.station,
      direction,
      type: verdict.type,
      at,
      guest_id: verdict.guest.id,
      guest_name: verdict.guest.name,
    };
    await store.enqueue(queued);
    put(ctx, applyVerdict(verdict.guest, verdict));
    scheduleSave(ctx);
    emit(ctx, { queued: await store.queueLength(), pending: movePending(ctx, [queued], 1) });
  }
  return {
    result: verdict.result,
    type: verdict.result === 'refused' ? null : verdict.type,
    guest: shown && {
      id: shown.id,
      name: shown.name,
      user_type_name: typeName(ctx, shown.user_type_id, lang),
    },
    reason: null,
    reason_code: null,
    previous_at: verdict.result === 'duplicate' ? verdict.previousAt : null,
    at,
    // As online: a check-in asks the guest's open questions.
    door_fields: verdict.result === 'success' ? questionsOf(meta?.door_fields, verdict.guest) : [],
    offline: true,
    reasonKey: verdict.result === 'refused' ? `station.reasons.${verdict.reason}` : null,
    nonce,
  };
}

/**
 * One scan of a guest code. Online and with nothing queued, the server judges; out of reach (or
 * with scans still waiting to go up, so they arrive in order) the station judges with its copy.
 */
export async function scanCode(
  ctx: DoorContext,
  code: string,
  direction: ScanDirection,
  lang: string,
  nonce: string,
): Promise<DoorAnswer> {
  const { status, scope } = ctx;
  const offline =
    !status.online || status.needsLogin || (typeof navigator !== 'undefined' && !navigator.onLine);
  if (!offline && status.queued === 0 && !status.syncing) {
    try {
      const answer = await ctx.api.scanOnline({
        meeting_id: scope.meetingId,
        schedule_id: scope.scheduleId,
        guest_code: code,
        direction,
        station: scope.station,
        nonce,
      });
      if (answer.result === 'success' && answer.guest && answer.type) {
        const found = ctx.byId.get(answer.guest.id);
        if (found) {
          // Admitted by the server: paid and approved now, whatever the copy last said.
          const { unpaid: _paid, pending: _approved, ...known } = found;
          put(
            ctx,
            answer.type === 'in'
              ? { ...known, inside: true, last_in_at: answer.at }
              : { ...known, inside: false, last_out_at: answer.at },
          );
          scheduleSave(ctx);
        }
      }
      if (!ctx.status.online) emit(ctx, { online: true });
      return { ...answer, offline: false, reasonKey: null, nonce };
    } catch (error) {
      noteFailure(ctx, error);
      // An answer the server did give (a refusal of this user, a bad request) stands.
      if (!isUnreachable(error) && !isSessionLost(error)) throw error;
      // The same nonce: if the lost request did reach the server, the upload records nothing twice.
      return judgeLocally(ctx, ctx.guests.get(await guestCodeKey(code)), direction, lang, nonce);
    }
  }
  return judgeLocally(ctx, ctx.guests.get(await guestCodeKey(code)), direction, lang, nonce);
}
