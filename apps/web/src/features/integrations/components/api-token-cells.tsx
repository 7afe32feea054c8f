import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ApiToken } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../../lib/i18n.ts';
import { Stamp } from './stamp.tsx';
import '../i18n.ts';

/** Permissions shown as tags in a row; the rest are counted, and listed in a tooltip. */
const SHOWN_PERMISSIONS = 2;

interface CellProps {
  token: ApiToken;
}

/** The token's name and its owner. */
export function ApiTokenNameCell({ token }: CellProps) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 120 }}>
      <div data-testid="api-token-name">{token.name}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="api-token-owner">
        {t('integrations.tokens.ownedBy', { name: token.owner.name, account: token.owner.account })}
      </Typography.Text>
    </div>
  );
}

/** The first permissions as tags, the rest counted. */
export function ApiTokenPermissionsCell({ token }: CellProps) {
  const { t } = useTranslation();
  const permissionLabel = (permission: string) => t(`integrations.permissions.${permission}`);
  const shown = token.permissions.slice(0, SHOWN_PERMISSIONS);
  const rest = token.permissions.slice(SHOWN_PERMISSIONS);
  return (
    <Flex wrap gap={4}>
      {shown.map((permission) => (
        <Tag key={permission} style={{ marginInlineEnd: 0 }}>
          {permissionLabel(permission)}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map(permissionLabel).join('、')}>
          <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
            +{rest.length}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** When and from where the token was last used, or that it never was. */
export function ApiTokenLastUsedCell({ token }: CellProps) {
  const { t } = useTranslation();
  return token.last_used_at === null ? (
    <Typography.Text type="secondary">{t('integrations.tokens.neverUsed')}</Typography.Text>
  ) : (
    <div data-testid="api-token-last-used">
      <Stamp ms={token.last_used_at} />
      {token.last_used_ip && (
        <div>
          <Typography.Text type="secondary">{token.last_used_ip}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** Revoke, asked first; only an active token has it. */
export function ApiTokenRevokeCell({ token, onRevoke }: CellProps & { onRevoke: () => Promise<void> }) {
  const { t } = useTranslation();
  return token.state === 'active' ? (
    <Popconfirm
      title={t('integrations.tokens.revokeTitle', { name: token.name })}
      description={<div style={{ maxWidth: 320 }}>{t('integrations.tokens.revokeText')}</div>}
      okText={t('integrations.tokens.revoke')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'api-token-revoke-confirm' } }}
      onConfirm={onRevoke}
    >
      <Button type="link" size="small" danger data-testid="api-token-revoke">
        {t('integrations.tokens.revoke')}
      </Button>
    </Popconfirm>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}
