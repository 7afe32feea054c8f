import { Button, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { OrderRow } from '@meetflow/shared/schemas/payments';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { money, STATUS_COLORS } from '../orders-logic.ts';
import '../i18n.ts';

/** To the minute: the seconds only widen the table. */
const when = (ms: number | null, zone: string | undefined) =>
  ms === null ? '—' : formatDateTime(ms, zone).slice(0, 16);

export function OrderStatusTag({ t, order }: { t: TFunction; order: Pick<OrderRow, 'id' | 'status'> }) {
  return (
    <Tag color={STATUS_COLORS[order.status]} data-testid={`order-status-${order.id}`}>
      {t(`orders.statuses.${order.status}`)}
    </Tag>
  );
}

/** The orders table: reference, guest, status, amounts, method, when; a button opens the order. */
export function orderColumns(
  t: TFunction,
  options: { zone: string | undefined; onOpen: (order: OrderRow) => void; fixed: boolean },
): TableColumnsType<OrderRow> {
  return [
    {
      key: 'reference',
      title: t('orders.columns.reference'),
      render: (_, order) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {order.reference}
        </Typography.Text>
      ),
    },
    {
      key: 'guest',
      title: t('orders.columns.guest'),
      render: (_, order) => (
        <>
          {order.guest_name}
          {order.proof_uploaded && (
            <PaperClipOutlined
              style={{ marginInlineStart: 6, color: 'var(--ant-color-primary)' }}
              aria-label={t('orders.proof')}
              title={t('orders.proof')}
            />
          )}
        </>
      ),
    },
    {
      key: 'status',
      title: t('orders.columns.status'),
      render: (_, order) => <OrderStatusTag t={t} order={order} />,
    },
    {
      key: 'total',
      title: t('orders.columns.total'),
      align: 'right',
      render: (_, order) => (
        <span style={{ whiteSpace: 'nowrap' }}>{money(order.currency, order.total)}</span>
      ),
    },
    {
      key: 'paid',
      title: t('orders.columns.paid'),
      align: 'right',
      render: (_, order) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          {money(order.currency, order.paid_amount)}
          {order.refunded_amount > 0 && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('orders.partlyRefunded', { amount: money(order.currency, order.refunded_amount) })}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'method',
      title: t('orders.columns.method'),
      render: (_, order) => (order.method ? t(`orders.methods.${order.method}`) : '—'),
    },
    {
      key: 'created_at',
      title: t('orders.columns.createdAt'),
      render: (_, order) => (
        <span style={{ whiteSpace: 'nowrap' }}>{when(order.created_at, options.zone)}</span>
      ),
    },
    {
      key: 'actions',
      title: t('orders.columns.actions'),
      fixed: options.fixed ? 'right' : undefined,
      render: (_, order) => (
        <Button
          type="link"
          size="small"
          onClick={() => options.onOpen(order)}
          data-testid={`order-open-${order.reference}`}
        >
          {t('orders.view')}
        </Button>
      ),
    },
  ];
}
