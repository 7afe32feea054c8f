import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { changePassword, logout } from '../../lib/session/auth-api.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { LOGIN_PATH } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { passwordRules } from './password-rules.ts';
import './i18n.ts';

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm: string;
}

export default function EditPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const account = useSessionStore((s) => s.user?.account ?? '');
  const lang = currentLanguage();

  const onFinish = async ({ old_password, new_password }: PasswordForm) => {
    setSaving(true);
    try {
      await changePassword({ old_password, new_password });
      toast.success(t('personal.changed'));
      // The server ends the other sessions; this one logs in again with the new password.
      await logout();
      await navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.PASSWORD_INCORRECT.code) {
        form.setFields([{ name: 'old_password', errors: [error.message] }]);
      } else if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, ['old_password', 'new_password'] as const));
      }
    } finally {
      setSaving(false);
    }
  };

  const rules = passwordRules({
    required: fieldMessage('passwordRequired', lang),
    tooWeak: fieldMessage('passwordTooWeak', lang),
    common: fieldMessage('passwordCommon', lang),
    mismatch: t('personal.passwordMismatch'),
    same: t('personal.samePassword'),
    account,
  });

  return (
    <PageCard style={{ maxWidth: 560 }}>
      <PageTitle>{t('route.editpassword')}</PageTitle>
      <Form<PasswordForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="old_password" label={t('personal.oldPassword')} rules={rules.old}>
          <Input.Password autoComplete="current-password" maxLength={128} data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('personal.newPassword')}
          rules={rules.next}
          dependencies={['old_password']}
          extra={t('personalArea.passwordHelp')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('personal.confirmPassword')}
          rules={rules.confirm}
          dependencies={['new_password']}
        >
          <Input.Password autoComplete="new-password" maxLength={128} data-testid="confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t('common.submit')}
        </Button>
      </Form>
    </PageCard>
  );
}
