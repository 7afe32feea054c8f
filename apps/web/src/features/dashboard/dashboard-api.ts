import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardArrivals, MeetingDashboard } from '@meetflow/shared/schemas/attendance';
import type { RevenueFigures } from '@meetflow/shared/schemas/payments';
import { http } from '../../lib/http.ts';

export function dashboardKey(meetingId: number, scheduleId: number | null, day: string) {
  return ['dashboard', meetingId, scheduleId ?? 0, day] as const;
}

/** A meeting's sign-up curve, the arrival curve of `day` (YYYY-MM-DD) and today's figures. */
export function useDashboard(meetingId: number | null, scheduleId: number | null, day: string) {
  return useQuery({
    queryKey: dashboardKey(meetingId ?? 0, scheduleId, day),
    queryFn: () =>
      http.get<MeetingDashboard>(`/meetings/${meetingId}/dashboard`, {
        params: { day, ...(scheduleId ? { schedule_id: scheduleId } : {}) },
      }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The arrival curve of `day` alone: what an open dashboard refetches as guests arrive. */
export function fetchArrivals(meetingId: number, scheduleId: number | null, day: string) {
  return http.get<DashboardArrivals>(`/meetings/${meetingId}/dashboard/arrivals`, {
    params: { day, ...(scheduleId ? { schedule_id: scheduleId } : {}) },
    silent: true,
  });
}

/** Money per currency (issue 44): one meeting's, or over every meeting the user sees (null). */
export function useRevenue(meetingId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['revenue', meetingId ?? 0],
    queryFn: () =>
      http.get<RevenueFigures>('/payments/revenue', {
        params: meetingId === null ? {} : { meeting_id: meetingId },
        silent: true,
      }),
    enabled,
  });
}
