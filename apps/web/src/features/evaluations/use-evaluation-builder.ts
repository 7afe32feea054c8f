import { useState } from 'react';
import { evaluationBody } from '@meetflow/shared/schemas/evaluations';
import { localizeIssues } from '@meetflow/shared/validation';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useEvaluation, useSaveEvaluation, type Evaluation } from './evaluations-api.ts';
import {
  NO_ERRORS,
  draftBody,
  draftOf,
  errorCount,
  isDirty,
  moveQuestion,
  newQuestion,
  placeErrors,
  type EvaluationDraft,
  type EvaluationFieldType,
  type EvaluationQuestion,
  type PlacedErrors,
} from './evaluation-logic.ts';

/** Drops the messages at `place` (or inside it) once the organiser has changed what they were about. */
function without(errors: Record<string, string> | undefined, place: string) {
  return Object.fromEntries(
    Object.entries(errors ?? {}).filter(([at]) => !(at === place || at.startsWith(`${place}.`))),
  );
}

/**
 * The builder's state: the evaluation read from the server, the organiser's draft of it (the latest
 * read until the first edit), the messages placed on it, the question opened, and the save.
 */
export function useEvaluationBuilder(
  id: number,
  meetingId: number,
  onConflict: (reload: () => Promise<void>) => void,
) {
  const { t } = useTranslation();
  const query = useEvaluation(id);
  const saving = useSaveEvaluation(id, meetingId);
  const [editing, setEditing] = useState<{ base: Evaluation; draft: EvaluationDraft } | null>(null);
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [openKey, setOpenKey] = useState<string | null>(null);

  const base = editing?.base ?? query.data;
  const draft = editing?.draft ?? (query.data ? draftOf(query.data) : null);
  const dirty = base !== undefined && draft !== null && isDirty(draft, base);

  function edit(next: (draft: EvaluationDraft) => EvaluationDraft) {
    if (!base || !draft) return;
    setEditing({ base, draft: next(draft) });
  }

  function setSetting<K extends keyof EvaluationDraft['settings']>(
    name: K,
    value: EvaluationDraft['settings'][K],
    place: string = name,
  ) {
    edit((d) => ({ ...d, settings: { ...d.settings, [name]: value } }));
    setErrors((e) => ({ ...e, settings: without(e.settings, place) }));
  }

  function update(key: string, place: string, change: (q: EvaluationQuestion) => EvaluationQuestion) {
    edit((d) => ({ ...d, fields: d.fields.map((q) => (q.key === key ? change(q) : q)) }));
    setErrors((e) => ({ ...e, byQuestion: { ...e.byQuestion, [key]: without(e.byQuestion[key], place) } }));
  }

  function add(type: EvaluationFieldType): string | undefined {
    if (!base || !draft) return undefined;
    const taken = [...draft.fields, ...base.fields].map((q) => q.key).concat(base.answered_keys);
    const question = newQuestion(type, taken);
    edit((d) => ({ ...d, fields: [...d.fields, question] }));
    setOpenKey(question.key);
    return question.key;
  }

  function showErrors(placed: PlacedErrors) {
    setErrors(placed);
    const first = draft?.fields.find((q) => Object.keys(placed.byQuestion[q.key] ?? {}).length > 0);
    if (first) setOpenKey(first.key);
    toast.error(t('evaluations.builder.fixErrors', { count: errorCount(placed) }));
  }

  async function save() {
    if (!base || !draft) return;
    const body = draftBody(draft, base.scope_id, base.version);
    const sent = body.fields as EvaluationQuestion[];
    // The server's own schema first: the same messages, without a round trip.
    const local = evaluationBody.safeParse(body);
    if (!local.success) {
      showErrors(placeErrors(sent, localizeIssues(local.error.issues, currentLanguage())));
      return;
    }
    try {
      const saved = await saving.mutateAsync(body);
      setEditing({ base: saved, draft: draftOf(saved) });
      setErrors(NO_ERRORS);
      toast.success(t('evaluations.builder.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 409) return onConflict(reload);
      const fields = (error.data as { fields?: unknown } | null)?.fields;
      if (error.status === 400 && typeof fields === 'object' && fields !== null)
        return showErrors(placeErrors(sent, fields as Record<string, string>));
      toast.error(error.message);
    }
  }

  /** Forgets the draft and reads the evaluation again (after someone else saved it). */
  async function reload() {
    setEditing(null);
    setErrors(NO_ERRORS);
    await query.refetch();
  }

  const indexOf = (key: string) => draft?.fields.findIndex((q) => q.key === key) ?? -1;

  return {
    query,
    base,
    draft,
    dirty,
    errors,
    saving: saving.isPending,
    openKey,
    setOpenKey,
    setSetting,
    update,
    add,
    save,
    reload,
    move: (key: string, direction: -1 | 1) =>
      edit((d) => ({ ...d, fields: moveQuestion(d.fields, indexOf(key), direction) })),
    remove: (key: string) => edit((d) => ({ ...d, fields: d.fields.filter((q) => q.key !== key) })),
  };
}
export type EvaluationBuilderState = ReturnType<typeof useEvaluationBuilder>;
