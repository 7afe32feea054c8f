import { Button, Popconfirm, type ButtonProps } from 'antd';
import type { OrderDetail } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelOrder } from '../orders-api.ts';
import '../i18n.ts';

/** Cancels an unpaid order after a confirmation: its seat is freed. */
export function CancelOrderButton(props: { meetingId: number; order: OrderDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(props.meetingId, props.order.id);

  async function confirm() {
    try {
      await cancel.mutateAsync();
      toast.success(t('orders.cancel.done'));
    } catch (error) {
      toast.error(refusalText(error));
    }
  }

  return (
    <Popconfirm
      title={t('orders.cancel.title', { reference: props.order.reference })}
      description={t('orders.cancel.body')}
      okText={t('orders.cancel.confirm')}
      cancelText={t('orders.cancel.keep')}
      okButtonProps={{ danger: true, 'data-testid': 'order-cancel-confirm' } as ButtonProps}
      onConfirm={() => confirm()}
    >
      <Button danger loading={cancel.isPending} data-testid="order-cancel">
        {t('orders.cancel.action')}
      </Button>
    </Popconfirm>
  );
}
