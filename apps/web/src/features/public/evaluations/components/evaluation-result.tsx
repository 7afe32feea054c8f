import { Link } from 'react-router';
import { useEffect, useRef } from 'react';
import type { EvaluationAnswerResult, PublicEvaluation } from '@meetflow/shared/schemas/evaluations';
import { localText } from '@meetflow/shared/forms/form-basics';
import { useTranslation } from '../../../../lib/i18n.ts';
import { CertificateDownload } from '../../components/certificate-download.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';

/** Focus on the heading that replaced the form, so a screen reader says what happened. */
function useFocusOnShow() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function BackLink({ guestPage }: { guestPage: string }) {
  const { t } = useTranslation();
  return (
    <Link
      className="mf-pub-button mf-pub-secondary mf-pub-block mf-pub-after"
      to={guestPage}
      data-testid="evaluation-back"
    >
      {t('pubEval.back')}
    </Link>
  );
}

/** Thank you; the quiz's score where there was one; the certificate, when these answers unlocked it. */
export function EvaluationResult({
  evaluation,
  result,
  token,
  guestPage,
  onTokenLost,
}: {
  evaluation: PublicEvaluation;
  result: EvaluationAnswerResult;
  token: string;
  guestPage: string;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const heading = useFocusOnShow();
  const { quiz } = result;
  return (
    <section className="mf-pub-card" aria-labelledby="pub-evaluation-done" data-testid="evaluation-result">
      <p className="mf-pub-step">{localText(evaluation.title, lang)}</p>
      <h2 className="mf-pub-h2" id="pub-evaluation-done" tabIndex={-1} ref={heading}>
        {t('pubEval.thanksTitle')}
      </h2>
      <p>{t('pubEval.thanksBody')}</p>
      {quiz && (
        <div className={quiz.passed ? 'mf-pub-success' : 'mf-pub-notice'} data-testid="evaluation-quiz">
          <p className="mf-pub-success-title">{t('pubEval.quizResult', quiz)}</p>
          <p>
            {quiz.passed ? t('pubEval.quizPassed') : t('pubEval.quizFailed', { mark: evaluation.pass_mark })}
          </p>
        </div>
      )}
      {result.certificate_unlocked && (
        <div className="mf-pub-after" data-testid="evaluation-certificate">
          <p className="mf-pub-success mf-pub-success-title" role="status">
            {t('pubEval.unlocked')}
          </p>
          <div className="mf-pub-after">
            <CertificateDownload token={token} onTokenLost={onTokenLost} />
          </div>
        </div>
      )}
      <BackLink guestPage={guestPage} />
    </section>
  );
}

/** Nothing to answer: completed already, closed, or not open to this guest. */
export function EvaluationNotice({
  kind,
  evaluation,
  alreadyAnswered = false,
  guestPage,
}: {
  kind: 'completed' | 'closed' | 'notFound';
  evaluation?: PublicEvaluation;
  alreadyAnswered?: boolean;
  guestPage: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const heading = useFocusOnShow();
  return (
    <section
      className="mf-pub-card"
      aria-labelledby="pub-evaluation-notice"
      data-testid={`evaluation-${kind}`}
    >
      {evaluation && <p className="mf-pub-step">{localText(evaluation.title, lang)}</p>}
      <h2 className="mf-pub-h2" id="pub-evaluation-notice" tabIndex={-1} ref={heading}>
        {kind === 'completed' && <span aria-hidden="true">{'✓ '}</span>}
        {t(`pubEval.${kind}Title`)}
      </h2>
      {alreadyAnswered && (
        <p className="mf-pub-notice" role="status" data-testid="evaluation-already-answered">
          {t('pubEval.alreadyAnswered')}
        </p>
      )}
      <p className={alreadyAnswered ? 'mf-pub-after' : undefined}>{t(`pubEval.${kind}Body`)}</p>
      <BackLink guestPage={guestPage} />
    </section>
  );
}
