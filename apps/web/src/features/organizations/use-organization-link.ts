import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { parseOrganizationLink } from '../../lib/dialog-links.ts';
import { findNode } from '../../lib/tree-utils.ts';

/**
 * The org_dialog route links here with ?dialog=add&parent=<id>: once the tree is there, opens the add
 * dialog once and clears the address.
 */
export function useOrganizationLink(
  tree: readonly OrganizationNode[],
  ready: boolean,
  scoped: boolean,
  openCreate: (parent: OrganizationNode | null) => void,
) {
  const [params, setParams] = useSearchParams();
  const [seenParams, setSeenParams] = useState<URLSearchParams>();
  const link = ready ? parseOrganizationLink(params) : undefined;
  if (link && params !== seenParams) {
    setSeenParams(params);
    const parent = link.parentId === null ? null : (findNode(tree, link.parentId) ?? null);
    // A user bound to an organisation cannot add a top-level one.
    if (parent !== null || !scoped) openCreate(parent);
  }
  useEffect(() => {
    if (link) setParams({}, { replace: true });
  }, [link, setParams]);
}
