import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ErrorSummary, TextField, type ErrorTexts } from '../../components/form-fields.tsx';
import { errorMessage } from '../../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';
import { emailError } from '../../sign-up/sign-up-form.ts';

/**
 * "Send my code to my e-mail", beside the phone look-up: the server answers alike whether or not
 * the address signed up, so the page says the same neutral sentence either way. A refusal (too many
 * tries, a malformed address) shows like the look-up's.
 */
export function CodeByEmailForm({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ErrorTexts>({});
  // "Sent" is kept as a state, not a text, so it follows a later language switch; a refusal is the
  // server's text in the language of the attempt.
  const [outcome, setOutcome] = useState<{ sent: true } | { text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setOutcome(null);
    const key = emailError(email);
    if (key) {
      setErrors({ email: t(`pub.err.${key}`) });
      setFocusKey((k) => k + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await publicApi.codeByEmail(publicId, email.trim());
      setOutcome({ sent: true });
    } catch (error) {
      if (
        error instanceof PublicApiError &&
        error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED &&
        Object.keys(error.fields).length
      ) {
        setErrors(error.fields);
      } else {
        setOutcome({ text: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')) });
      }
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mf-pub-card" aria-labelledby="pub-code-email-title" data-testid="code-by-email">
      <h2 className="mf-pub-h2" id="pub-code-email-title">
        {t('pub.codeByEmail.title')}
      </h2>
      <p className="mf-pub-intro">{t('pub.codeByEmail.intro')}</p>
      <form
        className="mf-pub-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="pub-code-email-title"
        aria-busy={busy}
        data-testid="code-email-form"
      >
        <ErrorSummary
          errors={errors}
          labels={[['email', t('pub.email')]]}
          focusKey={focusKey}
          testId="code-email-summary"
        >
          {outcome && 'text' in outcome && (
            <p className="mf-pub-notice" data-testid="code-email-notice">
              {outcome.text}
            </p>
          )}
        </ErrorSummary>
        <TextField
          name="email"
          label={t('pub.email')}
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <button
          type="submit"
          className="mf-pub-button mf-pub-secondary mf-pub-block"
          disabled={busy}
          data-testid="code-email-submit"
        >
          {busy ? t('pub.submitting') : t('pub.codeByEmail.submit')}
        </button>
      </form>
      {/* Present before it speaks, so that screen readers announce the answer when it comes. */}
      <div role="status">
        {outcome && 'sent' in outcome && (
          <div className="mf-pub-success" data-testid="code-email-sent">
            <p className="mf-pub-success-title">{t('pub.codeByEmail.sent')}</p>
            <p>{t('pub.codeByEmail.sentHint')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
