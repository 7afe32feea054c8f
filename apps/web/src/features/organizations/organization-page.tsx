import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Flex, Input, Modal, Popconfirm, Skeleton, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../lib/i18n.ts';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePageVisible } from '../../lib/page-visibility.ts';
import { toast } from '../../lib/toast.ts';
import { Auth, usePermission } from '../../components/permission.tsx';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { parseOrganizationLink } from '../../lib/dialog-links.ts';
import {
  useCreateOrganization,
  useDeleteOrganization,
  useMoveOrganization,
  useOrganizationTree,
  useRenameOrganization,
} from './organizations-api.ts';
import { OrganizationMoveDialog, OrganizationNameDialog } from './components/organization-dialogs.tsx';
import { dropTarget, filterTree, findNode, splitMatch, type DropTarget } from '../../lib/tree-utils.ts';
import './i18n.ts';

type Dialog =
  | { kind: 'create'; parent: OrganizationNode | null }
  | { kind: 'rename'; node: OrganizationNode }
  | { kind: 'move'; node: OrganizationNode }
  | null;

interface TreeItem extends TreeDataNode {
  key: number;
  title: string;
  node: OrganizationNode;
  children: TreeItem[];
}

const toItems = (nodes: readonly OrganizationNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, node, children: toItems(node.children) }));

const withChildren = (nodes: readonly OrganizationNode[]): number[] =>
  nodes.flatMap((n) => (n.children.length ? [n.id, ...withChildren(n.children)] : []));

function Highlighted({ name, keyword }: { name: string; keyword: string }) {
  const parts = splitMatch(name, keyword);
  if (!parts) return <span>{name}</span>;
  return (
    <span>
      {parts[0]}
      <Typography.Text mark data-testid="org-match">
        {parts[1]}
      </Typography.Text>
      {parts[2]}
    </span>
  );
}

/** /system_setting/organization: the organisation tree with search, add, rename, delete and move. */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const canEdit = usePermission().hasAny('organization:edit');
  const scoped = useSessionStore((s) => s.user?.organization_id != null);
  const { data: tree = [], isLoading } = useOrganizationTree();
  const create = useCreateOrganization();
  const rename = useRenameOrganization();
  const move = useMoveOrganization();
  const remove = useDeleteOrganization();
  const [keyword, setKeyword] = useState('');
  // null: nothing toggled yet, so every node with children starts expanded.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [autoExpandParent, setAutoExpandParent] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  // One delete bubble at a time, closed by the answer whatever it is (a refusal is toasted).
  const [confirmingDelete, setConfirmingDelete] = useState<number | null>(null);
  const [pendingMove, setPendingMove] = useState<{ node: OrganizationNode; target: DropTarget } | null>(null);

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

  const confirmDelete = async (node: OrganizationNode) => {
    setConfirmingDelete(null);
    try {
      await remove.mutateAsync(node.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The client has already shown the server's reason (children, users or meetings).
    }
  };

  const renderTitle = (item: TreeItem) => {
    const { node } = item;
    return (
      <span data-testid="org-node" data-id={node.id} className="org-node">
        <Highlighted name={node.name} keyword={keyword} />
        <Auth value="organization:edit">
          <span
            data-testid="org-node-actions"
            style={{ marginInlineStart: 12 }}
            onClick={(e) => e.stopPropagation()}
          >
            <Button
              type="link"
              size="small"
              data-testid="org-edit"
              onClick={() => setDialog({ kind: 'rename', node })}
            >
              {t('organizations.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid="org-add-child"
              onClick={() => setDialog({ kind: 'create', parent: node })}
            >
              {t('organizations.addChild')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid="org-move"
              onClick={() => setDialog({ kind: 'move', node })}
            >
              {t('organizations.moveTo')}
            </Button>
            <Popconfirm
              title={t('organizations.deleteConfirm', { name: node.name })}
              description={t('organizations.deleteHint')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'org-delete-confirm' } }}
              open={confirmingDelete === node.id}
              onOpenChange={(open) => setConfirmingDelete(open ? node.id : null)}
              onConfirm={() => confirmDelete(node)}
            >
              <Button type="link" size="small" danger data-testid="org-delete">
                {t('organizations.delete')}
              </Button>
            </Popconfirm>
          </span>
        </Auth>
      </span>
    );
  };

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

  // The org_dialog route links here with ?dialog=add&parent=<id>: open the add dialog once.
  const [params, setParams] = useSearchParams();
  const [seenParams, setSeenParams] = useState<URLSearchParams>();
  const link = visible && !isLoading ? parseOrganizationLink(params) : undefined;
  if (link && params !== seenParams) {
    setSeenParams(params);
    const parent = link.parentId === null ? null : (findNode(tree, link.parentId) ?? null);
    // A user bound to an organisation cannot add a top-level one.
    if (parent !== null || !scoped) setDialog({ kind: 'create', parent });
  }
  useEffect(() => {
    if (link) setParams({}, { replace: true });
  }, [link, setParams]);

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

      {dialog?.kind === 'create' && (
        <OrganizationNameDialog
          title={dialog.parent ? t('organizations.addChild') : t('organizations.addRoot')}
          parentName={dialog.parent?.name}
          onCancel={closeDialog}
          onSubmit={async ({ name }) => {
            await create.mutateAsync({ name, parent_id: dialog.parent?.id ?? null });
            toast.success(t('message.addSuccess'));
            if (dialog.parent) setExpanded([...new Set([...expandedKeys, dialog.parent.id])]);
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <OrganizationNameDialog
          title={t('organizations.rename')}
          initialName={dialog.node.name}
          initialRegion={dialog.node.region}
          onCancel={closeDialog}
          onSubmit={async (values) => {
            await rename.mutateAsync({ id: dialog.node.id, ...values });
            toast.success(t('message.editSuccess'));
            closeDialog();
          }}
        />
      )}
      {pendingMove && (
        <Modal
          open
          title={
            pendingMove.target.parent_id === null
              ? t('organizations.moveToTopConfirm', { name: pendingMove.node.name })
              : t('organizations.moveConfirm', {
                  name: pendingMove.node.name,
                  parent: findNode(tree, pendingMove.target.parent_id)?.name ?? '',
                })
          }
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ ...{ 'data-testid': 'org-move-confirm' } }}
          confirmLoading={move.isPending}
          onOk={() => moveNode(pendingMove.node, pendingMove.target)}
          onCancel={() => setPendingMove(null)}
        >
          {t('organizations.moveScope')}
        </Modal>
      )}
      {dialog?.kind === 'move' && (
        <OrganizationMoveDialog
          tree={tree}
          node={dialog.node}
          onCancel={closeDialog}
          onSubmit={async (parentId) => {
            await move.mutateAsync({ id: dialog.node.id, parent_id: parentId });
            toast.success(t('message.operationSuccess'));
            closeDialog();
          }}
        />
      )}
    </PageCard>
  );
}
