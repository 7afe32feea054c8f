import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ErrorSummary, fieldId, TextField, type ErrorTexts } from '../../components/form-fields.tsx';
import { loginCodeError, loginCodeInput } from '../../guest-page/login-code.ts';
import { fieldMessages, refusalOf, refusalText } from '../cme-access.ts';
import { cmePublicApi, type CmePublicVerifyResult } from '../cme-public-api.ts';

const CODE_ERRORS = { codeRequired: 'cmePub.codeRequired', codeInvalid: 'cmePub.codeInvalid' } as const;

/**
 * The second step: the six digits from the e-mail, for the records. A wrong or expired code is said
 * at the field; too many tries above the form; a new code can be asked for, or another address used.
 */
export function CodeStep(props: {
  email: string;
  onVerified: (access: CmePublicVerifyResult) => void;
  onOtherEmail: () => void;
}) {
  const { email, onVerified } = props;
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<ErrorTexts>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [focusKey, setFocusKey] = useState(0);

  // The step opens on its field: the phone's keyboard comes up for the code.
  useEffect(() => {
    document.getElementById(fieldId('code'))?.focus();
  }, []);

  const refused = (error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal === 'fields') setErrors(fieldMessages(error));
    else if (refusal === 'codeWrong') setErrors({ code: refusalText(error, t) });
    else setNotice(refusalText(error, t));
    setFocusKey((k) => k + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    setResent(false);
    const problem = loginCodeError(code);
    if (problem) {
      setErrors({ code: t(CODE_ERRORS[problem]) });
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy('verify');
    try {
      onVerified(await cmePublicApi.verify(email, code));
    } catch (error) {
      refused(error);
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
      await cmePublicApi.sendCode(email);
      setCode('');
      setResent(true);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h2 className="mf-pub-h2" id="cme-code-title">
        {t('cmePub.codeTitle')}
      </h2>
      <p className="mf-pub-intro" id="cme-code-sent" data-testid="cme-code-sent">
        {t('cmePub.codeSent', { email })}
      </p>
      <form
        className="mf-pub-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="cme-code-title"
        aria-describedby="cme-code-sent"
        aria-busy={busy !== null}
        data-testid="cme-code-form"
      >
        <ErrorSummary
          errors={errors}
          labels={[['code', t('cmePub.code')]]}
          focusKey={focusKey}
          testId="cme-code-summary"
        >
          {notice && (
            <p className="mf-pub-notice" data-testid="cme-code-notice">
              {notice}
            </p>
          )}
        </ErrorSummary>
        <TextField
          name="code"
          label={t('cmePub.code')}
          required
          hint={t('cmePub.codeHint')}
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
          data-testid="cme-verify"
        >
          {busy === 'verify' ? t('cmePub.verifying') : t('cmePub.verify')}
        </button>
      </form>
      <div role="status">
        {resent && (
          <div className="mf-pub-success" data-testid="cme-code-resent">
            <p>{t('cmePub.resent')}</p>
          </div>
        )}
      </div>
      <div className="mf-pub-step-links">
        <button
          type="button"
          className="mf-pub-linkbutton mf-pub-textlink"
          disabled={busy !== null}
          onClick={() => void sendAgain()}
          data-testid="cme-resend"
        >
          {busy === 'resend' ? t('cmePub.sending') : t('cmePub.resend')}
        </button>
        <button
          type="button"
          className="mf-pub-linkbutton mf-pub-textlink"
          onClick={props.onOtherEmail}
          data-testid="cme-other-email"
        >
          {t('cmePub.otherEmail')}
        </button>
      </div>
    </>
  );
}
