import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { EvaluationAnswerResult, PublicEvaluation } from '@meetflow/shared/schemas/evaluations';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ErrorSummary, type ErrorTexts } from '../../components/form-fields.tsx';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { CustomFields } from '../../sign-up/components/custom-fields.tsx';
import { answerLabels, checkCustomAnswers, type AnswerErrorTexts } from '../../sign-up/custom-form-logic.ts';
import { clearEvaluationDraft, readEvaluationDraft, saveEvaluationDraft } from '../evaluation-draft.ts';
import { sendFailure } from '../evaluation-outcome.ts';
import { evaluationsApi } from '../evaluations-api.ts';
import { EvaluationIntro } from './evaluation-intro.tsx';

/**
 * The questions with the registration form's inputs (and the rating), checked by the shared form
 * engine before they are sent, so the page refuses what the server refuses, in the same words and
 * in the page's language; a refusal lists the problems above the form, each leading to its field.
 */
export function EvaluationForm({
  evaluation,
  token,
  onAnswered,
  onConflict,
  onNotFound,
  onTokenLost,
}: {
  evaluation: PublicEvaluation;
  token: string;
  onAnswered: (result: EvaluationAnswerResult) => void;
  onConflict: () => void;
  onNotFound: () => void;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => readEvaluationDraft(evaluation.id));
  // Kept as functions of the language: a switch of language says them again in the new one.
  const [errors, setErrors] = useState<AnswerErrorTexts>({});
  const [serverErrors, setServerErrors] = useState<ErrorTexts>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const fields = evaluation.fields;

  useEffect(() => saveEvaluationDraft(evaluation.id, answers), [evaluation.id, answers]);

  const shown: ErrorTexts = useMemo(
    () => ({
      ...serverErrors,
      ...Object.fromEntries(Object.entries(errors).map(([name, text]) => [name, text(lang)])),
    }),
    [errors, serverErrors, lang],
  );

  const onAnswer = (key: string, value: unknown) => {
    setAnswers((now) => ({ ...now, [key]: value }));
    // An answer changed: its own error waits for the next submit to be said again.
    const name = `answers.${key}`;
    setErrors(({ [name]: _dropped, ...rest }) => rest);
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkCustomAnswers(fields, answers, null);
    setErrors(checked.errors);
    setServerErrors({});
    setNotice(null);
    if (Object.keys(checked.errors).length > 0) {
      setFocusKey((k) => k + 1);
      return;
    }
    setBusy(true);
    try {
      const result = await evaluationsApi.answer(token, evaluation.id, checked.answers);
      clearEvaluationDraft(evaluation.id);
      onAnswered(result);
    } catch (error) {
      const failure = sendFailure(error);
      if (failure.kind === 'lost') return onTokenLost();
      if (failure.kind === 'notFound') return onNotFound();
      if (failure.kind === 'conflict') {
        clearEvaluationDraft(evaluation.id);
        return onConflict();
      }
      if (failure.kind === 'fields') setServerErrors(failure.fields);
      else {
        const reason = errorMessage(error, t('pub.loadFailed'), t('pub.networkError'));
        setNotice(t('pubEval.sendFailed', { reason }));
      }
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="mf-pub-card"
      aria-labelledby="pub-evaluation-title"
      data-testid="evaluation-form-card"
    >
      <EvaluationIntro evaluation={evaluation} />
      <form
        className="mf-pub-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-busy={busy}
        data-testid="evaluation-form"
      >
        <ErrorSummary errors={shown} labels={answerLabels(fields)} focusKey={focusKey}>
          {notice && (
            <p className="mf-pub-notice" data-testid="form-notice">
              {notice}
            </p>
          )}
        </ErrorSummary>
        <CustomFields
          fields={fields}
          answers={answers}
          onAnswer={onAnswer}
          errors={shown}
          userTypeId={null}
          // Evaluations ask no files or phone numbers (they would name an anonymous respondent).
          publicId=""
          defaultAreaCode=""
          preview={false}
          onUploading={() => undefined}
        />
        <button
          type="submit"
          className="mf-pub-button mf-pub-block"
          disabled={busy}
          aria-busy={busy}
          data-testid="evaluation-submit"
        >
          {busy ? t('pubEval.submitting') : t('pubEval.submit')}
        </button>
      </form>
    </section>
  );
}
