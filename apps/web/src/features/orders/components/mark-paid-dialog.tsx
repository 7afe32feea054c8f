import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { formatAmount, type OrderDetail } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useMarkPaid } from '../orders-api.ts';
import { stillDue, typedAmount } from '../orders-logic.ts';
import '../i18n.ts';

const METHODS = ['transfer', 'fps', 'cash', 'card_terminal'] as const;
type Method = (typeof METHODS)[number];

/** Records a payment seen outside the system: method, amount (what is still due, prefilled), note. */
export function MarkPaidDialog(props: { meetingId: number; order: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { order } = props;
  const markPaid = useMarkPaid(props.meetingId, order.id);
  const [method, setMethod] = useState<Method>(order.method === 'fps' ? 'fps' : 'transfer');
  const [amountText, setAmountText] = useState(formatAmount(stillDue(order) || order.total));
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = typedAmount(amountText);

  async function submit() {
    setChecked(true);
    if (typeof amount !== 'number') return;
    setError(null);
    try {
      const result = await markPaid.mutateAsync({ method, amount, note });
      const done =
        result.outcome === 'partial'
          ? 'orders.markPaid.partial'
          : result.outcome === 'refund_due' || result.outcome === 'extra'
            ? 'orders.markPaid.late'
            : 'orders.markPaid.done';
      toast.success(t(done));
      props.onClose();
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  const amountError = checked && typeof amount !== 'number' ? t(`orders.markPaid.${amount}`) : undefined;
  return (
    <Modal
      open
      title={t('orders.markPaid.title', { reference: order.reference })}
      okText={t('orders.markPaid.submit')}
      cancelText={t('orders.cancelButton')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={markPaid.isPending}
      okButtonProps={{ 'data-testid': 'mark-paid-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('orders.markPaid.method')} htmlFor="mark-paid-method">
          <Select<Method>
            id="mark-paid-method"
            value={method}
            onChange={setMethod}
            options={METHODS.map((m) => ({ value: m, label: t(`orders.methods.${m}`) }))}
            data-testid="mark-paid-method"
          />
        </Form.Item>
        <Form.Item
          label={t('orders.markPaid.amount', { currency: order.currency })}
          htmlFor="mark-paid-amount"
          validateStatus={amountError ? 'error' : undefined}
          help={amountError}
        >
          <Input
            id="mark-paid-amount"
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            data-testid="mark-paid-amount"
          />
        </Form.Item>
        <Form.Item label={t('orders.markPaid.note')} htmlFor="mark-paid-note">
          <Input
            id="mark-paid-note"
            maxLength={500}
            value={note}
            placeholder={t('orders.markPaid.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
            data-testid="mark-paid-note"
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" title={error} data-testid="mark-paid-error" />}
    </Modal>
  );
}
