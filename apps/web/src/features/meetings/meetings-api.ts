import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileKind, UploadedFile } from '@meetflow/shared/schemas/files';
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

export function uploadFile(kind: FileKind, file: Blob, name: string): Promise<UploadedFile> {
  const form = new FormData();
  // The kind goes first so that the server knows the limit before the bytes arrive.
  form.append('kind', kind);
  form.append('file', file, name);
  return http.post<UploadedFile>('/files', form);
}
