import { useState } from 'react';
import { Descriptions, Modal, Radio, Typography } from 'antd';
import type { ScanUnpaid } from '@meetflow/shared/schemas/attendance';
import type { DeskMethod, DeskPaymentAnswer } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { takeDeskPayment } from '../attendance-api.ts';
import { moneyText } from '../scan-result.ts';
import '../i18n.ts';

/**
 * The desk takes an unpaid guest's payment at the door (issue 44): cash or the card terminal, the
 * whole amount due and nothing else (the server checks it again). Confirmed, the order is paid with
 * its receipt, and the screen scans the guest again.
 */
export default function DeskPaymentDialog(props: {
  /** The door's meeting: the server refuses a code of another one. */
  meetingId: number;
  code: string;
  guestName: string | null;
  due: ScanUnpaid;
  onPaid: (answer: DeskPaymentAnswer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { due } = props;
  const [method, setMethod] = useState<DeskMethod>('cash');
  const [saving, setSaving] = useState(false);
  const amount = moneyText(due, due.amount_due);

  async function confirm() {
    setSaving(true);
    try {
      props.onPaid(
        await takeDeskPayment({
          meeting_id: props.meetingId,
          guest_code: props.code,
          method,
          amount: due.amount_due,
        }),
      );
    } catch {
      // The request's own error message has been shown; the dialog stays for another try.
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('attendance.unpaid.title')}
      okText={t('attendance.unpaid.confirm', { amount })}
      onOk={() => void confirm()}
      onCancel={props.onCancel}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'desk-confirm' }}
      destroyOnHidden
      data-testid="desk-dialog"
    >
      <Descriptions column={1} size="small" bordered>
        {props.guestName && (
          <Descriptions.Item label={t('attendance.unpaid.guest')}>{props.guestName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('attendance.unpaid.amount')}>
          <strong data-testid="desk-amount">{amount}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('attendance.unpaid.referenceLabel')}>{due.reference}</Descriptions.Item>
      </Descriptions>
      <div style={{ margin: '16px 0 8px' }} id="desk-method-label">
        {t('attendance.unpaid.method')}
      </div>
      <Radio.Group
        value={method}
        onChange={(event) => setMethod(event.target.value as DeskMethod)}
        optionType="button"
        buttonStyle="solid"
        aria-labelledby="desk-method-label"
        options={(['cash', 'card_terminal'] as const).map((value) => ({
          value,
          label: t(`attendance.unpaid.methods.${value}`),
        }))}
        data-testid="desk-method"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('attendance.unpaid.help')}
      </Typography.Paragraph>
    </Modal>
  );
}
