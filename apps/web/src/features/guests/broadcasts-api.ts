import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@meetflow/shared/languages';
import type {
  BroadcastBody,
  BroadcastFilters,
  BroadcastList,
  BroadcastTexts,
} from '@meetflow/shared/schemas/mail';
import { http } from '../../lib/http.ts';
import { broadcastUnfinished } from './broadcast-logic.ts';

/** While a broadcast is being sent, its progress is asked for this often. */
export const BROADCAST_FOLLOW_MS = 3_000;

export const broadcastsKey = (meetingId: number) => ['guests', 'broadcasts', meetingId] as const;

/** The meeting's broadcasts, newest first, followed while any of them still has messages to send. */
export function useBroadcasts(meetingId: number) {
  return useQuery({
    queryKey: broadcastsKey(meetingId),
    // Silent: the list shows a failed load itself, with a retry (and a poll must not toast).
    queryFn: () => http.get<BroadcastList>(`/meetings/${meetingId}/broadcasts`, { silent: true }),
    refetchInterval: ({ state: { data } }) =>
      data?.items.some(broadcastUnfinished) ? BROADCAST_FOLLOW_MS : false,
  });
}

/** How many guests the filters reach now: what the organiser confirms. Silent: the dialog says it. */
export function broadcastCount(meetingId: number, filters: BroadcastFilters) {
  return http.post<{ count: number }>(
    `/meetings/${meetingId}/broadcasts/count`,
    { filters },
    { silent: true },
  );
}

/**
 * Sends a broadcast to the confirmed number of guests. Silent: a changed number of recipients (409)
 * is asked again by the dialog, and other failures are shown there.
 */
export function useSendBroadcast(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastBody) =>
      http.post<{ id: number; recipients: number }>(`/meetings/${meetingId}/broadcasts`, body, {
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: broadcastsKey(meetingId) }),
  });
}

/** The broadcast as the meeting's first guest would get it, to the organiser's own address. */
export function useSendBroadcastTest(meetingId: number) {
  return useMutation({
    mutationFn: (body: { texts: BroadcastTexts; language: Language }) =>
      http.post<null>(`/meetings/${meetingId}/broadcasts/test`, body, { silent: true }),
  });
}
