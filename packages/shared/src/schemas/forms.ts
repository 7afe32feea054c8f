import { z } from 'zod';
import { FIELD_KEY, LONG_TEXT_MAX, formField, formFields } from '../forms/form-definition.ts';

/**
 * A meeting's own form (issue 42): the organiser's fields after the spec's built-in ones, read and
 * replaced whole by the builder, and the answers a sign-up, an edit or an import carries.
 */

/** The builder's save: the whole list, and the version it was read at (a newer one refuses). */
export const registrationFormBody = z.strictObject({
  fields: formFields,
  version: z.number().int().min(0),
});
export type RegistrationFormBody = z.input<typeof registrationFormBody>;

export const registrationForm = z.object({
  fields: z.array(formField),
  version: z.number().int(),
  /** Keys of the fields that have answers: their type is fixed and they can only be retired. */
  answered_keys: z.array(z.string()),
});
export type RegistrationForm = z.output<typeof registrationForm>;

const phoneAnswer = z.strictObject({ area_code: z.string().max(8), phone: z.string().max(30) });
const fileAnswer = z.strictObject({
  id: z.string().max(64),
  name: z.string().max(255),
  mime: z.string().max(100),
  size: z.number().int().min(0),
});

/** One answer's shape on the wire; what it must be for its field is the form engine's to say. */
export const answerValue = z.union([
  z.string().max(LONG_TEXT_MAX + 100),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(40)).max(50),
  phoneAnswer,
  fileAnswer,
  z.null(),
]);

/** The answers of a sign-up, an edit or an import: field key → value. */
export const answersBody = z.record(z.string().regex(FIELD_KEY).max(40), answerValue);
