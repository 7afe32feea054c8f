import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Skeleton, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../lib/i18n.ts';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePageVisible } from '../../lib/page-visibility.ts';
import { toast } from '../../lib/toast.ts';
import { Auth, usePermission } from '../../components/permission.tsx';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { useDeleteOrganization, useOrganizationTree } from './organizations-api.ts';
import { OrganizationDialogHost, type OrganizationDialog } from './components/organization-dialog-host.tsx';
import { OrganizationNodeTitle } from './components/organization-node-title.tsx';
import { MoveConfirmModal } from './components/move-confirm-modal.tsx';
import { filterTree } from '../../lib/tree-utils.ts';
import { toItems, withChildren, type TreeItem } from './organization-tree.ts';
import { useOrganizationDrop } from './use-organization-drop.ts';
import { useOrganizationLink } from './use-organization-link.ts';
import './i18n.ts';

/** /system_setting/organization: the organisation tree with search, add, rename, delete and move. */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const canEdit = usePermission().hasAny('organization:edit');
  const scoped = useSessionStore((s) => s.user?.organization_id != null);
  const { data: tree = [], isLoading } = useOrganizationTree();
  const remove = useDeleteOrganization();
  const [keyword, setKeyword] = useState('');
  // null: nothing toggled yet, so every node with children starts expanded.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [autoExpandParent, setAutoExpandParent] = useState(false);
  const [dialog, setDialog] = useState<OrganizationDialog>(null);
  // One delete bubble at a time, closed by the answer whatever it is (a refusal is toasted).
  const [confirmingDelete, setConfirmingDelete] = useState<number | null>(null);
  const { move, pendingMove, cancelMove, moveNode, onDrop } = useOrganizationDrop(tree);

  const filtered = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const items = useMemo(() => toItems(filtered.nodes), [filtered]);
  const expandedKeys = expanded ?? withChildren(tree);

  const onSearch = (value: string) => {
    setKeyword(value);
    const result = filterTree(tree, value);
    if (value.trim()) {
      setExpanded(result.expand);
      setAutoExpandParent(true);
    }
  };

  const confirmDelete = async (node: OrganizationNode) => {
    setConfirmingDelete(null);
    try {
      await remove.mutateAsync(node.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The client has already shown the server's reason (children, users or meetings).
    }
  };

  const renderTitle = ({ node }: TreeItem) => (
    <OrganizationNodeTitle
      node={node}
      keyword={keyword}
      confirmingDelete={confirmingDelete === node.id}
      onConfirmingDelete={(open) => setConfirmingDelete(open ? node.id : null)}
      onEdit={() => setDialog({ kind: 'rename', node })}
      onAddChild={() => setDialog({ kind: 'create', parent: node })}
      onMove={() => setDialog({ kind: 'move', node })}
      onDelete={() => confirmDelete(node)}
    />
  );

  // Top-level organisations are for users not bound to one (administrators).
  const addRoot = scoped ? null : (
    <Auth value="organization:edit">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid="org-add-root"
        onClick={() => setDialog({ kind: 'create', parent: null })}
      >
        {t('organizations.addRoot')}
      </Button>
    </Auth>
  );

  let body;
  if (isLoading) {
    body = <Skeleton active data-testid="org-loading" />;
  } else if (tree.length === 0) {
    body = (
      <Empty description={t('organizations.empty')} data-testid="org-empty">
        {addRoot}
      </Empty>
    );
  } else if (items.length === 0) {
    body = <Empty description={t('organizations.noMatch')} data-testid="org-no-match" />;
  } else {
    body = (
      <Tree<TreeItem>
        data-testid="org-tree"
        blockNode
        treeData={items}
        titleRender={renderTitle}
        expandedKeys={expandedKeys}
        autoExpandParent={autoExpandParent}
        onExpand={(keys) => {
          setExpanded(keys.map(Number));
          setAutoExpandParent(false);
        }}
        draggable={canEdit && !keyword.trim() ? { icon: false } : false}
        onDrop={onDrop}
        selectable={false}
      />
    );
  }

  const closeDialog = () => setDialog(null);

  useOrganizationLink(tree, visible && !isLoading, scoped, (parent) => setDialog({ kind: 'create', parent }));

  return (
    <PageCard>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.organization')}</PageTitle>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('organizations.search')}
            value={keyword}
            onChange={(e) => onSearch(e.target.value)}
            style={{ width: 240 }}
            data-testid="org-search"
          />
          {tree.length > 0 && addRoot}
        </Flex>
      </Flex>
      {canEdit && tree.length > 0 && (
        <Typography.Paragraph type="secondary">{t('organizations.dragHint')}</Typography.Paragraph>
      )}
      {body}

      <OrganizationDialogHost
        dialog={dialog}
        tree={tree}
        onClose={closeDialog}
        onAddedUnder={(parent) => setExpanded([...new Set([...expandedKeys, parent.id])])}
      />
      {pendingMove && (
        <MoveConfirmModal
          tree={tree}
          node={pendingMove.node}
          target={pendingMove.target}
          loading={move.isPending}
          onOk={() => moveNode(pendingMove.node, pendingMove.target)}
          onCancel={cancelMove}
        />
      )}
    </PageCard>
  );
}
