import { localText } from '@meetflow/shared/forms/form-basics';
import type { PublicEvaluation } from '@meetflow/shared/schemas/evaluations';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';

/**
 * The evaluation's heading: its title, the session it is about, the organiser's intro, and what the
 * guest should know before answering — whether the answers are anonymous, a quiz and its pass mark.
 */
export function EvaluationIntro({ evaluation }: { evaluation: PublicEvaluation }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const intro = localText(evaluation.intro, lang);
  return (
    <>
      <h2 className="mf-pub-h2" id="pub-evaluation-title" data-testid="evaluation-title">
        {localText(evaluation.title, lang)}
      </h2>
      {evaluation.scope_name && (
        <p className="mf-pub-step" data-testid="evaluation-scope">
          {evaluation.scope_name}
        </p>
      )}
      {intro && <p className="mf-pub-intro">{intro}</p>}
      <p className="mf-pub-eval-note" role="note" data-testid="evaluation-anonymity">
        {evaluation.anonymous ? t('pubEval.anonymous') : t('pubEval.named')}
      </p>
      {evaluation.has_quiz && (
        <p className="mf-pub-eval-note" data-testid="evaluation-quiz-note">
          {evaluation.pass_mark === null
            ? t('pubEval.quizNoteNoMark')
            : t('pubEval.quizNote', { mark: evaluation.pass_mark })}
        </p>
      )}
      {evaluation.closes_on && (
        <p className="mf-pub-hint mf-pub-eval-closes">
          {t('pubEval.closesOn', { day: evaluation.closes_on })}
        </p>
      )}
    </>
  );
}
