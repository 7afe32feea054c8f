import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { theme } from 'antd';
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from '../../lib/i18n.ts';
import { LoginLanguage } from './components/login-language.tsx';
import { useLoginForm, type LoginInputs } from './use-login-form.ts';
import './login-i18n.ts';
import './login-page.css';

/**
 * The login page draws its form with plain elements in Ant Design's colours (its theme tokens, dark
 * mode included) rather than with Ant Design's components: generating their styles at run time was
 * most of the page's work on a phone, and their code most of its bytes.
 */
function tokenStyle(token: ReturnType<typeof theme.useToken>['token']): CSSProperties {
  return {
    '--mf-login-surface': token.colorBgContainer,
    '--mf-login-elevated': token.colorBgElevated,
    '--mf-login-text': token.colorText,
    '--mf-login-text-secondary': token.colorTextSecondary,
    '--mf-login-text-tertiary': token.colorTextTertiary,
    '--mf-login-placeholder': token.colorTextPlaceholder,
    '--mf-login-border': token.colorBorder,
    '--mf-login-border-secondary': token.colorBorderSecondary,
    '--mf-login-primary': token.colorPrimary,
    '--mf-login-primary-hover': token.colorPrimaryHover,
    // White on the theme's own blue is 4.1:1; its pressed shade passes WCAG AA's 4.5:1.
    '--mf-login-submit': token.colorPrimaryActive,
    '--mf-login-outline': token.controlOutline,
    '--mf-login-error': token.colorError,
    '--mf-login-error-outline': token.colorErrorOutline,
    '--mf-login-hover-bg': token.colorBgTextHover,
    '--mf-login-active-bg': token.controlItemBgActive,
    '--mf-login-shadow': token.boxShadowSecondary,
    '--mf-login-font': token.fontFamily,
  } as CSSProperties;
}

/** A labelled input with its icon in front and its message below, as the back office's forms show them. */
function Field({
  id,
  label,
  icon,
  error,
  children,
  after,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  error: string | undefined;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mf-login-field" data-invalid={error ? 'true' : undefined}>
      <label className="mf-login-label" htmlFor={id}>
        {label}
      </label>
      <div className="mf-login-control">
        <div className="mf-login-input">
          <span className="mf-login-icon" aria-hidden="true">
            {icon}
          </span>
          {children}
        </div>
        {after}
      </div>
      {error && (
        <div className="mf-login-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [showPassword, setShowPassword] = useState(false);
  const inputs = useRef<LoginInputs>({});
  const { errors, submitting, captcha, captchaEnabled, refreshCaptcha, onSubmit, bind } =
    useLoginForm(inputs);

  return (
    <main className="mf-login" style={tokenStyle(token)}>
      <div className="mf-login-top">
        <LoginLanguage />
      </div>
      <div className="mf-login-card">
        <div className="mf-login-brand">MeetFlow</div>
        <h1 className="mf-login-title">{t('login.title')}</h1>
        <p className="mf-login-subtitle">{t('login.subtitle')}</p>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Field id="login-account" label={t('login.account')} icon={<UserOutlined />} error={errors.account}>
            <input
              {...bind('account')}
              ref={(input) => {
                inputs.current.account = input;
              }}
              autoComplete="username"
              maxLength={64}
              data-testid="login-account"
            />
          </Field>
          <Field
            id="login-password"
            label={t('login.password')}
            icon={<LockOutlined />}
            error={errors.password}
          >
            <input
              {...bind('password')}
              ref={(input) => {
                inputs.current.password = input;
              }}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              maxLength={128}
              data-testid="login-password"
            />
            <button
              type="button"
              className="mf-login-reveal"
              aria-label={t('loginPage.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((was) => !was)}
            >
              {showPassword ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
            </button>
          </Field>
          {captchaEnabled && (
            <Field
              id="login-verify_code"
              label={t('login.captcha')}
              icon={<SafetyOutlined />}
              error={errors.verify_code}
              after={
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
              }
            >
              <input
                {...bind('verify_code')}
                ref={(input) => {
                  inputs.current.verify_code = input;
                }}
                autoComplete="off"
                inputMode="text"
                maxLength={16}
                data-testid="login-captcha"
              />
            </Field>
          )}
          <button
            type="submit"
            className="mf-login-submit"
            aria-busy={submitting || undefined}
            data-testid="login-submit"
          >
            {submitting && <span className="mf-login-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
