import { useQuery } from '@tanstack/react-query';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { http } from './http.ts';

export const organizationsKey = ['organizations'] as const;

/** The organisation tree the user may see; shared by the tree page and organisation pickers. */
export function useOrganizationTree(enabled = true) {
  return useQuery({
    queryKey: organizationsKey,
    queryFn: () => http.get<OrganizationNode[]>('/organizations'),
    enabled,
  });
}
