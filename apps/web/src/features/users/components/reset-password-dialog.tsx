import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { MIN_PASSWORD_LENGTH, type AdminUser } from '@meetflow/shared/schemas/users';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useResetPassword } from '../users-api.ts';
import '../i18n.ts';

const testId = (id: string): Record<string, string> => ({ 'data-testid': id });

interface Values {
  password: string;
  confirm: string;
}

/** Sets a new password for another user; the server ends all their sessions. */
export function ResetPasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: AdminUser;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const { password } = await form.validateFields();
    setSaving(true);
    try {
      await reset.mutateAsync({ id: user.id, body: { password } });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, ['password'] as const));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('users.resetTitle', { account: user.account })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('user-reset-submit')}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('users.resetHelp')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          name="password"
          label={t('users.newPassword')}
          extra={t('users.passwordHelp')}
          rules={[
            { required: true, message: fieldMessage('passwordRequired', lang) },
            { min: MIN_PASSWORD_LENGTH, message: fieldMessage('passwordTooWeak', lang) },
            {
              validator: async (_, value?: string) => {
                if (value && value.toLowerCase() === user.account.toLowerCase())
                  throw new Error(fieldMessage('passwordTooWeak', lang));
              },
            },
          ]}
        >
          <Input.Password
            maxLength={128}
            autoComplete="new-password"
            data-testid="user-reset-password-input"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('users.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: fieldMessage('passwordRequired', lang) },
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error(t('users.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" data-testid="user-reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
