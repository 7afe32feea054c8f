import { useState } from 'react';
import type { FormField, FormFieldType } from '@meetflow/shared/forms/form-definition';
import { registrationFormBody, type RegistrationForm } from '@meetflow/shared/schemas/forms';
import { localizeIssues } from '@meetflow/shared/validation';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useRegistrationForm, useSaveRegistrationForm } from './form-builder-api.ts';
import {
  changeType,
  draftBody,
  errorCount,
  isDirty,
  moveField,
  newField,
  placeErrors,
  removeField,
  takenFieldKeys,
  withoutErrors,
  type PlacedErrors,
} from './form-builder-logic.ts';

const NO_ERRORS: PlacedErrors = { byField: {}, general: [] };

/** The form as loaded (or last saved) and the organiser's draft of it. */
interface Editing {
  base: RegistrationForm;
  draft: FormField[];
}

/**
 * The builder's state: the form read from the server, the draft being edited, the messages placed on
 * its fields, the field opened for editing, and the save. Until the first edit the draft is simply
 * the latest read; from then on it is the organiser's own until a save or a reload.
 */
export function useFormBuilder(
  meetingId: number,
  open: boolean,
  onConflict: (reload: () => Promise<void>) => void,
) {
  const { t } = useTranslation();
  const query = useRegistrationForm(meetingId, open);
  const saving = useSaveRegistrationForm(meetingId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [openKey, setOpenKey] = useState<string | null>(null);

  const base = editing?.base ?? query.data;
  const draft = editing?.draft ?? query.data?.fields ?? [];
  const dirty = base !== undefined && isDirty(draft, base.fields);

  function edit(next: (fields: FormField[]) => FormField[]) {
    if (!base) return;
    setEditing({ base, draft: next(draft) });
  }

  /** Changes the field `key`; the messages at `place` in it go, since the organiser has answered them. */
  function update(key: string, place: string, change: (field: FormField) => FormField) {
    edit((fields) => fields.map((f) => (f.key === key ? change(f) : f)));
    setErrors((e) => withoutErrors(e, key, place));
  }

  /** Adds a field of `type` at the end and opens it; its key. */
  function add(type: FormFieldType): string | undefined {
    if (!base) return undefined;
    const field = newField(type, takenFieldKeys(draft, base.fields, base.answered_keys));
    edit((fields) => [...fields, field]);
    setOpenKey(field.key);
    return field.key;
  }

  const indexOf = (key: string) => draft.findIndex((f) => f.key === key);

  function showErrors(placed: PlacedErrors) {
    setErrors(placed);
    const first = draft.find((f) => Object.keys(placed.byField[f.key] ?? {}).length > 0);
    if (first) setOpenKey(first.key);
    toast.error(t('formBuilder.fixErrors', { count: errorCount(placed) }));
  }

  async function save() {
    if (!base) return;
    const body = draftBody(draft, base.version);
    const sent = body.fields as FormField[];
    // The server's own schema first: the same messages, without a round trip.
    const local = registrationFormBody.safeParse(body);
    if (!local.success) {
      showErrors(placeErrors(sent, localizeIssues(local.error.issues, currentLanguage())));
      return;
    }
    try {
      const saved = await saving.mutateAsync(body);
      setEditing({ base: saved, draft: saved.fields });
      setErrors(NO_ERRORS);
      toast.success(t('formBuilder.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 409) return onConflict(reload);
      const fields = (error.data as { fields?: unknown } | null)?.fields;
      if (error.status === 400 && typeof fields === 'object' && fields !== null) {
        return showErrors(placeErrors(sent, fields as Record<string, string>));
      }
      toast.error(error.message);
    }
  }

  /** Forgets the draft and reads the form again (after someone else saved it). */
  async function reload() {
    setEditing(null);
    setErrors(NO_ERRORS);
    await query.refetch();
  }

  return {
    query,
    base,
    draft,
    dirty,
    errors,
    saving: saving.isPending,
    openKey,
    setOpenKey,
    update,
    add,
    save,
    reload,
    move: (key: string, direction: -1 | 1) => edit((fields) => moveField(fields, indexOf(key), direction)),
    remove: (key: string) => edit((fields) => removeField(fields, indexOf(key))),
    setType: (key: string, type: FormFieldType) => {
      edit((fields) => changeType(fields, indexOf(key), type));
      setErrors((e) => withoutErrors(withoutErrors(e, key, 'type'), key, ''));
    },
    /** Replaces the whole list (an option removed, which touches the conditions on it). */
    replace: (next: (fields: FormField[]) => FormField[]) => edit(next),
  };
}
export type FormBuilderState = ReturnType<typeof useFormBuilder>;
