import { lazy, Suspense, useState } from 'react';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../lib/i18n.ts';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { emptyTextFor } from '../../components/load-error.tsx';
import { toast } from '../../lib/toast.ts';
import { useWebhooks } from './webhooks-api.ts';
import { useWebhookActions } from './use-webhook-actions.ts';
import { SecretModal } from './components/secret-modal.tsx';
import {
  WebhookActionsCell,
  WebhookEventsCell,
  WebhookStatusCell,
  WebhookUrlCell,
} from './components/webhook-cells.tsx';
import './i18n.ts';

// The form and the delivery log load when first opened.
const WebhookFormDialog = lazy(() =>
  import('./components/webhook-form-dialog.tsx').then((m) => ({ default: m.WebhookFormDialog })),
);
const DeliveryLogDrawer = lazy(() => import('./components/delivery-log-drawer.tsx'));

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret; rotated: boolean }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | null;

/** /system_setting/webhooks: where events are sent, their state, and each endpoint's delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useWebhooks();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busy, toggle, rotateSecret, deleteEndpoint } = useWebhookActions((endpoint) =>
    setDialog({ kind: 'secret', endpoint, rotated: true }),
  );

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('integrations.webhooks.url'),
      key: 'url',
      width: 290,
      render: (_, endpoint) => <WebhookUrlCell endpoint={endpoint} />,
    },
    {
      title: t('integrations.webhooks.events'),
      key: 'events',
      width: 230,
      render: (_, endpoint) => <WebhookEventsCell endpoint={endpoint} />,
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
        <WebhookStatusCell
          endpoint={endpoint}
          busy={busy === endpoint.id}
          onToggle={(checked) => void toggle(endpoint, checked)}
        />
      ),
    },
    {
      title: t('integrations.webhooks.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, endpoint) => (
        <WebhookActionsCell
          endpoint={endpoint}
          onDeliveries={() => setDialog({ kind: 'deliveries', endpoint })}
          onEdit={() => setDialog({ kind: 'form', endpoint })}
          onRotate={() => rotateSecret(endpoint)}
          onDelete={() => deleteEndpoint(endpoint)}
        />
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
