import { useState } from 'react';
import { Alert, Button, Drawer, Flex, List, Skeleton, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@meetflow/shared/schemas/payments';
import { downloadFile } from '../../../lib/authorized-fetch.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { toast } from '../../../lib/toast.ts';
import { usePermission } from '../../../components/permission.tsx';
import { proofPath, receiptPdfPath, useOrderDetail } from '../orders-api.ts';
import { canCancel, canMarkPaid, canRefund, money } from '../orders-logic.ts';
import { OrderStatusTag } from './order-columns.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import '../i18n.ts';

type Dialog = 'markPaid' | 'refund' | null;

async function download(path: string, name: string) {
  try {
    await downloadFile(path, name);
  } catch (error) {
    toast.error(refusalText(error));
  }
}

function Amounts({ t, order }: { t: TFunction; order: OrderDetail }) {
  const row = (label: string, value: string, strong = false) => (
    <Flex justify="space-between" gap={16}>
      <Typography.Text type={strong ? undefined : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      {order.discount_amount > 0 && row(t('orders.detail.subtotal'), money(order.currency, order.subtotal))}
      {order.discount_amount > 0 &&
        row(
          t('orders.detail.discount', { code: order.discount_code ?? '' }),
          `- ${money(order.currency, order.discount_amount)}`,
        )}
      {row(t('orders.detail.total'), money(order.currency, order.total), true)}
      {row(t('orders.detail.paid'), money(order.currency, order.paid_amount))}
      {order.refunded_amount > 0 &&
        row(t('orders.detail.refunded'), money(order.currency, order.refunded_amount))}
    </Space>
  );
}

/** One order: its lines, amounts, payments and receipts, and what the organiser may do with it. */
export function OrderDetailDrawer(props: { meetingId: number; orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const detail = useOrderDetail(props.meetingId, props.orderId);
  const order = detail.data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const manage = hasAny('payment:manage');
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 20 }}>
      {title}
    </Typography.Title>
  );

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

          {section(t('orders.detail.lines'))}
          <List
            size="small"
            dataSource={order.lines}
            renderItem={(line) => (
              <List.Item extra={money(order.currency, line.amount)}>
                {line.description[lang] || line.description['zh-tw']}
                {line.early_bird && (
                  <Tag style={{ marginInlineStart: 8 }}>{t('orders.detail.earlyBird')}</Tag>
                )}
              </List.Item>
            )}
          />
          <div style={{ marginTop: 8 }}>
            <Amounts t={t} order={order} />
          </div>

          {section(t('orders.detail.payments'))}
          <List
            size="small"
            dataSource={order.payments}
            locale={{ emptyText: t('orders.detail.noPayments') }}
            renderItem={(payment) => (
              <List.Item
                extra={`${payment.kind === 'refund' ? '- ' : ''}${money(order.currency, payment.amount)}`}
                data-testid="order-payment"
              >
                <List.Item.Meta
                  title={`${t(`orders.detail.${payment.kind}`)} · ${t(`orders.methods.${payment.method}`)}`}
                  description={[
                    formatDateTime(payment.created_at).slice(0, 16),
                    payment.recorded_by ? t('orders.detail.recordedBy', { name: payment.recorded_by }) : '',
                    payment.note,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </List.Item>
            )}
          />
          {order.proof_uploaded && (
            <Button
              icon={<PaperClipOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => void download(proofPath(order.id), `proof-${order.reference}`)}
              data-testid="order-proof"
            >
              {t('orders.detail.proof')}
            </Button>
          )}

          {section(t('orders.detail.receipts'))}
          <List
            size="small"
            dataSource={order.receipts}
            locale={{ emptyText: t('orders.detail.noReceipts') }}
            renderItem={(receipt) => (
              <List.Item
                actions={[
                  <Button
                    key="pdf"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => void download(receiptPdfPath(receipt.id), `${receipt.number}.pdf`)}
                    data-testid={`order-receipt-${receipt.number}`}
                  >
                    {t('orders.detail.download')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${t(receipt.kind === 'receipt' ? 'orders.detail.receipt' : 'orders.detail.creditNote')} ${receipt.number}`}
                  description={`${money(order.currency, receipt.amount)} · ${formatDateTime(receipt.issued_at).slice(0, 10)}`}
                />
              </List.Item>
            )}
          />
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
