import { Button, Flex, List, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@meetflow/shared/schemas/payments';
import { downloadFile } from '../../../lib/authorized-fetch.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { proofPath, receiptPdfPath } from '../orders-api.ts';
import { money } from '../orders-logic.ts';
import '../i18n.ts';

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

/** The order drawer's body: what was charged, what was paid and refunded, the receipts. */
export function OrderSections({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 20 }}>
      {title}
    </Typography.Title>
  );
  return (
    <>
      {section(t('orders.detail.lines'))}
      <List
        size="small"
        dataSource={order.lines}
        renderItem={(line) => (
          <List.Item>
            <Flex justify="space-between" gap={16} style={{ width: '100%' }}>
              <span>
                {line.description[lang] || line.description['zh-tw']}
                {line.early_bird && (
                  <Tag style={{ marginInlineStart: 8 }}>{t('orders.detail.earlyBird')}</Tag>
                )}
              </span>
              <span style={{ whiteSpace: 'nowrap' }}>{money(order.currency, line.amount)}</span>
            </Flex>
          </List.Item>
        )}
      />
      <div style={{ marginTop: 8, paddingInline: 16 }}>
        <Amounts t={t} order={order} />
      </div>

      {section(t('orders.detail.payments'))}
      <List
        size="small"
        dataSource={order.payments}
        locale={{
          emptyText: <Typography.Text type="secondary">{t('orders.detail.noPayments')}</Typography.Text>,
        }}
        renderItem={(payment) => (
          <List.Item
            extra={`${payment.kind === 'refund' ? '- ' : ''}${money(order.currency, payment.amount)}`}
            data-testid="order-payment"
          >
            <List.Item.Meta
              title={`${t(`orders.detail.${payment.kind}`)} · ${t(`orders.methods.${payment.method}`)}`}
              description={[
                formatDateTime(payment.created_at, zone).slice(0, 16),
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
        locale={{
          emptyText: <Typography.Text type="secondary">{t('orders.detail.noReceipts')}</Typography.Text>,
        }}
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
              description={`${money(order.currency, receipt.amount)} · ${formatDateTime(receipt.issued_at, zone).slice(0, 10)}`}
            />
          </List.Item>
        )}
      />
    </>
  );
}
