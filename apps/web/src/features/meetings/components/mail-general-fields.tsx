import { Alert, Form, InputNumber, Space, Switch } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { MAIL_REMINDER_HOURS_MAX } from '@meetflow/shared/schemas/mail';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import '../mail-settings-i18n.ts';

/** The switches above the texts: the confirmation mail, the reminder and its hours, the code by mail. */
export function MailGeneralFields(props: {
  canEdit: boolean;
  reminderOn: boolean | undefined;
  lookupCode: boolean | undefined;
  mailServerConfigured: boolean;
}) {
  const { canEdit, reminderOn, lookupCode } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item
        name="confirmation_enabled"
        label={t('meetingMail.confirmationEnabled')}
        valuePropName="checked"
      >
        <Switch data-testid="mail-confirmation-enabled" />
      </Form.Item>
      <Form.Item label={t('meetingMail.reminder')} extra={t('meetingMail.reminderHelp')}>
        <Space wrap align="center">
          <Form.Item name="reminder_on" valuePropName="checked" noStyle>
            <Switch aria-label={t('meetingMail.reminderEnabled')} data-testid="mail-reminder-enabled" />
          </Form.Item>
          <span aria-hidden="true">{t('meetingMail.reminderEnabled')}</span>
          <Space.Compact>
            <Form.Item
              name="reminder_hours"
              noStyle
              dependencies={['reminder_on']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_: unknown, value: number | null | undefined) => {
                    if (!getFieldValue('reminder_on')) return Promise.resolve();
                    if (value === null || value === undefined)
                      return Promise.reject(new Error(fieldMessage('required', lang)));
                    if (value < 1) return Promise.reject(new Error(fieldMessage('tooSmall', lang, 1)));
                    if (value > MAIL_REMINDER_HOURS_MAX)
                      return Promise.reject(new Error(fieldMessage('tooBig', lang, MAIL_REMINDER_HOURS_MAX)));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <InputNumber
                min={1}
                max={MAIL_REMINDER_HOURS_MAX}
                precision={0}
                disabled={!canEdit || !reminderOn}
                aria-label={t('meetingMail.reminderHours')}
                style={{ width: 96 }}
                data-testid="mail-reminder-hours"
              />
            </Form.Item>
            <Space.Addon>{t('meetingMail.hoursBefore')}</Space.Addon>
          </Space.Compact>
        </Space>
      </Form.Item>

      <Form.Item
        name="lookup_code_by_email"
        label={t('meetingMail.lookupCodeByEmail')}
        extra={t('meetingMail.lookupCodeByEmailHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="mail-lookup-code" />
      </Form.Item>
      {lookupCode && !props.mailServerConfigured && (
        <Alert
          type="warning"
          showIcon
          title={t('meetingMail.lookupCodeNoServer')}
          style={{ marginBottom: 16 }}
          data-testid="mail-lookup-code-no-server"
        />
      )}
    </>
  );
}
