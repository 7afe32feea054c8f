import { Button, Flex, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { WebhookEndpoint } from '@meetflow/shared/schemas/integrations';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { eventLabel } from '../webhook-form.ts';
import { WebhookTestAction } from './webhook-test-action.tsx';
import '../i18n.ts';

/** Event types shown as tags in a row; the rest are counted, and listed in a tooltip. */
const SHOWN_EVENTS = 2;
const nowrap = { whiteSpace: 'nowrap' } as const;

interface CellProps {
  endpoint: WebhookEndpoint;
}

/** The URL, the description and the secret's hint. */
export function WebhookUrlCell({ endpoint }: CellProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The first event types as tags, the rest counted. */
export function WebhookEventsCell({ endpoint }: CellProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const testLabel = t('integrations.webhooks.testEvent');
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
}

interface StatusProps extends CellProps {
  busy: boolean;
  onToggle: (enabled: boolean) => void;
}

/** The on/off switch, and why the endpoint is off, how much waits, since when it fails. */
export function WebhookStatusCell({ endpoint, busy, onToggle }: StatusProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4} align="flex-start" data-testid="webhook-status">
      <Flex gap={8} align="center" style={nowrap}>
        <Switch
          size="small"
          checked={endpoint.enabled}
          loading={busy}
          aria-label={t('integrations.webhooks.toggle', { url: endpoint.url })}
          onChange={onToggle}
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
  );
}

interface ActionsProps extends CellProps {
  onDeliveries: () => void;
  onEdit: () => void;
  onRotate: () => Promise<void>;
  onDelete: () => Promise<void>;
}

/** Delivery log, edit, rotate the secret, delete, and the test event. */
export function WebhookActionsCell({ endpoint, onDeliveries, onEdit, onRotate, onDelete }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="flex-start">
      <Space size={0} wrap>
        <Button type="link" size="small" data-testid="webhook-deliveries" onClick={onDeliveries}>
          {t('integrations.webhooks.deliveries')}
        </Button>
        <Button type="link" size="small" data-testid="webhook-edit" onClick={onEdit}>
          {t('integrations.webhooks.edit')}
        </Button>
        <Popconfirm
          title={t('integrations.webhooks.rotateTitle')}
          description={<div style={{ maxWidth: 320 }}>{t('integrations.webhooks.rotateText')}</div>}
          okText={t('integrations.webhooks.rotate')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'webhook-rotate-confirm' } }}
          onConfirm={onRotate}
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
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger data-testid="webhook-delete">
            {t('integrations.webhooks.delete')}
          </Button>
        </Popconfirm>
      </Space>
      <WebhookTestAction endpoint={endpoint} />
    </Flex>
  );
}
