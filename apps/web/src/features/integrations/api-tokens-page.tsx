import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { API_TOKEN_STATES, type ApiToken, type CreatedApiToken } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView, field, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { toast } from '../../lib/toast.ts';
import { useApiTokens, useRevokeApiToken } from './api-tokens-api.ts';
import { ApiTokenFormDialog } from './components/api-token-form-dialog.tsx';
import { SecretModal } from './components/secret-modal.tsx';
import { Stamp } from './components/stamp.tsx';
import './i18n.ts';

const PAGE_SIZES = [10, 20, 50, 100];
/** Permissions shown as tags in a row; the rest are counted, and listed in a tooltip. */
const SHOWN_PERMISSIONS = 2;
const STATE_COLORS: Record<ApiToken['state'], string> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};
const nowrap = { whiteSpace: 'nowrap' } as const;

/** /system_setting/api-tokens: who may call the API unattended, with what, until when; create and revoke. */
export default function ApiTokensPage() {
  const { t } = useTranslation();
  const list = useListState({
    filters: { state: field.enum(API_TOKEN_STATES) },
    sizes: PAGE_SIZES,
    defaultSize: 20,
  });
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const state = list.filters.state;
  const rows = (tokens.data ?? []).filter((token) => !state || token.state === state);

  const revokeToken = async (token: ApiToken) => {
    try {
      await revoke.mutateAsync(token.id);
      toast.success(t('integrations.tokens.revoked'));
    } catch {
      // The client has shown the server's reason (a token's own request may not revoke: 40320).
    }
  };

  const permissionLabel = (permission: string) => t(`integrations.permissions.${permission}`);

  const columns: TableColumnsType<ApiToken> = [
    {
      title: t('integrations.tokens.name'),
      key: 'name',
      width: 200,
      render: (_, token) => (
        <div style={{ minWidth: 120 }}>
          <div data-testid="api-token-name">{token.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="api-token-owner">
            {t('integrations.tokens.ownedBy', { name: token.owner.name, account: token.owner.account })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('integrations.tokens.hint'),
      dataIndex: 'hint',
      key: 'hint',
      render: (hint: string) => (
        <Typography.Text code style={nowrap} data-testid="api-token-hint">
          {hint}
        </Typography.Text>
      ),
    },
    {
      title: t('integrations.tokens.permissions'),
      key: 'permissions',
      width: 230,
      render: (_, token) => {
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
      },
    },
    {
      title: t('integrations.tokens.state'),
      key: 'state',
      render: (_, token) => (
        <Tag color={STATE_COLORS[token.state]} data-testid="api-token-state">
          {t(`integrations.tokens.states.${token.state}`)}
        </Tag>
      ),
    },
    {
      title: t('integrations.tokens.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (ms: number) => <Stamp ms={ms} />,
    },
    {
      title: t('integrations.tokens.expiresAt'),
      dataIndex: 'expires_at',
      key: 'expires_at',
      render: (ms: number | null) =>
        ms === null ? <Tag color="orange">{t('integrations.tokens.never')}</Tag> : <Stamp ms={ms} />,
    },
    {
      title: t('integrations.tokens.lastUsed'),
      key: 'last_used',
      render: (_, token) =>
        token.last_used_at === null ? (
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
        ),
    },
    {
      title: t('integrations.tokens.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, token) =>
        token.state === 'active' ? (
          <Popconfirm
            title={t('integrations.tokens.revokeTitle', { name: token.name })}
            description={<div style={{ maxWidth: 320 }}>{t('integrations.tokens.revokeText')}</div>}
            okText={t('integrations.tokens.revoke')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, ...{ 'data-testid': 'api-token-revoke-confirm' } }}
            onConfirm={() => revokeToken(token)}
          >
            <Button type="link" size="small" danger data-testid="api-token-revoke">
              {t('integrations.tokens.revoke')}
            </Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  const view = useTableView(columns);

  return (
    <PageCard>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.apiTokens')}</PageTitle>
        <Flex gap={8} wrap>
          <Select
            allowClear
            value={state}
            placeholder={t('integrations.tokens.allStates')}
            aria-label={t('integrations.tokens.state')}
            style={{ width: 160 }}
            data-testid="api-token-filter-state"
            options={API_TOKEN_STATES.map((s) => ({ value: s, label: t(`integrations.tokens.states.${s}`) }))}
            onChange={(value?: ApiToken['state']) => list.setFilters({ state: value })}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="api-token-add"
            onClick={() => setFormOpen(true)}
          >
            {t('integrations.tokens.add')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('integrations.tokens.intro')}
      </Typography.Paragraph>
      <ListToolbar
        view={view}
        total={tokens.data ? rows.length : undefined}
        onRefresh={() => void tokens.refetch()}
        refreshing={tokens.isFetching}
      />
      <Table<ApiToken>
        data-testid="api-token-table"
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={rows}
        loading={tokens.isFetching}
        locale={{
          emptyText: emptyTextFor(
            tokens,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('integrations.tokens.empty')} />,
          ),
        }}
        // Empty, nothing scrolls: a scroll box without anything focusable in it fails keyboard users.
        scroll={rows.length > 0 ? { x: 'max-content' } : undefined}
        pagination={{
          current: list.page,
          pageSize: list.size,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('integrations.tokenTotal', { count: total }),
          onChange: list.setPage,
        }}
      />

      {formOpen && (
        <ApiTokenFormDialog
          onClose={() => setFormOpen(false)}
          onCreated={(token) => {
            setFormOpen(false);
            setCreated(token);
          }}
        />
      )}
      {created && (
        <SecretModal
          title={t('integrations.tokens.secretTitle')}
          label={t('integrations.tokens.secretLabel')}
          secret={created.secret}
          usage={t('integrations.tokens.secretUse')}
          onClose={() => setCreated(null)}
        />
      )}
    </PageCard>
  );
}
