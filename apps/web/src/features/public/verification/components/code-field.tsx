import { useId } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { CODE_STYLE } from './verify-answer.tsx';

/** The certificate code to check; `error` is the length of a code that is not whole. */
export function CodeField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: number | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const codeId = `${ids}-code`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return (
    <div className={error === null ? 'mf-pub-field' : 'mf-pub-field has-error'}>
      <label className="mf-pub-label" htmlFor={codeId}>
        {t('verify.codeLabel')}
      </label>
      <input
        id={codeId}
        className="mf-pub-input"
        style={CODE_STYLE}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="XXXX-XXXX-XXXX-…"
        maxLength={60}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        aria-invalid={error !== null}
        aria-describedby={error === null ? hintId : `${errorId} ${hintId}`}
        data-testid="verify-code-input"
      />
      {error !== null && (
        <p className="mf-pub-error" id={errorId} data-testid="verify-code-error">
          {t('verify.codeInvalid', { count: error })}
        </p>
      )}
      <p className="mf-pub-hint" id={hintId}>
        {t('verify.codeHint')}
      </p>
    </div>
  );
}
