import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../lib/i18n.ts';
import type { AnswerErrorTexts } from './custom-form-logic.ts';
import type { FormPreview } from './use-form-preview.ts';

export type CustomFieldsModule = typeof import('./components/custom-fields.tsx');

let loading: Promise<CustomFieldsModule> | null = null;
/** The fields' own code (inputs, engine, texts), once per page; a failed load may be tried again. */
function loadCustomFields(): Promise<CustomFieldsModule> {
  loading ??= import('./components/custom-fields.tsx').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The meeting's own fields on a sign-up form (issue 42): the meeting's, or the builder's draft in the
 * organiser's preview. Their code loads only when there are some (or in the preview), so a sign-up
 * page without them downloads none of it. `check` answers the body's answers and the errors to show;
 * a file still uploading holds the submit back.
 */
export function useCustomForm(meeting: PublicMeeting, preview: FormPreview) {
  const { t } = useTranslation();
  const [module, setModule] = useState<CustomFieldsModule | null>(null);
  const sent = preview?.fields;
  const draft = useMemo(() => (module && sent ? module.previewFields(sent) : []), [module, sent]);
  const fields: readonly FormField[] = preview ? draft : meeting.form_fields;
  const wanted = preview !== null || fields.length > 0;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadCustomFields().then(
      (loaded) => live && setModule(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, module, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  const setFileBusy = useCallback(
    (key: string, busy: boolean) =>
      setUploading((keys) => {
        const next = new Set(keys);
        if (busy) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  const check = (
    answers: Readonly<Record<string, unknown>>,
    userTypeId: number | null,
  ): { answers: Answers; errors: AnswerErrorTexts } => {
    if (fields.length === 0) return { answers: {}, errors: {} };
    // Without their code the fields are not on the page: nothing to send them with yet.
    if (!module) return { answers: {}, errors: { answers: () => t('pub.loadFailed') } };
    const checked = module.checkCustomAnswers(fields, answers, userTypeId);
    return {
      answers: checked.answers,
      errors: { ...checked.errors, ...module.uploadBusyErrors(fields, uploading) },
    };
  };

  const labels = (): [string, string][] => (module ? module.answerLabels(fields) : []);

  return { fields, module, failed, retry, uploading, setFileBusy, check, labels };
}
export type CustomForm = ReturnType<typeof useCustomForm>;
