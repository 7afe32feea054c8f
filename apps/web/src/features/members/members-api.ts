import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberImportPreview, MemberImportProgress, MemberList } from '@meetflow/shared/schemas/members';
import { http } from '../../lib/http.ts';

/*
 * The member list page's requests. Reads are silent (the table shows a failed load with a retry);
 * the upload and the apply are silent too: the dialog shows their refusal where the file was dropped.
 */

const listKey = (organizationId: number) => ['members', organizationId] as const;
const base = (organizationId: number) => `/organizations/${organizationId}/members`;

export function useMembers(organizationId: number, q: string, page: number, size: number) {
  return useQuery({
    queryKey: [...listKey(organizationId), q, page, size],
    queryFn: () =>
      http.get<MemberList>(base(organizationId), {
        params: { q: q || undefined, page, page_size: size },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function memberTemplatePath(organizationId: number): string {
  return `${base(organizationId)}/template`;
}

export function useMemberActions(organizationId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(organizationId) });
  return {
    remove: useMutation({
      mutationFn: (memberId: number) => http.delete<null>(`${base(organizationId)}/${memberId}`),
      onSuccess: refresh,
    }),
    clear: useMutation({
      mutationFn: () => http.delete<{ deleted: number }>(base(organizationId)),
      onSuccess: refresh,
    }),
    upload: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return http.post<MemberImportPreview>(`${base(organizationId)}/imports`, form, {
          silent: true,
          timeout: 120_000,
        });
      },
    }),
    apply: useMutation({
      mutationFn: (importId: number) =>
        http.post<MemberImportProgress>(`${base(organizationId)}/imports/${importId}/apply`, undefined, {
          silent: true,
          timeout: 300_000,
        }),
      onSettled: refresh,
    }),
  };
}

/** The apply's progress while it runs: polled every second until it is done or failed. */
export function useImportProgress(organizationId: number, importId: number | null, running: boolean) {
  return useQuery({
    queryKey: ['members', 'import', organizationId, importId],
    queryFn: () =>
      http.get<MemberImportProgress>(`${base(organizationId)}/imports/${importId}`, { silent: true }),
    enabled: importId !== null && running,
    refetchInterval: running ? 1000 : false,
  });
}
