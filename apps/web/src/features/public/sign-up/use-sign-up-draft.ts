import { useEffect, useState } from 'react';
import { readDraft, writeDraft } from './sign-up-draft.ts';

/**
 * A sign-up form's values and the answers to the meeting's own fields, restored from the tab's draft
 * and written back on every change (sign-up-draft.ts). `keep` false (the organiser's preview) neither
 * reads nor writes a draft.
 */
export function useSignUpDraft<Form extends { [K in keyof Form]: string }>(
  publicId: string,
  initial: () => Form,
  keep: boolean,
) {
  const [start] = useState(() => {
    const empty = initial();
    return (keep ? readDraft(publicId, empty) : null) ?? { form: empty, answers: {} };
  });
  const [form, setForm] = useState<Form>(start.form);
  const [answers, setAnswers] = useState<Record<string, unknown>>(start.answers);

  useEffect(() => {
    if (keep) writeDraft(publicId, { form, answers });
  }, [publicId, keep, form, answers]);

  const setAnswer = (key: string, value: unknown) => setAnswers((current) => ({ ...current, [key]: value }));
  return { form, setForm, answers, setAnswer };
}
