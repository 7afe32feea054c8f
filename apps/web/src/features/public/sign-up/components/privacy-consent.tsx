import type { PublicPrivacyNotice } from '@meetflow/shared/schemas/privacy';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorId, fieldId } from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';

/**
 * The meeting's privacy notice above the sign-up button (issue 20): its text in the page's language
 * in a box that scrolls on its own (and takes the keyboard's focus to do so), and the box to tick,
 * whose error sits beside it. Render only when the meeting shows a notice.
 */
export function PrivacyConsent({
  notice,
  checked,
  onChange,
  error,
}: {
  notice: NonNullable<PublicPrivacyNotice>;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const titleId = `${fieldId('consent')}-title`;
  return (
    <div
      className={`mf-pub-field mf-pub-consent${error ? ' has-error' : ''}`}
      role="group"
      aria-labelledby={titleId}
      data-testid="privacy-consent"
    >
      <h3 className="mf-pub-label mf-pub-consent-title" id={titleId}>
        {t('pub.privacy.title')}
      </h3>
      <div
        className="mf-pub-consent-text"
        // Scrollable: the keyboard must be able to reach it to scroll it (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        data-testid="privacy-notice"
      >
        {notice.text[lang]}
      </div>
      <label className="mf-pub-consent-box">
        <input
          type="checkbox"
          id={fieldId('consent')}
          name="consent"
          checked={checked}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId('consent') : undefined}
          data-testid="field-consent"
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {t('pub.privacy.agree')}
          <span className="mf-pub-req" aria-hidden="true">
            {' *'}
          </span>
        </span>
      </label>
      {error && (
        <p className="mf-pub-error" id={errorId('consent')} data-testid="error-consent">
          {error}
        </p>
      )}
    </div>
  );
}
