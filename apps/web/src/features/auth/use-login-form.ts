import { useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
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

const FIELDS = ['account', 'password', 'verify_code'] as const;
export type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

export type LoginInputs = Partial<Record<Field, HTMLInputElement | null>>;

/**
 * The login form's values, messages, captcha and sending: the rules the page draws. `inputs` holds
 * the page's inputs, so that the first field with a message takes the focus.
 */
export function useLoginForm(inputs: RefObject<LoginInputs>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ account: '', password: '', verify_code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
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

  /** What every input of the form binds: its id, value, change handler and error link. */
  const bind = (field: Field) => ({
    id: `login-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    ...(errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login-${field}-error` } : {}),
  });

  return { values, errors, submitting, captcha, captchaEnabled, refreshCaptcha, onSubmit, bind };
}
