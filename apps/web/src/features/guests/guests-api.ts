import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignUpBody } from '@meetflow/shared/schemas/public';
import { http } from '../../lib/http.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { AdminGuest, GuestDetail, GuestListQuery, GuestPage } from './guests-types.ts';

export const guestsKey = ['guests'] as const;

export function useGuestPage(meetingId: number | null, query: GuestListQuery) {
  return useQuery({
    // Type and category names come in the request's language: a language switch fetches again.
    queryKey: [...guestsKey, 'list', meetingId, query, currentLanguage()],
    queryFn: () => http.get<GuestPage>(`/meetings/${meetingId}/guests`, { params: query }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useGuestDetail(guestId: number | null) {
  return useQuery({
    queryKey: [...guestsKey, 'detail', guestId, currentLanguage()],
    queryFn: () => http.get<GuestDetail>(`/guests/${guestId}`),
    enabled: guestId !== null,
  });
}

/** Add (no id) or edit a guest with the sign-up form's fields; the server applies the same rules. */
export function useSaveGuest(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SignUpBody }) =>
      id === null
        ? http.post<AdminGuest>(`/meetings/${meetingId}/guests`, body)
        : http.put<AdminGuest>(`/guests/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestsKey }),
  });
}

export function useDeleteGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/guests/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestsKey }),
  });
}

/** The export's path with the list's filters (no paging): the file holds every matching guest. */
export function guestExportPath(meetingId: number, query: GuestListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size' || value === undefined) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/meetings/${meetingId}/guests/export${search ? `?${search}` : ''}`;
}
