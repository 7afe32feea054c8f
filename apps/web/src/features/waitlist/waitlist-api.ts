import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import type {
  WaitlistAdminEntry,
  WaitlistPage,
  WaitlistPromoteResult,
  WaitlistQuery,
} from '@meetflow/shared/schemas/waitlist';
import { http } from '../../lib/http.ts';

export type { WaitlistAdminEntry, WaitlistPage, WaitlistPromoteResult };

const waitlistKey = (meetingId: number) => ['waitlist', meetingId] as const;

/**
 * The meeting as it is now: its list's count and the edit form's values. Under the meeting list's
 * key, so that a save anywhere (the form invalidates that key) refreshes it.
 */
export function useMeetingDetail(meetingId: number | null) {
  return useQuery({
    queryKey: ['meetings', 'detail', meetingId ?? 0],
    queryFn: () => http.get<Meeting>(`/meetings/${meetingId}`),
    enabled: meetingId !== null,
  });
}

export function useWaitlistPage(meetingId: number | null, query: WaitlistQuery) {
  return useQuery({
    queryKey: [...waitlistKey(meetingId ?? 0), 'list', query],
    queryFn: () => http.get<WaitlistPage>(`/meetings/${meetingId}/waitlist`, { params: query }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Gives the entry a seat at once (raising the limit by one when none is free). */
export function usePromoteEntry(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      http.post<WaitlistPromoteResult>(`/meetings/${meetingId}/waitlist/${entryId}/promote`),
    onSettled: () => refreshAfterChange(queryClient, meetingId),
  });
}

/** Takes the entry off the list (a seat held for it passes on). */
export function useRemoveEntry(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => http.delete<null>(`/meetings/${meetingId}/waitlist/${entryId}`),
    onSettled: () => refreshAfterChange(queryClient, meetingId),
  });
}

/**
 * After a promotion, a removal or a settings change: this page, and the seat counts and limits that
 * the meeting list, the schedule detail and the session editor show.
 */
export function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>, meetingId: number) {
  for (const queryKey of [
    waitlistKey(meetingId),
    ['meetings'],
    ['schedule-detail', meetingId],
    ['dictionary', 'meeting', meetingId],
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
