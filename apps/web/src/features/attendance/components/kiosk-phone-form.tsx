import { Button, Form, Input, Select, type FormInstance } from 'antd';
import { AREA_CODES } from '@meetflow/shared/constants';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';

export interface KioskPhone {
  area_code: string;
  phone: string;
}

/** Check-in by phone number, where the meeting allows it. */
export function KioskPhoneForm(props: {
  form: FormInstance<KioskPhone>;
  busy: boolean;
  onCheckIn: (values: KioskPhone) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <section className="kiosk-phone" data-testid="kiosk-phone">
      <h1 className="kiosk-title">{t('station.kiosk.phoneTitle')}</h1>
      <Form
        form={props.form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ area_code: '853' }}
        onFinish={props.onCheckIn}
      >
        <Form.Item name="area_code" label={t('station.kiosk.areaCode')}>
          <Select
            options={AREA_CODES.map((a) => ({ value: a.value, label: a.label[lang] ?? a.label.en }))}
            data-testid="kiosk-area-code"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('station.kiosk.phone')}
          rules={[{ required: true, message: t('station.kiosk.phoneInvalid') }]}
        >
          <Input inputMode="tel" autoComplete="off" autoFocus data-testid="kiosk-phone-input" />
        </Form.Item>
        <div className="kiosk-actions">
          <Button size="large" onClick={props.onBack} data-testid="kiosk-phone-back">
            {t('station.kiosk.back')}
          </Button>
          <Button
            size="large"
            type="primary"
            htmlType="submit"
            loading={props.busy}
            data-testid="kiosk-phone-submit"
          >
            {t('station.kiosk.checkIn')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
