import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { isKioskLocked, lockKiosk } from '../../../lib/station-lock.ts';
import { hashPin, newPinSalt, PIN_PATTERN } from '../kiosk-pin.ts';
import '../station-i18n.ts';

/** The operator sets a PIN, then the station becomes a self check-in kiosk only that PIN releases. */
export default function KioskSetupDialog(props: { onLocked: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pin: string; repeat: string }>();
  const [saving, setSaving] = useState(false);

  async function lock() {
    const { pin } = await form.validateFields();
    // A lock already set (another tab) stays: a new PIN must not replace the operator's.
    if (isKioskLocked()) {
      props.onLocked();
      return;
    }
    setSaving(true);
    const salt = newPinSalt();
    lockKiosk({ pinHash: await hashPin(pin, salt), salt });
    props.onLocked();
  }

  return (
    <Modal
      open
      title={t('station.kiosk.pinTitle')}
      okText={t('station.kiosk.start')}
      cancelText={t('station.kiosk.cancel')}
      onOk={() => void lock().catch(() => setSaving(false))}
      onCancel={props.onCancel}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'kiosk-setup-start' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void lock()}>
        <p>{t('station.kiosk.pinHelp')}</p>
        <Form.Item
          name="pin"
          label={t('station.kiosk.pin')}
          rules={[{ pattern: PIN_PATTERN, required: true, message: t('station.kiosk.pinInvalid') }]}
        >
          <Input.Password
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            data-testid="kiosk-pin"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('station.kiosk.pinRepeat')}
          dependencies={['pin']}
          rules={[
            { required: true, message: t('station.kiosk.pinInvalid') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('pin')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('station.kiosk.pinMismatch'))),
            }),
          ]}
        >
          <Input.Password
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            data-testid="kiosk-pin-repeat"
          />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
