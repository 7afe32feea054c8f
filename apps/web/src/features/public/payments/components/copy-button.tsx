import { useState } from 'react';
import { copyText } from '../../../../lib/clipboard.ts';
import { useTranslation } from '../../../../lib/i18n.ts';

/**
 * "Copy" beside a value the guest types into their banking app (reference, account number, amount):
 * the button names what it copies, and the outcome is said in a status line.
 */
export function CopyButton({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="mf-pub-button mf-pub-secondary mf-pay-copy"
        aria-label={t('pubPay.copyWhat', { what })}
        data-testid={testId}
        onClick={() => {
          void copyText(value).then((ok) => setOutcome(ok ? 'copied' : 'failed'));
        }}
      >
        {t('pubPay.copy')}
      </button>
      <span className={`mf-pay-copy-status${outcome === 'failed' ? ' is-error' : ''}`} role="status">
        {outcome === 'copied' && t('pubPay.copied', { what })}
        {outcome === 'failed' && t('pubPay.copyFailed')}
      </span>
    </>
  );
}

/** A fact with its copy button: 'Reference  MF-7K2Q  [Copy]'. */
export function CopyFact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="mf-pay-fact">
      <dt>{label}</dt>
      <dd>
        <span className="mf-pay-value" data-testid={testId}>
          {value}
        </span>
        <CopyButton value={value} what={label} testId={`${testId}-copy`} />
      </dd>
    </div>
  );
}
