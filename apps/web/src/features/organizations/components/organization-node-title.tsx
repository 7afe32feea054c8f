import { Link } from 'react-router';
import { Button, Popconfirm, Typography } from 'antd';
import type { OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Auth } from '../../../components/permission.tsx';
import { splitMatch } from '../../../lib/tree-utils.ts';
import { PAYMENT_READERS, paymentAccountLink } from '../../../lib/payment-setup.ts';
import '../i18n.ts';

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

interface Props {
  node: OrganizationNode;
  keyword: string;
  /** Whether this node's delete bubble is open. */
  confirmingDelete: boolean;
  onConfirmingDelete: (open: boolean) => void;
  onEdit: () => void;
  onAddChild: () => void;
  onMove: () => void;
  onDelete: () => Promise<void>;
}

/** A tree node: its name (the search match marked) and, for editors, its actions. */
export function OrganizationNodeTitle({ node, keyword, confirmingDelete, ...on }: Props) {
  const { t } = useTranslation();
  return (
    <span data-testid="org-node" data-id={node.id} className="org-node">
      <Highlighted name={node.name} keyword={keyword} />
      {/* Where the organisation is paid (issue 44): the fees feature's page, reached by its path. */}
      <Auth value={PAYMENT_READERS}>
        <span style={{ marginInlineStart: 12 }} onClick={(e) => e.stopPropagation()}>
          <Link to={paymentAccountLink(node.id)} data-testid="org-payment-account">
            {t('organizations.paymentAccount')}
          </Link>
        </span>
      </Auth>
      <Auth value="organization:edit">
        <span
          data-testid="org-node-actions"
          style={{ marginInlineStart: 12 }}
          onClick={(e) => e.stopPropagation()}
        >
          <Button type="link" size="small" data-testid="org-edit" onClick={on.onEdit}>
            {t('organizations.edit')}
          </Button>
          <Button type="link" size="small" data-testid="org-add-child" onClick={on.onAddChild}>
            {t('organizations.addChild')}
          </Button>
          <Button type="link" size="small" data-testid="org-move" onClick={on.onMove}>
            {t('organizations.moveTo')}
          </Button>
          <Popconfirm
            title={t('organizations.deleteConfirm', { name: node.name })}
            description={t('organizations.deleteHint')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'org-delete-confirm' } }}
            open={confirmingDelete}
            onOpenChange={on.onConfirmingDelete}
            onConfirm={on.onDelete}
          >
            <Button type="link" size="small" danger data-testid="org-delete">
              {t('organizations.delete')}
            </Button>
          </Popconfirm>
        </span>
      </Auth>
    </span>
  );
}
