import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { OfflineGuest } from '@meetflow/shared/schemas/offline-door';
import { normalizePhone } from '@meetflow/shared/phone';
import { newScanNonce } from '../scan-retry.ts';
import type { ScanDirection } from '../scan-station.ts';
import { phoneKey } from './code-key.ts';
import { httpDoorApi } from './door-api.ts';
import { saveDoorAnswers, type DoorAnswersSaved } from './door-answers.ts';
import { createDoorContext, emit } from './door-context.ts';
import { applyQueued, liveCount, loadKept, refresh, save } from './door-copy.ts';
import { judgeLocally, scanCode } from './door-scan.ts';
import type { DoorAnswer, DoorApi, DoorScope, DoorStatus } from './door-types.ts';
import { sync } from './door-upload.ts';
import type { StationStore, WalkInPerson } from './station-store.ts';
import { registerWalkIn, type WalkInResult } from './door-walk-in.ts';
export type { WalkInResult } from './door-walk-in.ts';

export { httpDoorApi, isUnreachable, ONLINE_SCAN_TIMEOUT_MS } from './door-api.ts';
export type { DoorAnswer, DoorApi, DoorScope, DoorStatus } from './door-types.ts';
export type { DoorAnswersSaved } from './door-answers.ts';

/*
 * A door station that keeps working without the network. Online and with nothing queued, a scan
 * is the server's to judge (the answer is authoritative across stations). When the server cannot be
 * reached — or scans are still waiting to go up, so that they reach it in the order taken — the
 * station judges with its copy of the scope's guests, shows the answer at once, and queues the scan
 * (durably, before the answer shows). The queue drains in order whenever the server answers again.
 * The parts: the copy (door-copy.ts), the upload (door-upload.ts), a scan (door-scan.ts).
 */

/** How often the copy is refreshed, and the queue retried, while the station is open. */
export const REFRESH_INTERVAL_MS = 30_000;
export const RETRY_INTERVAL_MS = 5_000;

export function createDoorStation(deps: {
  scope: DoorScope;
  store: StationStore;
  api?: DoorApi;
  now?: () => number;
  /** Told after every change of the status. */
  onChange?: (status: DoorStatus) => void;
}) {
  const ctx = createDoorContext({
    scope: deps.scope,
    store: deps.store,
    api: deps.api ?? httpDoorApi,
    now: deps.now ?? Date.now,
    onChange: deps.onChange,
  });
  const { store } = ctx;
  let timers: ReturnType<typeof setInterval>[] = [];
  const stopHandlers: (() => void)[] = [];
  const syncNow = () => sync(ctx);
  const refreshNow = (options: { full?: boolean } = {}) => refresh(ctx, options);

  /** Refreshes the copy and retries the queue while open, and as the network comes and goes. */
  function watch() {
    const onOnline = () => void syncNow().then(() => refreshNow());
    const onOffline = () => emit(ctx, { online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    timers = [
      setInterval(() => void refreshNow(), REFRESH_INTERVAL_MS),
      // Offline or with scans waiting, the queue is retried often: the upload is the probe.
      setInterval(() => {
        if (ctx.status.queued > 0 || !ctx.status.online)
          void syncNow().then(() => (ctx.status.online ? refreshNow() : undefined));
      }, RETRY_INTERVAL_MS),
    ];
    const cleanup = () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
    stopHandlers.push(cleanup);
  }

  return {
    status: () => ctx.status,

    /** Loads the copy kept on this device, then refreshes it and drains the queue while open. */
    async start(): Promise<void> {
      const kept = await loadKept(ctx);
      if (ctx.stopped) return;
      const pending = await applyQueued(ctx);
      if (kept) {
        emit(ctx, {
          copyAt: kept.meta.generated_at,
          guestCount: liveCount(ctx),
          meetingName: kept.meta.meeting.name,
          meetingNames: kept.meta.meeting.names ?? null,
          scheduleName: kept.meta.schedule?.name ?? null,
          phoneLookup: kept.meta.phone_lookup && kept.meta.phone_salt !== null,
        });
      }
      emit(ctx, {
        queued: await store.queueLength(),
        queueRead: true,
        pending,
        held: await store.heldCount(),
      });
      if (ctx.stopped) return;
      watch();
      await syncNow();
      // A whole copy on opening: whatever a refresh may have missed heals here.
      await refreshNow({ full: true });
    },

    /** Stops the timers and writes the copy once more; the store may be closed when it resolves. */
    async stop(): Promise<void> {
      if (ctx.stopped) return;
      for (const timer of timers) clearInterval(timer);
      for (const cleanup of stopHandlers) cleanup();
      clearTimeout(ctx.saveTimer);
      await save(ctx).catch(() => undefined);
      ctx.stopped = true;
    },

    /** Sends the scans set aside after a refusal again (the operator fixed the cause). */
    async retryHeld(): Promise<void> {
      await store.releaseHeld();
      emit(ctx, { held: 0, queued: await store.queueLength(), pending: await applyQueued(ctx) });
      await syncNow();
    },

    /** One scan of a guest code. */
    async scan(code: string, direction: ScanDirection, lang: string): Promise<DoorAnswer> {
      return scanCode(ctx, code, direction, lang, newScanNonce());
    },

    /**
     * A kiosk guest who types their phone number: found by its key in the copy (only where the
     * meeting lets a phone number alone find a guest), checked in as an entry, queued and uploaded.
     */
    async checkInByPhone(areaCode: string, phone: string, lang: string): Promise<DoorAnswer | 'invalid'> {
      const e164 = normalizePhone(areaCode, phone);
      if (!e164 || !ctx.meta?.phone_salt) return 'invalid';
      const key = await phoneKey(ctx.meta.phone_salt, e164);
      let found: OfflineGuest | undefined;
      for (const guest of ctx.guests.values()) {
        if (guest.phone_key === key && !guest.cancelled) found = guest;
      }
      const answer = await judgeLocally(ctx, found, 'in', lang, newScanNonce());
      if (answer.result === 'success' && ctx.status.online) void syncNow();
      return answer;
    },

    /** Answers to the ask-at-door questions of a check-in this station answered (door-answers.ts). */
    async saveAnswers(answer: DoorAnswer, values: Answers): Promise<DoorAnswersSaved> {
      const saved = await saveDoorAnswers(ctx, answer, values);
      if (saved.status === 'queued' && ctx.status.online) void syncNow();
      return saved;
    },

    /** The meeting's ask-at-door fields as the copy holds them: what a walk-in is asked too. */
    doorFields: (): FormField[] => ctx.meta?.door_fields ?? [],

    /** A walk-in registered here and checked in (door-walk-in.ts). */
    async walkIn(person: WalkInPerson, admitAnyway = false): Promise<WalkInResult> {
      const result = await registerWalkIn(ctx, person, admitAnyway);
      if (result.kind === 'queued' && ctx.status.online) void syncNow();
      return result;
    },

    sync: syncNow,
    refresh: refreshNow,
  };
}
export type DoorStation = ReturnType<typeof createDoorStation>;
