import {
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { type LoginBody } from '@meetflow/shared/schemas/auth';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, setLanguage, useTranslation } from '../../lib/i18n.ts';
import { toastOnNextPage } from '../../lib/toast.ts';
import { fetchCaptcha, login } from '../../lib/session/auth-api.ts';
import { HOME_PATH, sanitizeRedirect } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { LoginLanguage } from './components/login-language.tsx';
import './login-i18n.ts';
import './login-page.css';

const FIELDS = ['account', 'password', 'verify_code'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

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
  const [values, setValues] = useState<Values>({ account: '', password: '', verify_code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lang = currentLanguage();
  // A captcha is single use: every failed attempt and every click on the image fetches a new one.
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, gcTime: 0, staleTime: Infinity });
  const captchaEnabled = captcha.data?.enabled ?? false;

  /** The rules of the form: the same messages as the server's. */
  const check = (field: Field, value: string): string | undefined => {
    if (field === 'account' && !value.trim()) return fieldMessage('accountRequired', lang);
    if (field === 'password' && !value) return fieldMessage('passwordRequired', lang);
    if (field === 'verify_code' && captchaEnabled && !value.trim())
      return fieldMessage('captchaRequired', lang);
    return undefined;
  };

  const change = (field: Field, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    // A field that showed a message is checked again as it is typed into.
    if (errors[field]) setErrors((was) => ({ ...was, [field]: check(field, value) }));
  };

  const refreshCaptcha = () => {
    setValues((was) => ({ ...was, verify_code: '' }));
    void captcha.refetch();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found: Errors = {};
    for (const field of FIELDS) {
      const message = check(field, values[field]);
      if (message) found[field] = message;
    }
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const body: LoginBody = { account: values.account.trim(), password: values.password };
      if (captchaEnabled && captcha.data?.captcha_id) {
        body.captcha_id = captcha.data.captcha_id;
        body.verify_code = values.verify_code.trim();
      }
      const session = await login(body);
      useSessionStore.getState().setSession(session);
      // The preferred language saved in the personal settings wins over this browser's last pick.
      if (session.user.language && session.user.language !== currentLanguage()) {
        await setLanguage(session.user.language);
      }
      toastOnNextPage('success', t('login.success'));
      await navigate(sanitizeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        const fromServer: Errors = {};
        for (const { name, errors: messages } of fieldErrors(error.data, FIELDS))
          fromServer[name] = messages[0];
        setErrors(fromServer);
      }
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  /** What an input says about itself: its message, when it has one. */
  /** What every input of the form binds: its id, value, change handler and error link. */
  const bind = (field: Field) => ({
    id: `login-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    ...(errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login-${field}-error` } : {}),
  });

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
