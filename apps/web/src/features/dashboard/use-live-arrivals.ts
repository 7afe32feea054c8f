import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStats, MeetingDashboard } from '@meetflow/shared/schemas/attendance';
import { statsQueryKey } from '../../lib/live-stats.ts';
import { dashboardKey, fetchArrivals } from './dashboard-api.ts';
import { createThrottle } from './throttle.ts';

/** While guests arrive, today's arrival curve is refetched at most this often. */
const ARRIVALS_REFRESH_MS = 10_000;

/** Keeps today's arrival curve of the dashboard up to date with the live figures. */
export function useLiveArrivals(
  meetingId: number | null,
  scheduleId: number | null,
  day: string,
  today: string,
) {
  const queryClient = useQueryClient();
  // The stats panel's stream writes into this cache entry: the live figures come from its events,
  // and a change there means new arrivals. Only the arrival curve is refetched for it (throttled),
  // never the sign-up curve, which would be recounted over every guest of the meeting.
  const live = useQuery<AttendanceStats>({
    queryKey: statsQueryKey(meetingId ?? 0, scheduleId),
    enabled: false,
  });
  const liveMark = live.data ? `${live.data.checked_in_today}/${live.data.inside}/${live.data.left}` : null;
  const lastMark = useRef<string | null>(null);
  const arrivalsRefresh = useRef<ReturnType<typeof createThrottle> | null>(null);
  useEffect(() => {
    lastMark.current = null;
    if (meetingId === null || day !== today) return;
    const throttle = createThrottle(() => {
      fetchArrivals(meetingId, scheduleId, day).then(
        (fresh) =>
          queryClient.setQueryData<MeetingDashboard>(
            dashboardKey(meetingId, scheduleId, day),
            (old) => old && { ...old, arrivals: fresh.arrivals },
          ),
        // The next change tries again; the curve shown stays until then.
        () => undefined,
      );
    }, ARRIVALS_REFRESH_MS);
    arrivalsRefresh.current = throttle;
    return () => {
      throttle.cancel();
      arrivalsRefresh.current = null;
    };
  }, [meetingId, scheduleId, day, today, queryClient]);
  useEffect(() => {
    const previous = lastMark.current;
    lastMark.current = liveMark;
    if (previous === null || liveMark === previous) return;
    arrivalsRefresh.current?.request();
  }, [liveMark]);
}
