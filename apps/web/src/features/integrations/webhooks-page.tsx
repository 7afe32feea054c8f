import { lazy, Suspense, useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@meetflow/shared/schemas/integrations';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from './webhooks-api.ts';
import { eventLabel, withEnabled } from './webhook-form.ts';
import { SecretModal } from './components/secret-modal.tsx';
import { WebhookTestAction } from './components/webhook-test-action.tsx';
import './i18n.ts';

// The form and the delivery log load when first opened.
const WebhookFormDialog = lazy(() =>
  import('./components/webhook-form-dialog.tsx').then((m) => ({ default: m.WebhookFormDialog })),
);
const DeliveryLogDrawer = lazy(() => import('./components/delivery-log-drawer.tsx'));

/** Event types shown as tags in a row; the rest are counted, and listed in a tooltip. */
const SHOWN_EVENTS = 2;
const nowrap = { whiteSpace: 'nowrap' } as const;

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret; rotated: boolean }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | null;

/** /system_setting/webhooks: where events are sent, their state, and each endpoint's delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const endpoints = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The endpoint whose switch is under way. */
  const [busy, setBusy] = useState<number | null>(null);
  const testLabel = t('integrations.webhooks.testEvent');

  const run = async (id: number, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  };

  const toggle = (endpoint: WebhookEndpoint, enabled: boolean) =>
    run(endpoint.id, async () => {
      await update.mutateAsync({ id: endpoint.id, body: withEnabled(endpoint, enabled) });
      toast.success(t(enabled ? 'integrations.webhooks.enabledNow' : 'integrations.webhooks.disabledNow'));
    });

  const rotateSecret = async (endpoint: WebhookEndpoint) => {
    try {
      setDialog({ kind: 'secret', endpoint: await rotate.mutateAsync(endpoint.id), rotated: true });
    } catch {
      // The client has shown the server's reason.
    }
  };

  const deleteEndpoint = async (endpoint: WebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The client has shown the server's reason.
    }
  };

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('integrations.webhooks.url'),
      key: 'url',
      width: 290,
      render: (_, endpoint) => (
        <div style={{ maxWidth: 258 }}>
          <Typography.Text
            code
            ellipsis={{ tooltip: endpoint.url }}
            style={{ maxWidth: '100%' }}
            data-testid="webhook-url"
          >
            {endpoint.url}
          </Typography.Text>
          {endpoint.description && (
            <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
              {endpoint.description}
            </Typography.Paragraph>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="webhook-secret-hint">
              {t('integrations.webhooks.secretHint', { hint: endpoint.secret_hint })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('integrations.webhooks.events'),
      key: 'events',
      width: 230,
      render: (_, endpoint) => {
        const labels = endpoint.event_types.map((type) => eventLabel(type, lang, testLabel));
        const rest = labels.slice(SHOWN_EVENTS);
        return (
          <Flex wrap gap={4} data-testid="webhook-events">
            {labels.slice(0, SHOWN_EVENTS).map((label) => (
              <Tag key={label} style={{ marginInlineEnd: 0 }}>
                {label}
              </Tag>
            ))}
            {rest.length > 0 && (
              <Tooltip title={rest.join('、')}>
                <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
                  {t('integrations.webhooks.moreEvents', { count: rest.length })}
                </Tag>
              </Tooltip>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('integrations.webhooks.organization'),
      key: 'organization',
      width: 140,
      render: (_, endpoint) => endpoint.organization_name ?? t('integrations.webhooks.allOrganizations'),
    },
    {
      title: t('integrations.webhooks.status'),
      key: 'status',
      width: 200,
      render: (_, endpoint) => (
        <Flex vertical gap={4} align="flex-start" data-testid="webhook-status">
          <Flex gap={8} align="center" style={nowrap}>
            <Switch
              size="small"
              checked={endpoint.enabled}
              loading={busy === endpoint.id}
              aria-label={t('integrations.webhooks.toggle', { url: endpoint.url })}
              onChange={(checked) => void toggle(endpoint, checked)}
              data-testid="webhook-toggle"
            />
            <span>
              {endpoint.enabled ? t('integrations.webhooks.statusOn') : t('integrations.webhooks.statusOff')}
            </span>
          </Flex>
          {endpoint.disabled_reason === 'failing' && (
            <Tooltip title={t('integrations.webhooks.disabledFailingHelp')}>
              <Tag
                color="error"
                icon={<WarningOutlined />}
                tabIndex={0}
                style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
                data-testid="webhook-disabled-failing"
              >
                {t('integrations.webhooks.disabledFailing')}
              </Tag>
            </Tooltip>
          )}
          {endpoint.pending > 0 && (
            <Tag color="orange" data-testid="webhook-pending">
              {t('integrations.webhooks.pending', { count: endpoint.pending })}
            </Tag>
          )}
          {endpoint.failing_since !== null && (
            <Typography.Text type="danger" data-testid="webhook-failing-since">
              {t('integrations.webhooks.failingSince')}
              <br />
              {formatDateTime(endpoint.failing_since)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('integrations.webhooks.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, endpoint) => (
        <Flex vertical align="flex-start">
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              data-testid="webhook-deliveries"
              onClick={() => setDialog({ kind: 'deliveries', endpoint })}
            >
              {t('integrations.webhooks.deliveries')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid="webhook-edit"
              onClick={() => setDialog({ kind: 'form', endpoint })}
            >
              {t('integrations.webhooks.edit')}
            </Button>
            <Popconfirm
              title={t('integrations.webhooks.rotateTitle')}
              description={<div style={{ maxWidth: 320 }}>{t('integrations.webhooks.rotateText')}</div>}
              okText={t('integrations.webhooks.rotate')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'webhook-rotate-confirm' } }}
              onConfirm={() => rotateSecret(endpoint)}
            >
              <Button type="link" size="small" data-testid="webhook-rotate">
                {t('integrations.webhooks.rotate')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('integrations.webhooks.deleteTitle')}
              description={
                <div style={{ maxWidth: 320, wordBreak: 'break-all' }}>
                  {t('integrations.webhooks.deleteText', { url: endpoint.url })}
                </div>
              }
              okText={t('integrations.webhooks.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'webhook-delete-confirm' } }}
              onConfirm={() => deleteEndpoint(endpoint)}
            >
              <Button type="link" size="small" danger data-testid="webhook-delete">
                {t('integrations.webhooks.delete')}
              </Button>
            </Popconfirm>
          </Space>
          <WebhookTestAction endpoint={endpoint} />
        </Flex>
      ),
    },
  ];

  const view = useTableView(columns);

  return (
    <PageCard>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.webhooks')}</PageTitle>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="webhook-add"
          onClick={() => setDialog({ kind: 'form', endpoint: null })}
        >
          {t('integrations.webhooks.add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('integrations.webhooks.intro')}
      </Typography.Paragraph>
      <ListToolbar
        view={view}
        total={endpoints.data?.length}
        onRefresh={() => void endpoints.refetch()}
        refreshing={endpoints.isFetching}
      />
      <Table<WebhookEndpoint>
        data-testid="webhook-table"
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={endpoints.data ?? []}
        loading={endpoints.isFetching}
        locale={{
          emptyText: emptyTextFor(
            endpoints,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('integrations.webhooks.empty')} />,
          ),
        }}
        // Empty, nothing scrolls: a scroll box without anything focusable in it fails keyboard users.
        scroll={endpoints.data?.length ? { x: 'max-content' } : undefined}
        pagination={false}
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'form' && (
          <WebhookFormDialog
            endpoint={dialog.endpoint}
            onClose={() => setDialog(null)}
            onSaved={(saved) => {
              if ('secret' in saved) setDialog({ kind: 'secret', endpoint: saved, rotated: false });
              else {
                toast.success(t('message.editSuccess'));
                setDialog(null);
              }
            }}
          />
        )}
        {dialog?.kind === 'deliveries' && (
          <DeliveryLogDrawer endpoint={dialog.endpoint} onClose={() => setDialog(null)} />
        )}
      </Suspense>
      {dialog?.kind === 'secret' && (
        <SecretModal
          title={t(
            dialog.rotated ? 'integrations.webhooks.rotatedTitle' : 'integrations.webhooks.createdTitle',
          )}
          label={t('integrations.webhooks.secretLabel')}
          secret={dialog.endpoint.secret}
          usage={t('integrations.webhooks.secretUse')}
          onClose={() => setDialog(null)}
        />
      )}
    </PageCard>
  );
}
