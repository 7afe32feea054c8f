import type { DoorAnswersAnswer } from '@meetflow/shared/schemas/attendance';
import type { OfflineData, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import type { WalkInAnswer, WalkInSyncAnswer } from '@meetflow/shared/schemas/walk-ins';
import { http } from '../../../lib/http.ts';
import { ApiError, HTTP_STATUS_ERROR, isAuthFailure } from '../../../lib/http-errors.ts';
import type { ScanAnswer } from '../../../lib/attendance-types.ts';
import { isTransportFailure } from '../scan-retry.ts';
import type { DoorApi } from './door-types.ts';

/** How long an online scan may take before the station stops waiting and judges it itself. */
export const ONLINE_SCAN_TIMEOUT_MS = 2500;

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
  saveAnswers: (body) =>
    http.post<DoorAnswersAnswer>('/attendance/door-answers', body, {
      silent: true,
      keepSession: true,
      timeout: 10_000,
    }),
  walkIn: (body) =>
    http.post<WalkInAnswer>('/attendance/walk-ins', body, {
      silent: true,
      keepSession: true,
      timeout: ONLINE_SCAN_TIMEOUT_MS * 2,
    }),
  uploadWalkIns: (body) =>
    http.post<WalkInSyncAnswer>('/attendance/offline-walk-ins', body, {
      silent: true,
      keepSession: true,
      timeout: 120_000,
    }),
  // Long enough for 200 scans on a busy server: a retry while the first is still running would race it.
  upload: (body) =>
    http.post<OfflineSyncAnswer>('/attendance/offline-scans', body, {
      silent: true,
      keepSession: true,
      timeout: 120_000,
    }),
};

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

export const isSessionLost = (error: unknown) =>
  error instanceof ApiError && isAuthFailure(error.code, error.message);
