import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePermission } from '../../../components/permission.tsx';
import { useOrderDetail } from '../orders-api.ts';
import { canCancel, canMarkPaid, canRefund } from '../orders-logic.ts';
import { OrderStatusTag } from './order-columns.tsx';
import { OrderSections } from './order-detail-sections.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import '../i18n.ts';

type Dialog = 'markPaid' | 'refund' | null;

/** One order: its lines, amounts, payments and receipts, and what the organiser may do with it. */
export function OrderDetailDrawer(props: { meetingId: number; orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const detail = useOrderDetail(props.meetingId, props.orderId);
  const order = detail.data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = hasAny('payment:manage');

  return (
    <Drawer
      open={props.orderId !== null}
      onClose={props.onClose}
      size={560}
      title={order ? t('orders.detail.title', { reference: order.reference }) : ' '}
      data-testid="order-detail"
      destroyOnHidden
    >
      {detail.isLoading ? (
        <Skeleton active />
      ) : !order ? (
        <Alert
          type="error"
          showIcon
          title={t('orders.detail.loadFailed')}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('orders.detail.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Flex wrap align="center" gap={8} style={{ marginBottom: 12 }}>
            <OrderStatusTag t={t} order={order} />
            <Typography.Text strong>{order.guest_name}</Typography.Text>
            {order.payer_kind === 'institution' && order.payer_institution && (
              <Typography.Text type="secondary">
                {t('orders.detail.payer')}: {order.payer_institution}
              </Typography.Text>
            )}
          </Flex>
          {manage && (
            <Space wrap style={{ marginBottom: 8 }}>
              {canMarkPaid(order) && (
                <Button type="primary" onClick={() => setDialog('markPaid')} data-testid="order-mark-paid">
                  {t('orders.markPaid.action')}
                </Button>
              )}
              {canRefund(order) && (
                <Button onClick={() => setDialog('refund')} data-testid="order-refund">
                  {t('orders.refund.action')}
                </Button>
              )}
              {canCancel(order) && <CancelOrderButton meetingId={props.meetingId} order={order} />}
            </Space>
          )}

          <OrderSections order={order} />
        </>
      )}
      {order && dialog === 'markPaid' && (
        <MarkPaidDialog meetingId={props.meetingId} order={order} onClose={() => setDialog(null)} />
      )}
      {order && dialog === 'refund' && (
        <RefundDialog meetingId={props.meetingId} order={order} onClose={() => setDialog(null)} />
      )}
    </Drawer>
  );
}
