import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { formatAmount, type OrderDetail } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useRefund } from '../orders-api.ts';
import { refundable, typedAmount } from '../orders-logic.ts';
import '../i18n.ts';

/** Gives money back (at most what was paid and not yet refunded), optionally cancelling the order. */
export function RefundDialog(props: { meetingId: number; order: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { order } = props;
  const refund = useRefund(props.meetingId, order.id);
  const max = refundable(order);
  const [amountText, setAmountText] = useState(formatAmount(max));
  const [note, setNote] = useState('');
  const [cancel, setCancel] = useState(false);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = typedAmount(amountText, max);
  const full = amount === max;

  async function submit() {
    setChecked(true);
    if (typeof amount !== 'number') return;
    setError(null);
    try {
      await refund.mutateAsync({ amount, note, cancel: cancel || full });
      toast.success(t('orders.refund.done'));
      props.onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  const amountError =
    checked && typeof amount !== 'number'
      ? t(amount === 'required' ? 'orders.markPaid.required' : 'orders.markPaid.invalid')
      : undefined;
  return (
    <Modal
      open
      title={t('orders.refund.title', { reference: order.reference })}
      okText={t('orders.refund.submit')}
      cancelText={t('orders.cancelButton')}
      okButtonProps={{ danger: true, 'data-testid': 'refund-submit' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('orders.refund.amount', { currency: order.currency, max: formatAmount(max) })}
          htmlFor="refund-amount"
          validateStatus={amountError ? 'error' : undefined}
          help={amountError}
        >
          <Input
            id="refund-amount"
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            data-testid="refund-amount"
          />
        </Form.Item>
        <Form.Item label={t('orders.refund.note')} htmlFor="refund-note">
          <Input
            id="refund-note"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="refund-note"
          />
        </Form.Item>
        {full ? (
          <Typography.Paragraph type="secondary">{t('orders.refund.fullCancels')}</Typography.Paragraph>
        ) : (
          <Checkbox
            checked={cancel}
            onChange={(e) => setCancel(e.target.checked)}
            data-testid="refund-cancel"
          >
            {t('orders.refund.cancel')}
          </Checkbox>
        )}
      </Form>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
