import type { Organization, OrganizationNode } from '@meetflow/shared/schemas/organizations';

/**
 * Nests a flat list (already in display order) into a tree. A node whose parent is not in the
 * list becomes a root: an organiser's own organisation heads the part of the tree they may see.
 */
export function buildTree(rows: readonly Organization[]): OrganizationNode[] {
  const nodes = new Map<number, OrganizationNode>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: OrganizationNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
