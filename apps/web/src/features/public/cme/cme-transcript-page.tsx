import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { MeetinglessFrame } from '../components/meetingless-frame.tsx';
import { usePageLanguage } from '../components/public-frame.tsx';
import type { CmePublicVerifyResult } from './cme-public-api.ts';
import { CodeStep } from './components/code-step.tsx';
import { EmailStep } from './components/email-step.tsx';
import { TranscriptCard } from './components/transcript-card.tsx';
import './cme-i18n.ts';
import './cme-transcript.css';
import '../public-page.css';

type Step =
  | { kind: 'email'; expired: boolean }
  | { kind: 'code'; email: string }
  | { kind: 'records'; email: string; access: CmePublicVerifyResult };

/**
 * /cme — a doctor's CME record across the meetings they attended (issue 43): their e-mail, then the
 * one-time code sent to it, then each organisation's meetings, credits and certificate codes with
 * the transcript as PDF. The access token lives in this page's memory only: never in the URL or in
 * storage, gone with a reload.
 */
export default function CmeTranscriptPage() {
  const { t } = useTranslation();
  const ids = useId();
  const [step, setStep] = useState<Step>({ kind: 'email', expired: false });
  const [email, setEmail] = useState('');

  const restart = (expired: boolean) => setStep({ kind: 'email', expired });

  return (
    <MeetinglessFrame languageLabel={t('cmePub.language')}>
      <section className="mf-pub-card" aria-labelledby={`${ids}-title`} data-testid="cme-page">
        <h1 className="mf-pub-title mf-pub-card-title" id={`${ids}-title`} data-testid="page-title">
          {t('cmePub.title')}
        </h1>
        {step.kind === 'email' && (
          <>
            <p className="mf-pub-intro">{t('cmePub.intro')}</p>
            {step.expired && (
              <p
                className="mf-pub-notice"
                role="alert"
                style={{ marginBottom: 14 }}
                data-testid="cme-expired"
              >
                {t('cmePub.expired')}
              </p>
            )}
            <EmailStep
              initial={email}
              onSent={(sent) => {
                setEmail(sent);
                setStep({ kind: 'code', email: sent });
              }}
            />
          </>
        )}
        {step.kind === 'code' && (
          <CodeStep
            email={step.email}
            onVerified={(access) => setStep({ kind: 'records', email: step.email, access })}
            onOtherEmail={() => restart(false)}
          />
        )}
        {step.kind === 'records' && (
          <p className="mf-pub-intro" role="status" data-testid="cme-records-for">
            {step.access.transcripts.length === 0
              ? t('cmePub.none')
              : t('cmePub.recordsFor', { email: step.email })}
          </p>
        )}
      </section>
      {step.kind === 'records' && (
        <Records step={step} onExpired={() => restart(true)} onDone={() => restart(false)} />
      )}
    </MeetinglessFrame>
  );
}

function Records(props: {
  step: Extract<Step, { kind: 'records' }>;
  onExpired: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { access } = props.step;
  const ref = useRef<HTMLDivElement>(null);

  // The records take the focus when they arrive: a screen reader starts reading them.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('h2')?.focus();
  }, []);

  return (
    <div ref={ref} data-testid="cme-records">
      {access.transcripts.map((transcript) => (
        <TranscriptCard
          key={transcript.person_id}
          transcript={transcript}
          token={access.token}
          expiresAt={access.expires_at}
          timeZone={access.time_zone}
          lang={lang}
          onExpired={props.onExpired}
        />
      ))}
      <p className="mf-pub-footer-link">
        <button
          type="button"
          className="mf-pub-button mf-pub-secondary"
          onClick={props.onDone}
          data-testid="cme-done"
        >
          {t('cmePub.done')}
        </button>
      </p>
    </div>
  );
}
