import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  EnrolledGuest,
  EnrolledGuestPage,
  SessionSummary,
} from '@meetflow/shared/schemas/schedule-detail';
import { http } from '../../lib/http.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/** Shapes of the schedule-detail API, inferred from the shared zod schemas. */
export type { EnrolledGuest, EnrolledGuestPage, SessionSummary };

export function useSessionSummaries(meetingId: number | null) {
  return useQuery({
    queryKey: ['schedule-detail', meetingId],
    queryFn: () => http.get<SessionSummary[]>(`/meetings/${meetingId}/schedule-detail`),
    enabled: meetingId !== null,
  });
}

export function useEnrolledGuests(scheduleId: number, page: number, pageSize: number) {
  return useQuery({
    // Registration type names come in the request's language: a language switch fetches again.
    queryKey: ['schedule-detail', 'guests', scheduleId, page, pageSize, currentLanguage()],
    queryFn: () =>
      http.get<EnrolledGuestPage>(`/schedules/${scheduleId}/guests`, {
        params: { page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function scheduleExportPath(meetingId: number): string {
  return `/meetings/${meetingId}/schedule-detail/export`;
}
