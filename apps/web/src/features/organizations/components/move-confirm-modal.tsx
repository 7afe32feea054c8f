import { Modal } from 'antd';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../../lib/i18n.ts';
import { findNode, type DropTarget } from '../../../lib/tree-utils.ts';
import '../i18n.ts';

interface Props {
  tree: readonly OrganizationNode[];
  node: OrganizationNode;
  target: DropTarget;
  loading: boolean;
  onOk: () => Promise<void>;
  onCancel: () => void;
}

/** Asks before a drop gives an organisation another parent: that changes who sees it and its meetings. */
export function MoveConfirmModal({ tree, node, target, loading, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={
        target.parent_id === null
          ? t('organizations.moveToTopConfirm', { name: node.name })
          : t('organizations.moveConfirm', {
              name: node.name,
              parent: findNode(tree, target.parent_id)?.name ?? '',
            })
      }
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ ...{ 'data-testid': 'org-move-confirm' } }}
      confirmLoading={loading}
      onOk={onOk}
      onCancel={onCancel}
    >
      {t('organizations.moveScope')}
    </Modal>
  );
}
