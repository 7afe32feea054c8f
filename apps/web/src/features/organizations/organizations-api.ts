import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOrganizationBody,
  MoveOrganizationBody,
  Organization,
  RenameOrganizationBody,
} from '@meetflow/shared/schemas/organizations';
import { http } from '../../lib/http.ts';
import { organizationsKey, useOrganizationTree } from '../../lib/organization-tree.ts';

// The tree query lives in lib/ (user and dictionary forms pick organisations too).
export { organizationsKey, useOrganizationTree };

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
  useTreeMutation(({ id, ...body }: RenameOrganizationBody & { id: number }) =>
    http.put<Organization>(`/organizations/${id}`, body),
  );

export const useMoveOrganization = () =>
  useTreeMutation(({ id, ...body }: MoveOrganizationBody & { id: number }) =>
    http.post<Organization>(`/organizations/${id}/move`, body),
  );

export const useDeleteOrganization = () =>
  useTreeMutation((id: number) => http.delete<null>(`/organizations/${id}`));
