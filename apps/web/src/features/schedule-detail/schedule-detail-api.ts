import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@meetflow/shared';
import { http } from '../../lib/http.ts';
import type { AttendanceStatus } from '../attendance/attendance-types.ts';

/** One session of a meeting with its figures. */
export interface SessionSummary extends Schedule {
  checked_in: number;
  inside: number;
}

export interface EnrolledGuest {
  guest_id: number;
  display_name: string;
  user_type_name: string | null;
  status: AttendanceStatus;
  enrolled_at: number;
  first_in_at: number | null;
  last_in_at: number | null;
  last_out_at: number | null;
}

export interface EnrolledPage {
  items: EnrolledGuest[];
  total: number;
  page: number;
  page_size: number;
}

export function useSessionSummaries(meetingId: number | null) {
  return useQuery({
    queryKey: ['schedule-detail', meetingId],
    queryFn: () => http.get<SessionSummary[]>(`/meetings/${meetingId}/schedule-detail`),
    enabled: meetingId !== null,
  });
}

export function useEnrolledGuests(scheduleId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['schedule-detail', 'guests', scheduleId, page, pageSize],
    queryFn: () =>
      http.get<EnrolledPage>(`/schedules/${scheduleId}/guests`, { params: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function scheduleExportPath(meetingId: number): string {
  return `/meetings/${meetingId}/schedule-detail/export`;
}
