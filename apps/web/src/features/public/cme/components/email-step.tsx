import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ErrorSummary, TextField, type ErrorTexts } from '../../components/form-fields.tsx';
import { emailError, fieldMessages, refusalOf, refusalText } from '../cme-access.ts';
import { cmePublicApi } from '../cme-public-api.ts';

/** The first step: the address the doctor signed up with; a code goes there if it is known. */
export function EmailStep({ initial, onSent }: { initial: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initial);
  const [errors, setErrors] = useState<ErrorTexts>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const problem = emailError(email);
    if (problem) {
      setErrors({ email: t(`cmePub.${problem}`) });
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await cmePublicApi.sendCode(email.trim());
      onSent(email.trim());
    } catch (error) {
      if (refusalOf(error) === 'fields') setErrors(fieldMessages(error));
      else setNotice(refusalText(error, t));
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mf-pub-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('cmePub.email')}
      aria-busy={busy}
      data-testid="cme-email-form"
    >
      <ErrorSummary
        errors={errors}
        labels={[['email', t('cmePub.email')]]}
        focusKey={focusKey}
        testId="cme-email-summary"
      >
        {notice && (
          <p className="mf-pub-notice" data-testid="cme-email-notice">
            {notice}
          </p>
        )}
      </ErrorSummary>
      <TextField
        name="email"
        label={t('cmePub.email')}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={320}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <button
        type="submit"
        className="mf-pub-button mf-pub-block"
        disabled={busy}
        data-testid="cme-send-code"
      >
        {busy ? t('cmePub.sending') : t('cmePub.sendCode')}
      </button>
    </form>
  );
}
