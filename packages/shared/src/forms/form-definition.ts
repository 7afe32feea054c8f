import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import {
  CONDITION_SOURCE_TYPES,
  FIELD_KEY,
  FIELD_MAX_OPTIONS,
  FORM_FIELD_TYPES,
  FORM_MAX_FIELDS,
  conditionValues,
  isAnswerField,
} from './form-basics.ts';

/**
 * A meeting's own questions (issue 42): the list of fields an organiser adds after the spec's built-in
 * fields of the general or date-schedule form. One definition for the builder, the phone page, the
 * server, the import, the export and the door; how a form shows and validates is `form-engine.ts`.
 */

const text = (max: number) => z.string().trim().max(max);

/** A text in the three languages; zh-tw is required, an empty other language shows zh-tw. */
export const localizedText = (max: number, required: boolean) =>
  z.strictObject({
    'zh-tw': required ? text(max).min(1, 'required') : text(max).default(''),
    'zh-cn': text(max).default(''),
    en: text(max).default(''),
  });

export const formFieldOption = z.strictObject({
  value: z.string().regex(FIELD_KEY, 'invalidFormat'),
  label: localizedText(200, true),
});

export const formField = z.strictObject({
  key: z.string().regex(FIELD_KEY, 'invalidFormat'),
  type: z.enum(FORM_FIELD_TYPES),
  label: localizedText(300, true),
  help: localizedText(2000, false).default({ 'zh-tw': '', 'zh-cn': '', en: '' }),
  options: z.array(formFieldOption).max(FIELD_MAX_OPTIONS).default([]),
  required: z.boolean().default(false),
  /** Length of a text, value of a number, count of choices; null: no limit (texts keep their maximum). */
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  /** Shown only to these registration types (date-schedule meetings); empty: to every guest. */
  user_type_ids: z.array(z.number().int().positive()).max(200).default([]),
  /** Shown only when the earlier field `key` has one of `values` (yes/no answers are 'yes' / 'no'). */
  show_if: z
    .strictObject({
      key: z.string().regex(FIELD_KEY, 'invalidFormat'),
      values: z.array(z.string().max(40)).min(1).max(FIELD_MAX_OPTIONS),
    })
    .nullable()
    .default(null),
  /** Answered by the guest at check-in, at the door. */
  ask_at_door: z.boolean().default(false),
  /** Printed on the name badge. */
  on_badge: z.boolean().default(false),
  /** Personal data: erased by the retention purge and by a guest's withdrawal. */
  personal: z.boolean().default(true),
  /** Retired: hidden from new sign-ups; the answers given stay in exports and the guest's data. */
  retired: z.boolean().default(false),
});

export type FormField = z.output<typeof formField>;
export type FormFieldInput = z.input<typeof formField>;
export type FormFieldOption = z.output<typeof formFieldOption>;

/** A form's fields, with the rules that span fields: unique keys, conditions on earlier fields. */
export const formFields = z
  .array(formField)
  .max(FORM_MAX_FIELDS)
  .superRefine((fields, ctx) => {
    const seen = new Map<string, FormField>();
    fields.forEach((field, index) => {
      const at = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path: [index, ...path], message });
      if (seen.has(field.key)) at(['key'], 'formKeyTaken');
      const choices = field.type === 'choice' || field.type === 'multi_choice';
      if (choices && field.options.length === 0) at(['options'], 'formOptionsRequired');
      if (!choices && field.options.length > 0) at(['options'], 'invalidOption');
      const values = field.options.map((o) => o.value);
      if (new Set(values).size !== values.length) at(['options'], 'formKeyTaken');
      if (!isAnswerField(field) && field.required) at(['required'], 'invalidOption');
      if (field.min !== null && field.max !== null && field.min > field.max)
        at(['min'], 'formLimitsInverted');
      if (field.show_if) {
        const source = seen.get(field.show_if.key);
        if (!source || !(CONDITION_SOURCE_TYPES as readonly string[]).includes(source.type))
          at(['show_if', 'key'], 'formConditionSource');
        else if (!field.show_if.values.every((v) => conditionValues(source).includes(v)))
          at(['show_if', 'values'], 'invalidOption');
      }
      seen.set(field.key, field);
    });
  });

export { LANGUAGES };
// The types, limits and small rules, without zod (the phone page's engine imports that file).
export * from './form-basics.ts';
