import { useMemo } from 'react';
import { useOrganizationTree } from '../../lib/organization-tree.ts';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { usePermission } from '../../components/permission.tsx';

export interface OrganizationOption {
  value: number;
  title: string;
  children?: OrganizationOption[];
}

interface TreeNode {
  id: number;
  name: string;
  children?: TreeNode[] | null;
}

const toOption = (node: TreeNode): OrganizationOption => ({
  value: node.id,
  title: node.name,
  ...(node.children?.length ? { children: node.children.map(toOption) } : {}),
});

/**
 * The organisations whose CME record the user may open, as other organisation-scoped pages offer
 * them: the organisation tree for those who may view it, else the organisations of the meetings
 * the user sees. The default is the user's own organisation, else the first one offered.
 */
export function useOrganizationChoice(chosen: number | undefined) {
  const { hasAny } = usePermission();
  const mayViewTree = hasAny('organization:view');
  const own = useSessionStore((s) => s.user?.organization_id ?? null);
  const tree = useOrganizationTree(mayViewTree);
  const meetings = useMeetingChoices();

  const options = useMemo<OrganizationOption[]>(() => {
    if (mayViewTree) return (tree.data ?? []).map(toOption);
    const seen = new Map<number, string>();
    for (const meeting of meetings.data?.items ?? [])
      seen.set(meeting.organization_id, meeting.organization_name);
    return [...seen].map(([value, title]) => ({ value, title }));
  }, [mayViewTree, tree.data, meetings.data]);

  const organizationId = chosen ?? own ?? options[0]?.value ?? null;
  const loading = mayViewTree ? tree.isLoading : meetings.isLoading;
  return { options, organizationId, loading };
}
