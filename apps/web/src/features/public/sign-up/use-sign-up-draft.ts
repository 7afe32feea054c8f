import { useEffect, useState } from 'react';
import { clearDraft, readDraft, typedFields, writeDraft } from './sign-up-draft.ts';

/**
 * A sign-up form's values and the answers to the meeting's own fields, restored from the tab's draft
 * and written back on every change (sign-up-draft.ts): the fields the visitor changed and the answers
 * given; nothing typed, no draft. `keep` false (the organiser's preview) neither reads nor writes one.
 */
export function useSignUpDraft<Form extends { [K in keyof Form]: string }>(
  publicId: string,
  initial: () => Form,
  keep: boolean,
) {
  const [start] = useState(() => {
    const empty = initial();
    const restored = keep ? readDraft(publicId, empty) : null;
    return { empty, form: restored?.form ?? empty, answers: restored?.answers ?? {} };
  });
  const [form, setForm] = useState<Form>(start.form);
  const [answers, setAnswers] = useState<Record<string, unknown>>(start.answers);

  useEffect(() => {
    if (!keep) return;
    const typed = typedFields(form, start.empty);
    if (Object.keys(typed).length === 0 && Object.keys(answers).length === 0) clearDraft(publicId);
    else writeDraft(publicId, { form: typed, answers });
  }, [publicId, keep, form, answers, start.empty]);

  const setAnswer = (key: string, value: unknown) => setAnswers((current) => ({ ...current, [key]: value }));
  return { form, setForm, answers, setAnswer };
}
