import type { Language } from '../languages.ts';
import type { FormField } from './form-definition.ts';

/**
 * The parts of a form's definition that need no schema library: the field types, the limits and
 * the small rules on them. The phone page runs the form engine with these alone, so its download
 * stays free of zod; `form-definition.ts` re-exports them beside the schemas.
 */

/** Fields that take an answer. */
export const ANSWER_FIELD_TYPES = [
  'short_text',
  'long_text',
  'number',
  'choice',
  'multi_choice',
  'yes_no',
  'date',
  'email',
  'phone',
  'file',
  'consent',
] as const;
/** Display-only items: a heading, or a paragraph of help text. */
export const DISPLAY_FIELD_TYPES = ['heading', 'note'] as const;
export const FORM_FIELD_TYPES = [...ANSWER_FIELD_TYPES, ...DISPLAY_FIELD_TYPES] as const;

export type AnswerFieldType = (typeof ANSWER_FIELD_TYPES)[number];
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * Evaluations (issue 43) add a rating: a point on a scale whose points are the field's options
 * (2–10 of them, each with its label, lowest first); the answer is the point's number, 1 to N.
 * Registration forms do not offer it.
 */
export const RATING_TYPE = 'rating' as const;
/** What the engine reads of a field: a registration form's field, or an evaluation's question. */
export type EngineField = Omit<FormField, 'type'> & { type: FormFieldType | typeof RATING_TYPE };

/** Fields another field's condition may depend on: their answers are from a fixed list. */
export const CONDITION_SOURCE_TYPES = ['choice', 'multi_choice', 'yes_no'] as const;

/** The most fields one meeting's form holds, and options one choice holds. */
export const FORM_MAX_FIELDS = 60;
export const FIELD_MAX_OPTIONS = 50;
/** Default and greatest length of a text answer. */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
/** Files a file field accepts: a proof of membership, a scanned card. */
export const ANSWER_FILE_MIMES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const ANSWER_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** A field's and an option's key: stable once answered, since answers are kept under it. */
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export function isAnswerField<F extends Pick<EngineField, 'type'>>(
  field: F,
): field is F & { type: AnswerFieldType | typeof RATING_TYPE } {
  return field.type === RATING_TYPE || (ANSWER_FIELD_TYPES as readonly string[]).includes(field.type);
}

/** The values a condition on `source` may name. */
export function conditionValues(source: Pick<EngineField, 'type' | 'options'>): string[] {
  if (source.type === 'yes_no') return ['yes', 'no'];
  return source.options.map((o) => o.value);
}

/** A label, help text or option in `lang`, falling back to zh-tw where that language is empty. */
export function localText(text: Record<Language, string>, lang: Language): string {
  return text[lang]?.trim() ? text[lang] : text['zh-tw'];
}
