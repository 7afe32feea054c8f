import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meeting, MeetingBody, MeetingListQuery, MeetingPage } from '@meetflow/shared/schemas/meetings';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { http } from '../../lib/http.ts';

export const meetingsKey = ['meetings'] as const;

export function useMeetingPage(query: MeetingListQuery) {
  return useQuery({
    queryKey: [...meetingsKey, 'list', query],
    queryFn: () => http.get<MeetingPage>('/meetings', { params: query }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The organisation tree the user may see; quiet on failure (door staff cannot read it). */
export function useOrganizationTree(enabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'tree'],
    queryFn: () => http.get<OrganizationNode[]>('/organizations', { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSaveMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts failures; the form also puts field messages on its fields.
    mutationFn: ({ id, body }: { id: number | null; body: MeetingBody }) =>
      id === null ? http.post<Meeting>('/meetings', body) : http.put<Meeting>(`/meetings/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingsKey }),
  });
}

export function useDeleteMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/meetings/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingsKey }),
  });
}
