import type { TreeDataNode } from 'antd';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';

/** An organisation as a node of the Ant Design tree. */
export interface TreeItem extends TreeDataNode {
  key: number;
  title: string;
  node: OrganizationNode;
  children: TreeItem[];
}

export const toItems = (nodes: readonly OrganizationNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, node, children: toItems(node.children) }));

/** The ids of the organisations that have children: the ones expanded before anything is toggled. */
export const withChildren = (nodes: readonly OrganizationNode[]): number[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...withChildren(n.children)] : []));
