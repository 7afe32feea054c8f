import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOrganizationBody,
  MoveOrganizationBody,
  Organization,
  OrganizationNode,
} from '@meetflow/shared/schemas/organizations';
import { http } from '../../lib/http.ts';

export const organizationsKey = ['organizations'] as const;

/** The organisation tree the user may see; shared by the tree page and organisation pickers. */
export function useOrganizationTree(enabled = true) {
  return useQuery({
    queryKey: organizationsKey,
    queryFn: () => http.get<OrganizationNode[]>('/organizations'),
    enabled,
  });
}

function useTreeMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts the server's message (e.g. why a delete was refused).
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}

export const useCreateOrganization = () =>
  useTreeMutation((body: CreateOrganizationBody) => http.post<Organization>('/organizations', body));

export const useRenameOrganization = () =>
  useTreeMutation(({ id, name }: { id: number; name: string }) =>
    http.put<Organization>(`/organizations/${id}`, { name }),
  );

export const useMoveOrganization = () =>
  useTreeMutation(({ id, ...body }: MoveOrganizationBody & { id: number }) =>
    http.post<Organization>(`/organizations/${id}/move`, body),
  );

export const useDeleteOrganization = () =>
  useTreeMutation((id: number) => http.delete<null>(`/organizations/${id}`));
