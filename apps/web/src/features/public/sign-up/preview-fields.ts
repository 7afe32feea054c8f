import { FORM_FIELD_TYPES } from '@meetflow/shared/forms/form-basics';
import type { FormField } from '@meetflow/shared/forms/form-definition';

/*
 * The builder's draft fields as the organiser's preview shows them (form-preview.ts carries them
 * here from the message): loaded with the rest of the form's own code.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): Record<'zh-tw' | 'zh-cn' | 'en', string> => {
  const t = isRecord(value) ? value : {};
  const one = (lang: string) => (typeof t[lang] === 'string' ? (t[lang] as string) : '');
  return { 'zh-tw': one('zh-tw'), 'zh-cn': one('zh-cn'), en: one('en') };
};
const limit = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * One field of the builder's draft with the definition's defaults filled in, or null when it is not
 * a field at all. A draft is work in progress: it is shown as far as it makes sense, never refused
 * whole for one half-typed field (the builder's save is where the definition is enforced).
 */
export function previewField(value: unknown): FormField | null {
  if (!isRecord(value) || typeof value.key !== 'string' || !value.key) return null;
  if (!(FORM_FIELD_TYPES as readonly unknown[]).includes(value.type)) return null;
  const options = Array.isArray(value.options) ? value.options.filter(isRecord) : [];
  const showIf = isRecord(value.show_if) ? value.show_if : null;
  return {
    key: value.key,
    type: value.type as FormField['type'],
    label: text(value.label),
    help: text(value.help),
    options: options
      .filter((o) => typeof o.value === 'string')
      .map((o) => ({ value: o.value as string, label: text(o.label) })),
    required: value.required === true,
    min: limit(value.min),
    max: limit(value.max),
    user_type_ids: Array.isArray(value.user_type_ids)
      ? value.user_type_ids.filter((id): id is number => typeof id === 'number')
      : [],
    show_if:
      showIf && typeof showIf.key === 'string' && Array.isArray(showIf.values)
        ? { key: showIf.key, values: showIf.values.filter((v): v is string => typeof v === 'string') }
        : null,
    ask_at_door: value.ask_at_door === true,
    on_badge: value.on_badge === true,
    personal: value.personal !== false,
    retired: value.retired === true,
  };
}

/** The draft's fields, each read as previewField does; a key used twice keeps its first field. */
export function previewFields(list: readonly unknown[]): FormField[] {
  const seen = new Set<string>();
  const fields: FormField[] = [];
  for (const candidate of list) {
    const field = previewField(candidate);
    if (!field || seen.has(field.key)) continue;
    seen.add(field.key);
    fields.push(field);
  }
  return fields;
}
