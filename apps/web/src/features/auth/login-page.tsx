import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, ConfigProvider, Form, Input, theme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { type LoginBody } from '@meetflow/shared/schemas/auth';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, setLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { LangSwitch } from '../../components/lang-switch.tsx';
import { fetchCaptcha, login } from '../../lib/session/auth-api.ts';
import { HOME_PATH, sanitizeRedirect } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import './login-page.css';

interface LoginForm {
  account: string;
  password: string;
  verify_code?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lang = currentLanguage();
  // White on the theme's own blue is 4.1:1; its pressed shade passes WCAG AA's 4.5:1.
  const submitColor = theme.useToken().token.colorPrimaryActive;
  // A captcha is single use: every failed attempt and every click on the image fetches a new one.
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, gcTime: 0, staleTime: Infinity });
  const captchaEnabled = captcha.data?.enabled ?? false;

  const refreshCaptcha = () => {
    form.setFieldValue('verify_code', '');
    void captcha.refetch();
  };

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const body: LoginBody = { account: values.account.trim(), password: values.password };
      if (captchaEnabled && captcha.data?.captcha_id) {
        body.captcha_id = captcha.data.captcha_id;
        body.verify_code = (values.verify_code ?? '').trim();
      }
      const session = await login(body);
      useSessionStore.getState().setSession(session);
      // The preferred language saved in the personal settings wins over this browser's last pick.
      if (session.user.language && session.user.language !== currentLanguage()) {
        await setLanguage(session.user.language);
      }
      toast.success(t('login.success'));
      await navigate(sanitizeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, ['account', 'password', 'verify_code'] as const));
      }
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="mf-login">
      <div className="mf-login-top">
        <LangSwitch />
      </div>
      <Card className="mf-login-card">
        <div className="mf-login-brand">MeetFlow</div>
        <h1 className="mf-login-title">{t('login.title')}</h1>
        <p className="mf-login-subtitle">{t('login.subtitle')}</p>
        <Form<LoginForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
          <Form.Item
            name="account"
            label={t('login.account')}
            rules={[{ required: true, whitespace: true, message: fieldMessage('accountRequired', lang) }]}
          >
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              data-testid="login-account"
              maxLength={64}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: fieldMessage('passwordRequired', lang) }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
              maxLength={128}
            />
          </Form.Item>
          {captchaEnabled && (
            <Form.Item label={t('login.captcha')} required>
              <div className="mf-login-captcha">
                <Form.Item
                  name="verify_code"
                  noStyle
                  rules={[
                    { required: true, whitespace: true, message: fieldMessage('captchaRequired', lang) },
                  ]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    autoComplete="off"
                    inputMode="text"
                    maxLength={16}
                    aria-label={t('login.captcha')}
                    data-testid="login-captcha"
                  />
                </Form.Item>
                <button
                  type="button"
                  className="mf-login-captcha-button"
                  onClick={refreshCaptcha}
                  title={t('login.captchaImage')}
                >
                  {captcha.data?.image ? (
                    <img
                      src={captcha.data.image}
                      alt={t('login.captchaImage')}
                      data-testid="login-captcha-image"
                    />
                  ) : (
                    <span data-testid="login-captcha-image">…</span>
                  )}
                </button>
              </div>
            </Form.Item>
          )}
          <ConfigProvider theme={{ token: { colorPrimary: submitColor } }}>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </ConfigProvider>
        </Form>
      </Card>
    </main>
  );
}
