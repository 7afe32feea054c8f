import type { OfflineData, OfflineGuest, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import { normalizePhone } from '@meetflow/shared/phone';
import { http } from '../../../lib/http.ts';
import { ApiError, HTTP_STATUS_ERROR, isAuthFailure } from '../../../lib/http-errors.ts';
import { refreshSession } from '../../../lib/session/auth-api.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { tokenExpiresAt } from '../../../lib/session/token.ts';
import { noteStationReachable } from '../../../lib/station-data.ts';
import type { ScanAnswer } from '../../../lib/attendance-types.ts';
import { isTransportFailure, newScanNonce } from '../scan-retry.ts';
import type { ScanDirection } from '../scan-station.ts';
import { guestCodeKey, phoneKey } from './code-key.ts';
import { applyVerdict, judgeOffline, localMidnight, type OfflineVerdict } from './offline-judge.ts';
import { NO_PENDING, pendingAfter, type PendingFigures } from './pending-figures.ts';
import type { QueuedScan, StationStore } from './station-store.ts';

/*
 * A door station that keeps working without the network. Online and with nothing queued, a scan
 * is the server's to judge (the answer is authoritative across stations). When the server cannot be
 * reached — or scans are still waiting to go up, so that they reach it in the order taken — the
 * station judges with its copy of the scope's guests, shows the answer at once, and queues the scan
 * (durably, before the answer shows). The queue drains in order whenever the server answers again.
 */

/** How long an online scan may take before the station stops waiting and judges it itself. */
export const ONLINE_SCAN_TIMEOUT_MS = 2500;
/** How often the copy is refreshed, and the queue retried, while the station is open. */
export const REFRESH_INTERVAL_MS = 30_000;
export const RETRY_INTERVAL_MS = 5_000;
/** Scans per upload; the server takes up to 500. */
const UPLOAD_BATCH = 200;
/** A burst of scans writes the copy once. */
const SAVE_DELAY_MS = 2_000;

export interface DoorScope {
  meetingId: number;
  scheduleId: number | null;
  station: string;
  /** A self check-in kiosk also keeps the phone keys (where the meeting allows a phone look-up). */
  kiosk: boolean;
}

export interface DoorStatus {
  /** The last call to the server got an answer. */
  online: boolean;
  queued: number;
  /** The queue has been read from the device: until then `queued` says nothing (not 0). */
  queueRead: boolean;
  /**
   * This scope's entries and exits judged here and still waiting to go up: the server's figures
   * cannot show them yet.
   */
  pending: PendingFigures;
  syncing: boolean;
  /** The server's time of the copy held; null until one has arrived. */
  copyAt: number | null;
  guestCount: number;
  meetingName: string;
  /** The meeting's name in each language (a kiosk speaks the guest's). */
  meetingNames: Record<'zh-tw' | 'zh-cn' | 'en', string> | null;
  scheduleName: string | null;
  phoneLookup: boolean;
  /** Uploads of this session that the server kept as conflicts. */
  conflicts: number;
  /** Scans the server refused for good (no permission, meeting gone), kept aside on the device. */
  held: number;
  /** The session ended (token expired or revoked): scans queue until someone logs in again. */
  needsLogin: boolean;
}

/** One scan's answer, online or offline, in the online answer's shape. */
export interface DoorAnswer extends ScanAnswer {
  offline: boolean;
  /** i18n key of an offline refusal's reason. */
  reasonKey: string | null;
}

interface Snapshot {
  /** The copy's data, and the server's clock minus this device's when it arrived. */
  meta: Omit<OfflineData, 'guests' | 'full'> & { clock_offset?: number };
  guests: OfflineGuest[];
}

export interface DoorApi {
  fetchCopy(scope: DoorScope, since: number | undefined): Promise<OfflineData>;
  scanOnline(body: {
    meeting_id: number;
    schedule_id: number | null;
    guest_code: string;
    direction: ScanDirection;
    station: string;
    nonce: string;
  }): Promise<ScanAnswer>;
  upload(body: {
    meeting_id: number;
    schedule_id: number | null;
    station: string;
    scans: object[];
  }): Promise<OfflineSyncAnswer>;
}

/** The API over the app's HTTP client: silent, the station shows every outcome itself. */
export const httpDoorApi: DoorApi = {
  fetchCopy: (scope, since) =>
    http.get<OfflineData>('/attendance/offline-data', {
      params: {
        meeting_id: scope.meetingId,
        ...(scope.scheduleId ? { schedule_id: scope.scheduleId } : {}),
        ...(since === undefined ? {} : { since }),
        ...(scope.kiosk ? { phones: '1' } : {}),
      },
      silent: true,
      keepSession: true,
      timeout: 30_000,
    }),
  scanOnline: (body) =>
    http.post<ScanAnswer>('/attendance/scans', body, {
      silent: true,
      keepSession: true,
      timeout: ONLINE_SCAN_TIMEOUT_MS,
    }),
  // Long enough for 200 scans on a busy server: a retry while the first is still running would race it.
  upload: (body) =>
    http.post<OfflineSyncAnswer>('/attendance/offline-scans', body, {
      silent: true,
      keepSession: true,
      timeout: 120_000,
    }),
};

const scopeKey = (scope: DoorScope) =>
  `${scope.meetingId}:${scope.scheduleId ?? 0}${scope.kiosk ? ':kiosk' : ''}`;

const sameUpload = (a: QueuedScan, b: QueuedScan) =>
  a.meeting_id === b.meeting_id && a.schedule_id === b.schedule_id && a.station === b.station;

/**
 * The server is out of reach: no answer, a timeout, or an answer that is not MeetFlow's (a proxy's
 * 502/504, a captive portal's page) or says it cannot serve now (5xx, 429). The scan is judged here.
 */
export function isUnreachable(error: unknown): boolean {
  if (isTransportFailure(error)) return true;
  if (!(error instanceof ApiError)) return false;
  const status = error.status ?? 0;
  return error.code === HTTP_STATUS_ERROR || status >= 500 || status === 429;
}

const isSessionLost = (error: unknown) =>
  error instanceof ApiError && isAuthFailure(error.code, error.message);

/** The guest's state after a queued scan, unless the copy already knows of a later one. */
function overlay(guest: OfflineGuest, scan: QueuedScan): OfflineGuest {
  const latest = Math.max(guest.last_in_at ?? -1, guest.last_out_at ?? -1);
  if (scan.at < latest) return guest;
  return scan.type === 'in'
    ? { ...guest, inside: true, last_in_at: scan.at }
    : { ...guest, inside: false, last_out_at: scan.at };
}

export function createDoorStation(deps: {
  scope: DoorScope;
  store: StationStore;
  api?: DoorApi;
  now?: () => number;
  /** Told after every change of the status. */
  onChange?: (status: DoorStatus) => void;
}) {
  const { scope, store } = deps;
  const api = deps.api ?? httpDoorApi;
  const now = deps.now ?? Date.now;
  const guests = new Map<string, OfflineGuest>();
  const byId = new Map<number, OfflineGuest>();
  let meta: Snapshot['meta'] | null = null;
  /** Server time minus this clock, learnt from each copy: offline scans carry the server's time. */
  let clockOffset = 0;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let timers: ReturnType<typeof setInterval>[] = [];
  const stopHandlers: (() => void)[] = [];
  let stopped = false;
  let status: DoorStatus = {
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
  };

  const emit = (patch: Partial<DoorStatus>) => {
    if (stopped) return;
    status = { ...status, ...patch };
    if (patch.online !== undefined) noteStationReachable(patch.online);
    deps.onChange?.(status);
  };
  const ofThisScope = (scan: QueuedScan) =>
    scan.meeting_id === scope.meetingId && scan.schedule_id === scope.scheduleId;
  /** The pending figures moved by `sign` (1: queued, -1: gone up or set aside) for these scans. */
  const movePending = (scans: readonly QueuedScan[], sign: 1 | -1, from = status.pending) =>
    pendingAfter(from, scans, sign, scope);

  const put = (guest: OfflineGuest) => {
    guests.set(guest.key, guest);
    byId.set(guest.id, guest);
  };

  const liveCount = () => {
    let count = 0;
    for (const guest of guests.values()) if (!guest.cancelled) count += 1;
    return count;
  };

  function scheduleSave() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save(), SAVE_DELAY_MS);
  }

  async function save() {
    if (!meta || stopped) return;
    const snapshot: Snapshot = { meta, guests: [...guests.values()] };
    await store.saveSnapshot(scopeKey(scope), snapshot);
  }

  function serverNow() {
    return now() + clockOffset;
  }

  /** The server out of reach: judge here. A lost session: keep judging, and ask for a login. */
  function noteFailure(error: unknown) {
    if (isUnreachable(error)) emit({ online: false });
    else if (isSessionLost(error)) emit({ needsLogin: true, online: true });
  }

  /**
   * A station outlives its access token (2 h) when the network is down: before talking to the
   * server again it renews the token with the refresh token, quietly. False when there is no session.
   */
  async function ensureSession(): Promise<boolean> {
    const token = useSessionStore.getState().token;
    if (!token) {
      emit({ needsLogin: true });
      return false;
    }
    if (tokenExpiresAt(token) - now() > 60_000) return true;
    try {
      await refreshSession({ keepSession: true });
      return true;
    } catch (error) {
      noteFailure(error);
      return false;
    }
  }

  /**
   * Scans still queued are newer than any copy the server could give: they stay applied. Answers
   * this scope's pending figures, counted afresh.
   */
  async function applyQueued(): Promise<PendingFigures> {
    if ((await store.queueLength()) === 0) return NO_PENDING;
    const queued = (await store.queued()).map((item) => item.scan);
    for (const scan of queued) {
      const guest = scan.guest_id === undefined ? undefined : byId.get(scan.guest_id);
      if (guest && ofThisScope(scan)) put(overlay(guest, scan));
    }
    return movePending(queued, 1, NO_PENDING);
  }

  async function refresh(options: { full?: boolean } = {}): Promise<void> {
    if (stopped || !(await ensureSession())) return;
    const since = options.full ? undefined : meta?.generated_at;
    const askedAt = now();
    try {
      const copy = await api.fetchCopy(scope, since);
      if (stopped) return;
      const answeredAt = now();
      clockOffset = copy.generated_at - Math.round((askedAt + answeredAt) / 2);
      if (copy.full) {
        guests.clear();
        byId.clear();
      }
      for (const guest of copy.guests) put(guest);
      const { guests: _ignored, full: _full, ...rest } = copy;
      meta = { ...rest, clock_offset: clockOffset };
      const pending = await applyQueued();
      emit({
        pending,
        online: true,
        needsLogin: false,
        copyAt: copy.generated_at,
        guestCount: liveCount(),
        meetingName: copy.meeting.name,
        meetingNames: copy.meeting.names,
        scheduleName: copy.schedule?.name ?? null,
        phoneLookup: copy.phone_lookup && copy.phone_salt !== null,
      });
      await save();
    } catch (error) {
      noteFailure(error);
    }
  }

  /** Drains the queue in order; one station tab at a time (the lock), so no two uploads race. */
  async function sync(): Promise<void> {
    if (status.syncing || stopped) return;
    emit({ syncing: true });
    try {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      if (locks) await locks.request('meetflow-station-upload', drain);
      else await drain();
    } finally {
      if (!stopped) {
        emit({ syncing: false, queued: await store.queueLength(), held: await store.heldCount() });
      }
    }
  }

  async function drain(): Promise<void> {
    if (!(await store.queueLength())) return;
    if (!(await ensureSession())) return;
    try {
      while (!stopped) {
        const batch = await store.queued(UPLOAD_BATCH);
        if (batch.length === 0) break;
        // One upload names one scope and station: a queue can span a change of either.
        const first = batch[0]!.scan;
        const end = batch.findIndex((item) => !sameUpload(item.scan, first));
        const group = end < 0 ? batch : batch.slice(0, end);
        let answer: OfflineSyncAnswer;
        try {
          answer = await api.upload({
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
            })),
          });
        } catch (error) {
          if (isUnreachable(error) || isSessionLost(error)) throw error;
          // Refused for good (the meeting gone, the permission withdrawn): set aside, not lost, and
          // out of the way of the scans behind them.
          await store.holdQueued(group.map((item) => item.id));
          emit({
            held: await store.heldCount(),
            pending: movePending(
              group.map((item) => item.scan),
              -1,
            ),
          });
          continue;
        }
        await store.removeQueued(group.map((item) => item.id));
        emit({
          pending: movePending(
            group.map((item) => item.scan),
            -1,
          ),
          online: true,
          needsLogin: false,
          conflicts: status.conflicts + answer.conflicts,
          queued: await store.queueLength(),
        });
      }
    } catch (error) {
      noteFailure(error);
    }
  }

  function typeName(id: number | null, lang: string): string | null {
    const type = meta?.user_types.find((t) => t.id === id);
    if (!type) return null;
    const name = lang === 'en' ? type.name_en : lang === 'zh-cn' ? type.name_cn : type.name;
    return name || type.name;
  }

  /** Judges with the copy, queues a success (durably) and answers as the server would have. */
  async function judgeLocally(
    guest: OfflineGuest | undefined,
    direction: ScanDirection,
    lang: string,
    nonce: string,
  ): Promise<DoorAnswer> {
    const at = serverNow();
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
      put(applyVerdict(verdict.guest, verdict));
      scheduleSave();
      emit({ queued: await store.queueLength(), pending: movePending([queued], 1) });
    }
    return {
      result: verdict.result,
      type: verdict.result === 'refused' ? null : verdict.type,
      guest: shown && { id: shown.id, name: shown.name, user_type_name: typeName(shown.user_type_id, lang) },
      reason: null,
      reason_code: null,
      previous_at: verdict.result === 'duplicate' ? verdict.previousAt : null,
      at,
      offline: true,
      reasonKey: verdict.result === 'refused' ? `station.reasons.${verdict.reason}` : null,
    };
  }

  return {
    status: () => status,

    /** Loads the copy kept on this device, then refreshes it and drains the queue while open. */
    async start(): Promise<void> {
      // A kiosk opened offline starts from the door's copy of the same scope (no phone keys yet).
      const kept =
        (await store.loadSnapshot<Snapshot>(scopeKey(scope))) ??
        (scope.kiosk ? await store.loadSnapshot<Snapshot>(scopeKey({ ...scope, kiosk: false })) : undefined);
      if (stopped) return;
      if (kept) {
        meta = kept.meta;
        clockOffset = kept.meta.clock_offset ?? 0;
        for (const guest of kept.guests) put(guest);
      }
      const pending = await applyQueued();
      if (kept) {
        emit({
          copyAt: kept.meta.generated_at,
          guestCount: liveCount(),
          meetingName: kept.meta.meeting.name,
          meetingNames: kept.meta.meeting.names ?? null,
          scheduleName: kept.meta.schedule?.name ?? null,
          phoneLookup: kept.meta.phone_lookup && kept.meta.phone_salt !== null,
        });
      }
      emit({
        queued: await store.queueLength(),
        queueRead: true,
        pending,
        held: await store.heldCount(),
      });
      if (stopped) return;
      const onOnline = () => void sync().then(() => refresh());
      const onOffline = () => emit({ online: false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      timers = [
        setInterval(() => void refresh(), REFRESH_INTERVAL_MS),
        // Offline or with scans waiting, the queue is retried often: the upload is the probe.
        setInterval(() => {
          if (status.queued > 0 || !status.online)
            void sync().then(() => (status.online ? refresh() : undefined));
        }, RETRY_INTERVAL_MS),
      ];
      const cleanup = () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
      stopHandlers.push(cleanup);
      await sync();
      // A whole copy on opening: whatever a refresh may have missed heals here.
      await refresh({ full: true });
    },

    /** Stops the timers and writes the copy once more; the store may be closed when it resolves. */
    async stop(): Promise<void> {
      if (stopped) return;
      for (const timer of timers) clearInterval(timer);
      for (const cleanup of stopHandlers) cleanup();
      clearTimeout(saveTimer);
      await save().catch(() => undefined);
      stopped = true;
    },

    /** Sends the scans set aside after a refusal again (the operator fixed the cause). */
    async retryHeld(): Promise<void> {
      await store.releaseHeld();
      emit({ held: 0, queued: await store.queueLength(), pending: await applyQueued() });
      await sync();
    },

    /** One scan of a guest code. */
    async scan(code: string, direction: ScanDirection, lang: string): Promise<DoorAnswer> {
      const nonce = newScanNonce();
      const offline =
        !status.online || status.needsLogin || (typeof navigator !== 'undefined' && !navigator.onLine);
      if (!offline && status.queued === 0 && !status.syncing) {
        try {
          const answer = await api.scanOnline({
            meeting_id: scope.meetingId,
            schedule_id: scope.scheduleId,
            guest_code: code,
            direction,
            station: scope.station,
            nonce,
          });
          if (answer.result === 'success' && answer.guest && answer.type) {
            const known = byId.get(answer.guest.id);
            if (known) {
              put(
                answer.type === 'in'
                  ? { ...known, inside: true, last_in_at: answer.at }
                  : { ...known, inside: false, last_out_at: answer.at },
              );
              scheduleSave();
            }
          }
          if (!status.online) emit({ online: true });
          return { ...answer, offline: false, reasonKey: null };
        } catch (error) {
          noteFailure(error);
          // An answer the server did give (a refusal of this user, a bad request) stands.
          if (!isUnreachable(error) && !isSessionLost(error)) throw error;
          // The same nonce: if the lost request did reach the server, the upload records nothing twice.
          return judgeLocally(guests.get(await guestCodeKey(code)), direction, lang, nonce);
        }
      }
      return judgeLocally(guests.get(await guestCodeKey(code)), direction, lang, nonce);
    },

    /**
     * A kiosk guest who types their phone number: found by its key in the copy (only where the
     * meeting lets a phone number alone find a guest), checked in as an entry, queued and uploaded.
     */
    async checkInByPhone(areaCode: string, phone: string, lang: string): Promise<DoorAnswer | 'invalid'> {
      const e164 = normalizePhone(areaCode, phone);
      if (!e164 || !meta?.phone_salt) return 'invalid';
      const key = await phoneKey(meta.phone_salt, e164);
      let found: OfflineGuest | undefined;
      for (const guest of guests.values()) {
        if (guest.phone_key === key && !guest.cancelled) found = guest;
      }
      const answer = await judgeLocally(found, 'in', lang, newScanNonce());
      if (answer.result === 'success' && status.online) void sync();
      return answer;
    },

    sync,
    refresh,
  };
}
export type DoorStation = ReturnType<typeof createDoorStation>;
