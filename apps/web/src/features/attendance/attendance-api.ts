import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type {
  AttendanceStats,
  RecordPage,
  RecordQuery,
  ScanAnswer,
  ScanRequest,
} from './attendance-types.ts';
import { openEventStream, type StreamStatus } from './event-stream.ts';
import { sendOnceMore } from './scan-retry.ts';

export const attendanceKey = ['attendance'] as const;

/** A door station must not wait a minute for an answer: after this the scan is sent once more. */
const SCAN_TIMEOUT_MS = 8000;

function scopeParams(meetingId: number, scheduleId: number | null) {
  return { meeting_id: meetingId, ...(scheduleId ? { schedule_id: scheduleId } : {}) };
}

/** Records one scan; a request that got no answer is repeated once with the same nonce. */
export function sendScan(body: ScanRequest): Promise<ScanAnswer> {
  return sendOnceMore(
    (nonce) =>
      // Silent: the scan screen shows every outcome itself, in its own colours.
      http.post<ScanAnswer>(
        '/attendance/scans',
        { ...body, nonce },
        { silent: true, timeout: SCAN_TIMEOUT_MS },
      ),
    body.nonce,
  );
}

export function statsQueryKey(meetingId: number, scheduleId: number | null) {
  return [...attendanceKey, 'stats', meetingId, scheduleId ?? 0] as const;
}

/**
 * Today's statistics of a meeting or one session: loaded once, then kept current by the server's
 * event stream (every station's scans, on every instance), which writes into the query cache.
 */
export function useLiveStats(meetingId: number | null, scheduleId: number | null) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const query = useQuery({
    queryKey: statsQueryKey(meetingId ?? 0, scheduleId),
    queryFn: () =>
      http.get<AttendanceStats>('/attendance/stats', { params: scopeParams(meetingId!, scheduleId) }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (meetingId === null) return;
    const params = new URLSearchParams(
      Object.entries(scopeParams(meetingId, scheduleId)).map(([k, v]) => [k, String(v)]),
    );
    return openEventStream(`/attendance/stream?${params.toString()}`, {
      onStatus: setStatus,
      onEvent(event) {
        if (event.event !== 'stats') return;
        try {
          const stats = JSON.parse(event.data) as AttendanceStats;
          queryClient.setQueryData(statsQueryKey(meetingId, scheduleId), stats);
        } catch {
          // A malformed event is skipped; the next one carries the full figures again.
        }
      },
    });
  }, [meetingId, scheduleId, queryClient]);

  return { stats: query.data, loading: query.isLoading, error: query.isError, status };
}

export function useRecordPage(query: RecordQuery | null) {
  return useQuery({
    queryKey: [...attendanceKey, 'records', query],
    queryFn: () => http.get<RecordPage>('/attendance/records', { params: query }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** An organiser's check-in or check-out at the desk: a scan with the station named as manual. */
export function useManualScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScanRequest) => sendScan(body),
    // Records, statistics and the guest list all show the guest's attendance.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKey });
      await queryClient.invalidateQueries({ queryKey: ['guests'] });
    },
  });
}
