import { useState } from 'react';
import { Button, Drawer, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import {
  WEBHOOK_DELIVERY_STATES,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '@meetflow/shared/schemas/integrations';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import type { Language } from '@meetflow/shared/languages';
import { formatDateTime } from '../../../lib/date-time.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { useDeliveries } from '../webhooks-api.ts';
import { DeliveryDetail } from './delivery-detail.tsx';
import { Stamp } from './stamp.tsx';
import { DELIVERY_STATE_COLORS, eventLabel } from '../webhook-form.ts';
import '../i18n.ts';

const PAGE_SIZES = [10, 20, 50];
const nowrap = { whiteSpace: 'nowrap' } as const;

interface Props {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}

/** One endpoint's deliveries, newest first: state, attempts, the last answer; a row opens its detail. */
export default function DeliveryLogDrawer({ endpoint, onClose }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [state, setState] = useState<WebhookDeliveryState | undefined>(undefined);
  const deliveries = useDeliveries(endpoint.id, { page, page_size: pageSize, state });

  return (
    <Drawer
      open
      size="min(1000px, 100vw)"
      title={
        <span style={{ wordBreak: 'break-all' }}>
          {t('integrations.deliveries.title', { url: endpoint.url })}
        </span>
      }
      onClose={onClose}
    >
      <div data-testid="delivery-drawer">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Select
            allowClear
            value={state}
            placeholder={t('integrations.deliveries.allStates')}
            aria-label={t('integrations.deliveries.state')}
            style={{ width: 160 }}
            data-testid="delivery-filter-state"
            options={WEBHOOK_DELIVERY_STATES.map((s) => ({
              value: s,
              label: t(`integrations.deliveries.states.${s}`),
            }))}
            onChange={(value?: WebhookDeliveryState) => {
              setState(value);
              setPage(1);
            }}
          />
          <Button
            icon={<ReloadOutlined spin={deliveries.isFetching} />}
            onClick={() => void deliveries.refetch()}
            data-testid="delivery-refresh"
          >
            {t('listToolbar.refresh')}
          </Button>
        </Flex>
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          columns={deliveryColumns(t, lang)}
          dataSource={deliveries.data?.items ?? []}
          loading={deliveries.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: emptyTextFor(
              deliveries,
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('integrations.deliveries.empty')} />,
            ),
          }}
          expandable={{
            expandedRowRender: (delivery) => (
              <DeliveryDetail endpointId={endpoint.id} deliveryId={delivery.id} />
            ),
            expandRowByClick: true,
          }}
          pagination={{
            current: page,
            pageSize,
            total: deliveries.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t('integrations.deliveryTotal', { count: total }),
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          data-testid="delivery-table"
        />
      </div>
    </Drawer>
  );
}

/** The log's columns: event, state, attempts, the last answer, created and delivered. */
function deliveryColumns(t: TFunction, lang: Language): TableColumnsType<WebhookDelivery> {
  const testLabel = t('integrations.webhooks.testEvent');
  return [
    {
      title: t('integrations.deliveries.event'),
      key: 'event',
      render: (_, delivery) => (
        <div style={nowrap}>
          <div data-testid="delivery-event">{eventLabel(delivery.event_type, lang, testLabel)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {delivery.event_type}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('integrations.deliveries.state'),
      key: 'state',
      render: (_, delivery) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={DELIVERY_STATE_COLORS[delivery.state]} data-testid="delivery-state">
            {t(`integrations.deliveries.states.${delivery.state}`)}
          </Tag>
          {delivery.state === 'pending' && delivery.next_attempt_at !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12, ...nowrap }}>
              {t('integrations.deliveries.nextAttempt', { time: formatDateTime(delivery.next_attempt_at) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('integrations.deliveries.attempts'),
      dataIndex: 'attempts',
      key: 'attempts',
      align: 'right',
    },
    {
      title: t('integrations.deliveries.statusCode'),
      key: 'status',
      render: (_, delivery) => (
        <div style={{ maxWidth: 200 }}>
          {delivery.last_status_code !== null ? (
            <Typography.Text
              type={delivery.last_status_code < 300 ? 'success' : 'danger'}
              data-testid="delivery-status-code"
            >
              {delivery.last_status_code}
            </Typography.Text>
          ) : delivery.last_error ? null : (
            '—'
          )}
          {delivery.last_error && (
            <Typography.Paragraph
              type="danger"
              style={{ margin: 0 }}
              ellipsis={{ rows: 2, tooltip: delivery.last_error }}
            >
              {delivery.last_error}
            </Typography.Paragraph>
          )}
          {delivery.last_duration_ms !== null && (
            <div>
              <Typography.Text type="secondary" style={nowrap}>
                {t('integrations.deliveries.ms', { ms: delivery.last_duration_ms })}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('integrations.deliveries.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (ms: number) => <Stamp ms={ms} />,
    },
    {
      title: t('integrations.deliveries.deliveredAt'),
      dataIndex: 'delivered_at',
      key: 'delivered_at',
      render: (ms: number | null) => (ms === null ? '—' : <Stamp ms={ms} />),
    },
  ];
}
