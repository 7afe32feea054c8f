import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStats } from './attendance-types.ts';
import { openEventStream, type StreamStatus } from './event-stream.ts';
import { http } from './http.ts';

function scopeParams(meetingId: number, scheduleId: number | null) {
  return { meeting_id: meetingId, ...(scheduleId ? { schedule_id: scheduleId } : {}) };
}

/** Under the attendance key, so the attendance pages' invalidation after a manual scan reaches it. */
export function statsQueryKey(meetingId: number, scheduleId: number | null) {
  return ['attendance', 'stats', meetingId, scheduleId ?? 0] as const;
}

/**
 * Today's statistics of a meeting or one session: loaded once, then kept current by the server's
 * event stream (every station's scans, on every instance), which writes into the query cache.
 */
export function useLiveStats(
  meetingId: number | null,
  scheduleId: number | null,
  /** A door station: failures are its own to show, and a lost session is not a logout. */
  options: { keepSession?: boolean } = {},
) {
  const { keepSession = false } = options;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const query = useQuery({
    queryKey: statsQueryKey(meetingId ?? 0, scheduleId),
    queryFn: () =>
      http.get<AttendanceStats>('/attendance/stats', {
        params: scopeParams(meetingId!, scheduleId),
        silent: keepSession,
        keepSession,
      }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (meetingId === null) return;
    const params = new URLSearchParams(
      Object.entries(scopeParams(meetingId, scheduleId)).map(([k, v]) => [k, String(v)]),
    );
    // The browser knows before the stream does that the network is gone.
    const onOffline = () => setStatus('reconnecting');
    window.addEventListener('offline', onOffline);
    const close = openEventStream(`/attendance/stream?${params.toString()}`, {
      keepSession,
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
    return () => {
      window.removeEventListener('offline', onOffline);
      close();
    };
  }, [meetingId, scheduleId, queryClient, keepSession]);

  return { stats: query.data, loading: query.isLoading, error: query.isError, status };
}
