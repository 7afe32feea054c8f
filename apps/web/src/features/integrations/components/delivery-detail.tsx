import type { CSSProperties } from 'react';
import { Button, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { WebhookAttempt } from '@meetflow/shared/schemas/integrations';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { toast } from '../../../lib/toast.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useDeliveryDetail, useRedeliver } from '../webhooks-api.ts';
import { prettyBody } from '../webhook-form.ts';
import '../i18n.ts';

const codeBlock: CSSProperties = {
  margin: 0,
  padding: '8px 12px',
  maxHeight: 320,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  background: 'var(--ant-color-fill-quaternary)',
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 6,
};
const nowrap = { whiteSpace: 'nowrap' } as const;
const sectionTitle: CSSProperties = { marginTop: 0, marginBottom: 8, fontSize: 14 };

interface Props {
  endpointId: number;
  deliveryId: number;
}

/** A delivery as sent (headers, pretty body) and every attempt at it, with a manual redelivery. */
export function DeliveryDetail({ endpointId, deliveryId }: Props) {
  const { t } = useTranslation();
  const detail = useDeliveryDetail(endpointId, deliveryId);
  const redeliver = useRedeliver(endpointId);

  if (detail.isError && !detail.data) {
    return (
      <LoadError
        reason={detail.error.message}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const delivery = detail.data;

  const resend = async () => {
    try {
      const result = await redeliver.mutateAsync(deliveryId);
      toast.success(
        t('integrations.deliveries.redelivered', {
          state: t(`integrations.deliveries.states.${result.state}`),
        }),
      );
    } catch {
      // The client has shown the server's reason.
    }
  };

  return (
    <Flex vertical gap={12} style={{ padding: '4px 0' }} data-testid="delivery-detail">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          {t('integrations.deliveries.messageId')}:{' '}
          <Typography.Text code copyable data-testid="delivery-message-id">
            {delivery.message_id}
          </Typography.Text>
        </Typography.Text>
        <Button
          icon={<RedoOutlined />}
          loading={redeliver.isPending}
          onClick={() => void resend()}
          data-testid="delivery-redeliver"
        >
          {t('integrations.deliveries.redeliver')}
        </Button>
      </Flex>
      <section>
        <Typography.Title level={3} style={sectionTitle}>
          {t('integrations.deliveries.headers')}
        </Typography.Title>
        <Descriptions
          size="small"
          bordered
          column={1}
          styles={{ label: { width: 200 } }}
          data-testid="delivery-headers"
          items={Object.entries(delivery.request.headers).map(([name, value]) => ({
            key: name,
            label: <code>{name}</code>,
            children: <span style={{ wordBreak: 'break-all' }}>{value}</span>,
          }))}
        />
      </section>
      <section>
        <Typography.Title level={3} style={sectionTitle}>
          {t('integrations.deliveries.body')}
        </Typography.Title>
        <pre
          style={codeBlock}
          tabIndex={0}
          aria-label={t('integrations.deliveries.body')}
          data-testid="delivery-body"
        >
          {prettyBody(delivery.request.body)}
        </pre>
      </section>
      <section>
        <Typography.Title level={3} style={sectionTitle}>
          {t('integrations.deliveries.attemptLog')}
        </Typography.Title>
        <Table<WebhookAttempt>
          rowKey={(attempt) => `${attempt.attempted_at}-${attempt.manual ? 'm' : 'a'}`}
          size="small"
          columns={attemptColumns(t)}
          dataSource={delivery.attempt_log}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('integrations.deliveries.noAttempts') }}
          data-testid="delivery-attempts"
        />
      </section>
    </Flex>
  );
}

/** The attempt log's columns: when, answer code, time taken, error and response. */
function attemptColumns(t: TFunction): TableColumnsType<WebhookAttempt> {
  return [
    {
      title: t('integrations.deliveries.attemptedAt'),
      dataIndex: 'attempted_at',
      key: 'attempted_at',
      render: (ms: number, attempt) => (
        <Flex vertical align="flex-start" gap={2} style={nowrap}>
          {formatDateTime(ms)}
          <Tag color={attempt.manual ? 'blue' : 'default'}>
            {attempt.manual ? t('integrations.deliveries.manual') : t('integrations.deliveries.automatic')}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('integrations.deliveries.statusCode'),
      dataIndex: 'status_code',
      key: 'status_code',
      render: (code: number | null) =>
        code === null ? (
          '—'
        ) : (
          <Typography.Text type={code < 300 ? 'success' : 'danger'}>{code}</Typography.Text>
        ),
    },
    {
      title: t('integrations.deliveries.duration'),
      dataIndex: 'duration_ms',
      key: 'duration_ms',
      align: 'right',
      render: (ms: number) => <span style={nowrap}>{t('integrations.deliveries.ms', { ms })}</span>,
    },
    {
      title: t('integrations.deliveries.error'),
      dataIndex: 'error',
      key: 'error',
      render: (error: string | null) =>
        error ? (
          <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
            {error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('integrations.deliveries.response'),
      dataIndex: 'response_body',
      key: 'response_body',
      render: (body: string) =>
        body ? (
          <Typography.Paragraph
            style={{ margin: 0, maxWidth: 280, ...codeBlock, maxHeight: 'none' }}
            ellipsis={{ rows: 3, expandable: 'collapsible' }}
          >
            {body}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('integrations.deliveries.noResponse')}</Typography.Text>
        ),
    },
  ];
}
