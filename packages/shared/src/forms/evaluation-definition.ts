import { z } from 'zod';
import { FIELD_MAX_OPTIONS, FORM_MAX_FIELDS, conditionValues, isAnswerField } from './form-basics.ts';
import { formField, formFields } from './form-definition.ts';
import { QUIZ_TYPES } from './quiz.ts';

/**
 * An evaluation's questions (issue 43): the registration form's field definition, run by the same
 * engine, with the rating scale added, the types that would identify an anonymous respondent (e-mail,
 * phone, file, consent) left out, and the correct answers of an optional quiz.
 */

export const EVALUATION_FIELD_TYPES = [
  'rating',
  'choice',
  'multi_choice',
  'yes_no',
  'short_text',
  'long_text',
  'number',
  'date',
  'heading',
  'note',
] as const;
export type EvaluationFieldType = (typeof EVALUATION_FIELD_TYPES)[number];

/** Points of a rating scale: its options, lowest first. */
export const RATING_MIN_POINTS = 2;
export const RATING_MAX_POINTS = 10;

export const evaluationQuestion = formField.extend({
  type: z.enum(EVALUATION_FIELD_TYPES),
  /** The quiz's correct answers: option values, or 'yes' / 'no'; empty: not a quiz question. */
  correct: z.array(z.string().max(40)).max(FIELD_MAX_OPTIONS).default([]),
  /**
   * Never by registration type: which questions an anonymous response answers would tell the
   * respondent's type, and the phone page (which knows no type) would hide a question the server asks.
   */
  user_type_ids: z.array(z.number().int().positive()).max(0, 'invalidOption').default([]),
});
export type EvaluationQuestion = z.output<typeof evaluationQuestion>;
export type EvaluationQuestionInput = z.input<typeof evaluationQuestion>;

/**
 * The questions with the rules that span them: the registration form's (unique keys, conditions on
 * earlier fields, options only on choices) with a rating's options as its points, and correct
 * answers only on choices and yes/no, among their values.
 */
export const evaluationQuestions = z
  .array(evaluationQuestion)
  .max(FORM_MAX_FIELDS)
  .superRefine((fields, ctx) => {
    // The registration form's own rules, run on the fields with a rating read as a choice (and
    // without the quiz's answers, which its strict field does not know).
    const asForm = fields.map(({ correct: _correct, ...field }) => ({
      ...field,
      type: field.type === 'rating' ? 'choice' : field.type,
    }));
    const base = formFields.safeParse(asForm);
    if (!base.success)
      for (const issue of base.error.issues) ctx.addIssue({ ...issue, code: 'custom' } as never);
    fields.forEach((field, index) => {
      const at = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path: [index, ...path], message });
      if (
        field.type === 'rating' &&
        (field.options.length < RATING_MIN_POINTS || field.options.length > RATING_MAX_POINTS)
      )
        at(['options'], 'ratingPoints');
      if (field.correct.length > 0) {
        if (!(QUIZ_TYPES as readonly string[]).includes(field.type) || !isAnswerField(field))
          at(['correct'], 'invalidOption');
        else if (!field.correct.every((v) => conditionValues(field).includes(v)))
          at(['correct'], 'invalidOption');
        else if (field.type === 'yes_no' && field.correct.length > 1) at(['correct'], 'invalidOption');
      }
    });
  });
