import { useState } from 'react';
import type { TreeProps } from 'antd';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { dropTarget, findNode, type DropTarget } from '../../lib/tree-utils.ts';
import { useMoveOrganization } from './organizations-api.ts';
import type { TreeItem } from './organization-tree.ts';
import './i18n.ts';

/** Dragging an organisation in the tree: reorders at once, asks first before it changes the parent. */
export function useOrganizationDrop(tree: readonly OrganizationNode[]) {
  const { t } = useTranslation();
  const move = useMoveOrganization();
  const [pendingMove, setPendingMove] = useState<{ node: OrganizationNode; target: DropTarget } | null>(null);

  const moveNode = async (node: OrganizationNode, target: DropTarget) => {
    try {
      await move.mutateAsync({ id: node.id, ...target });
      toast.success(t('message.operationSuccess'));
    } catch {
      // The client has already shown the server's reason.
    } finally {
      setPendingMove(null);
    }
  };

  const onDrop: TreeProps<TreeItem>['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const position = !info.dropToGap ? 0 : relative === -1 ? -1 : 1;
    const target = dropTarget(tree, info.dragNode.key, info.node.key, position, Boolean(info.node.expanded));
    const node = findNode(tree, info.dragNode.key);
    if (!target || !node) return;
    // Another parent changes who sees the organisation and its meetings: ask first. Reordering does not.
    if (target.parent_id !== node.parent_id) setPendingMove({ node, target });
    else void moveNode(node, target);
  };

  return { move, pendingMove, cancelMove: () => setPendingMove(null), moveNode, onDrop };
}
