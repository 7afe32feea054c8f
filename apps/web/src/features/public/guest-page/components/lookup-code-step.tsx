import { useEffect, useState, type FormEvent } from 'react';
import type { GuestTokenResult } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ErrorSummary, fieldId, TextField, type ErrorTexts } from '../../components/form-fields.tsx';
import { loginCodeError, loginCodeInput } from '../login-code.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';

/**
 * The look-up's second step where the organiser asks for more than a phone number: the six digits
 * sent to the address the guest signed up with. A right code continues as a plain look-up does; the
 * code can be asked for again, or the visitor goes back to try another number.
 */
export function LookupCodeStep(props: {
  publicId: string;
  areaCode: string;
  /** As sent to the look-up. */
  phone: string;
  maskedEmail: string;
  onVerified: (result: GuestTokenResult) => void;
  onOtherNumber: () => void;
}) {
  const { publicId, areaCode, phone, onVerified } = props;
  const { t } = useTranslation();
  const [maskedEmail, setMaskedEmail] = useState(props.maskedEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<ErrorTexts>({});
  // "Asked again" is kept as a state so it follows a language switch; refusals are the server's text.
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [focusKey, setFocusKey] = useState(0);

  // The step opens on its field (with the sentence naming the address as its description): the
  // phone's keyboard comes up for the code, and a screen reader says where the code went.
  useEffect(() => {
    document.getElementById(fieldId('code'))?.focus();
  }, []);

  const refused = (error: unknown) => {
    if (error instanceof PublicApiError) {
      if (error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED && Object.keys(error.fields).length) {
        setErrors(error.fields);
        return;
      }
      if (error.code === PUBLIC_ERROR_CODES.LOGIN_CODE_WRONG) {
        setErrors({ code: error.message || t('pub.err.codeInvalid') });
        return;
      }
    }
    setNotice({ text: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')) });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setNotice(null);
    setResent(false);
    const key = loginCodeError(code);
    if (key) {
      setErrors({ code: t(`pub.err.${key}`) });
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy('verify');
    try {
      onVerified(await publicApi.verifyLookup(publicId, { area_code: areaCode, phone, code }));
    } catch (error) {
      refused(error);
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(null);
    }
  };

  const sendAgain = async () => {
    if (busy) return;
    setNotice(null);
    setResent(false);
    setErrors({});
    setBusy('resend');
    try {
      const result = await publicApi.lookup(publicId, { area_code: areaCode, phone });
      // The organiser may have switched the code off meanwhile: then the look-up is done.
      if ('guest_token' in result) {
        onVerified(result);
        return;
      }
      setMaskedEmail(result.masked_email);
      setResent(true);
    } catch (error) {
      refused(error);
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="mf-pub-card" aria-labelledby="pub-code-title" data-testid="lookup-code-step">
      <h2 className="mf-pub-h2" id="pub-code-title">
        {t('pub.lookupCode.title')}
      </h2>
      <p className="mf-pub-intro" id="pub-code-sent" data-testid="lookup-code-sent">
        {t('pub.lookupCode.sent', { email: maskedEmail })}
      </p>
      <form
        className="mf-pub-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="pub-code-title"
        aria-describedby="pub-code-sent"
        aria-busy={busy !== null}
        data-testid="lookup-code-form"
      >
        <ErrorSummary
          errors={errors}
          labels={[['code', t('pub.lookupCode.label')]]}
          focusKey={focusKey}
          testId="lookup-code-summary"
        >
          {notice && (
            <p className="mf-pub-notice" data-testid="lookup-code-notice">
              {notice.text}
            </p>
          )}
        </ErrorSummary>
        <TextField
          name="code"
          label={t('pub.lookupCode.label')}
          required
          hint={`${t('pub.lookupCode.fieldHint')} · ${t('pub.lookupCode.hint')}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(value) => setCode(loginCodeInput(value))}
          error={errors.code}
        />
        <button
          type="submit"
          className="mf-pub-button mf-pub-block"
          disabled={busy !== null}
          data-testid="lookup-code-submit"
        >
          {busy === 'verify' ? t('pub.submitting') : t('pub.lookupCode.submit')}
        </button>
      </form>
      {/* Present before it speaks, so that screen readers announce the answer when it comes. */}
      <div role="status">
        {resent && (
          <div className="mf-pub-success" data-testid="lookup-code-resent">
            <p>{t('pub.lookupCode.resent', { email: maskedEmail })}</p>
          </div>
        )}
      </div>
      <CodeStepLinks busy={busy} onSendAgain={() => void sendAgain()} onOtherNumber={props.onOtherNumber} />
    </section>
  );
}

/** Under the form: ask for the code again, or go back to try another number. */
function CodeStepLinks({
  busy,
  onSendAgain,
  onOtherNumber,
}: {
  busy: 'verify' | 'resend' | null;
  onSendAgain: () => void;
  onOtherNumber: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-step-links">
      <button
        type="button"
        className="mf-pub-linkbutton mf-pub-textlink"
        disabled={busy !== null}
        onClick={onSendAgain}
        data-testid="lookup-code-resend"
      >
        {busy === 'resend' ? t('pub.submitting') : t('pub.lookupCode.resend')}
      </button>
      <button
        type="button"
        className="mf-pub-linkbutton mf-pub-textlink"
        onClick={onOtherNumber}
        data-testid="lookup-code-other-number"
      >
        {t('pub.lookupCode.otherNumber')}
      </button>
    </div>
  );
}
