import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';

/** Looks a node up anywhere in the tree. */
export function findNode(nodes: readonly OrganizationNode[], id: number): OrganizationNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The node and all its descendants: where it may not be moved to. */
export function subtreeIdsOf(nodes: readonly OrganizationNode[], id: number): Set<number> {
  const ids = new Set<number>();
  const collect = (node: OrganizationNode) => {
    ids.add(node.id);
    node.children.forEach(collect);
  };
  const root = findNode(nodes, id);
  if (root) collect(root);
  return ids;
}

export interface TreeFilterResult {
  /** The tree cut down to matching nodes and their ancestors (all of it when there is no keyword). */
  nodes: OrganizationNode[];
  /** Ids whose name contains the keyword. */
  matches: Set<number>;
  /** Ancestors of the matches: expanded so every match is visible. */
  expand: number[];
}

/** Case-insensitive search over names; keeps the ancestors of every match so the path stays visible. */
export function filterTree(nodes: readonly OrganizationNode[], keyword: string): TreeFilterResult {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], matches: new Set(), expand: [] };
  const matches = new Set<number>();
  const expand = new Set<number>();
  const walk = (list: readonly OrganizationNode[], ancestors: number[]): OrganizationNode[] => {
    const kept: OrganizationNode[] = [];
    for (const node of list) {
      const children = walk(node.children, [...ancestors, node.id]);
      const hit = node.name.toLowerCase().includes(needle);
      if (hit) {
        matches.add(node.id);
        ancestors.forEach((a) => expand.add(a));
      }
      if (hit || children.length) kept.push({ ...node, children });
    }
    return kept;
  };
  const kept = walk(nodes, []);
  return { nodes: kept, matches, expand: [...expand] };
}

/** Splits a name around the first case-insensitive occurrence of the keyword, for highlighting. */
export function splitMatch(name: string, keyword: string): [string, string, string] | null {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return null;
  const at = name.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  return [name.slice(0, at), name.slice(at, at + needle.length), name.slice(at + needle.length)];
}

export interface TreeSelectNode {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeSelectNode[];
}

/** Options for a TreeSelect; `disabled` ids (a node and its descendants when moving) cannot be picked. */
export function toTreeSelect(
  nodes: readonly OrganizationNode[],
  disabled: ReadonlySet<number> = new Set(),
): TreeSelectNode[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.name,
    disabled: disabled.has(node.id),
    children: toTreeSelect(node.children, disabled),
  }));
}

/** Where a dragged node lands, in the server's terms: the new parent and the position among its children. */
export interface DropTarget {
  parent_id: number | null;
  sort: number;
}

/**
 * Translates an antd Tree drop into a move. `position` is -1 (before the target), 1 (after it) or
 * 0 (into it); dropping just below an expanded node with children puts the node first inside it,
 * as the tree draws it. Returns null for a drop that changes nothing or would create a cycle (the
 * server refuses those too).
 */
export function dropTarget(
  nodes: readonly OrganizationNode[],
  dragId: number,
  targetId: number,
  position: -1 | 0 | 1,
  targetExpanded: boolean,
): DropTarget | null {
  const target = findNode(nodes, targetId);
  if (!target || subtreeIdsOf(nodes, dragId).has(targetId)) return null;
  if (position === 0 || (position === 1 && targetExpanded && target.children.length > 0)) {
    return { parent_id: target.id, sort: 0 };
  }
  const parent = target.parent_id === null ? undefined : findNode(nodes, target.parent_id);
  // A root of a scoped user's view keeps its real parent id; the server decides whether that is allowed.
  const siblings = (parent ? parent.children : nodes.filter((n) => n.parent_id === target.parent_id)).filter(
    (n) => n.id !== dragId,
  );
  const index = siblings.findIndex((n) => n.id === targetId);
  return { parent_id: target.parent_id, sort: position === -1 ? index : index + 1 };
}
