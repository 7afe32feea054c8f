import { Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { API_TOKEN_STATES, type ApiToken } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView, field, useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { toast } from '../../lib/toast.ts';
import { useApiTokens, useRevokeApiToken } from './api-tokens-api.ts';
import { ApiTokenAdd } from './components/api-token-add.tsx';
import { Stamp } from './components/stamp.tsx';
import {
  ApiTokenLastUsedCell,
  ApiTokenNameCell,
  ApiTokenPermissionsCell,
  ApiTokenRevokeCell,
} from './components/api-token-cells.tsx';
import './i18n.ts';

const PAGE_SIZES = [10, 20, 50, 100];
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

  const columns: TableColumnsType<ApiToken> = [
    {
      title: t('integrations.tokens.name'),
      key: 'name',
      width: 200,
      render: (_, token) => <ApiTokenNameCell token={token} />,
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
      render: (_, token) => <ApiTokenPermissionsCell token={token} />,
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
      render: (_, token) => <ApiTokenLastUsedCell token={token} />,
    },
    {
      title: t('integrations.tokens.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, token) => <ApiTokenRevokeCell token={token} onRevoke={() => revokeToken(token)} />,
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
          <ApiTokenAdd />
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
    </PageCard>
  );
}
