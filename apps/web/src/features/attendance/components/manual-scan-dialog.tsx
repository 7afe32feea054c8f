import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Radio, Space } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { ScanType } from '../../../lib/attendance-types.ts';
import { useManualScan } from '../attendance-api.ts';
import { normalizeCode } from '../scan-keys.ts';
import { feedbackForAnswer, feedbackForError } from '../scan-result.ts';
import { newScanNonce } from '../scan-retry.ts';
import '../i18n.ts';

/**
 * An organiser records a check-in or check-out at the desk, after a confirmation: by typing the
 * guest code, or for the guest already chosen (`guestCode`, from the guest's detail).
 */
export function ManualScanDialog(props: {
  meetingId: number;
  scheduleId: number | null;
  guestCode?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string; type: ScanType }>();
  const [confirming, setConfirming] = useState(false);
  const scan = useManualScan();
  const type = (Form.useWatch('type', form) as ScanType | undefined) ?? 'in';
  const action = t(type === 'in' ? 'attendance.records.manualCheckIn' : 'attendance.records.manualCheckOut');

  async function record() {
    const { code } = form.getFieldsValue();
    const guestCode = normalizeCode(code ?? '');
    try {
      const answer = await scan.mutateAsync({
        meeting_id: props.meetingId,
        schedule_id: props.scheduleId,
        guest_code: guestCode,
        direction: type,
        // Recorded as the station 'manual' whatever the organiser's language.
        manual: true,
        nonce: newScanNonce(),
      });
      const feedback = feedbackForAnswer(answer, guestCode);
      const text = [t(feedback.headlineKey), feedback.guestName, feedback.reason].filter(Boolean).join(' · ');
      if (feedback.tone === 'success') {
        toast.success(text);
        props.onClose();
      } else if (feedback.tone === 'duplicate') toast.warning(text);
      else toast.error(text);
    } catch (error) {
      const feedback = feedbackForError(error, guestCode, Date.now());
      toast.error(feedback.reason ?? t(feedback.noteKey ?? 'http.unanswered'));
    }
  }

  return (
    <Modal
      open
      title={t('attendance.records.manualTitle')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      data-testid="manual-scan"
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'in', code: props.guestCode ?? '' }}>
        <Form.Item
          name="code"
          label={t('attendance.records.manualGuest')}
          rules={[{ required: true, whitespace: true, message: t('attendance.records.manualGuestRequired') }]}
        >
          <Input autoComplete="off" readOnly={props.guestCode !== undefined} data-testid="manual-scan-code" />
        </Form.Item>
        <Form.Item name="type" label={t('attendance.direction')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'in', label: t('attendance.records.manualCheckIn') },
              { value: 'out', label: t('attendance.records.manualCheckOut') },
            ]}
          />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Popconfirm
            open={confirming}
            title={t('attendance.records.manualConfirm', { action })}
            onConfirm={() => {
              setConfirming(false);
              void record();
            }}
            onCancel={() => setConfirming(false)}
            okButtonProps={{ 'data-testid': 'manual-scan-confirm' }}
          >
            <Button
              type="primary"
              loading={scan.isPending}
              onClick={() =>
                void form.validateFields().then(
                  () => setConfirming(true),
                  () => undefined,
                )
              }
              data-testid="manual-scan-submit"
            >
              {action}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Modal>
  );
}
