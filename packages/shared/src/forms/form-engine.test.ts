import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersBody } from '../schemas/forms.ts';
import { formFields, type FormField, type FormFieldInput } from './form-definition.ts';
import { validateAnswers, visibleKeys } from './form-engine.ts';

/*
 * The phone page and the server run the same engine, but on different inputs: the page on what the
 * visitor typed, the server on the JSON body that crossed the network and its schema. These
 * properties hold the two together on generated forms and answers: what is shown, what is required
 * and what is valid must not depend on the trip.
 */

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const OPTIONS = ['o1', 'o2', 'o3'];
const TYPES = [
  'short_text',
  'long_text',
  'number',
  'choice',
  'multi_choice',
  'yes_no',
  'date',
  'email',
  'phone',
  'consent',
  'heading',
] as const;

const label = { 'zh-tw': '欄', 'zh-cn': '栏', en: 'Field' };

/** A form of up to 8 fields whose conditions point at earlier choice fields (as the schema requires). */
const formArb = fc
  .array(
    fc.record({
      type: fc.constantFrom(...TYPES),
      required: fc.boolean(),
      min: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      span: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      retired: fc.boolean(),
      userTypes: fc.subarray([1, 2]),
      condition: fc.option(
        fc.record({ pick: fc.nat(), values: fc.subarray([...OPTIONS, 'yes', 'no'], { minLength: 1 }) }),
        {
          nil: null,
        },
      ),
    }),
    { maxLength: KEYS.length },
  )
  .map((specs) => {
    const fields: FormFieldInput[] = [];
    specs.forEach((spec, index) => {
      const choices = spec.type === 'choice' || spec.type === 'multi_choice';
      const sources = fields.filter((f) => ['choice', 'multi_choice', 'yes_no'].includes(f.type));
      let showIf: FormFieldInput['show_if'] = null;
      if (spec.condition && sources.length > 0) {
        const source = sources[spec.condition.pick % sources.length]!;
        const allowed = source.type === 'yes_no' ? ['yes', 'no'] : OPTIONS;
        const values = spec.condition.values.filter((v) => allowed.includes(v));
        if (values.length > 0) showIf = { key: source.key, values };
      }
      fields.push({
        key: KEYS[index]!,
        type: spec.type,
        label,
        required: spec.type !== 'heading' && spec.required,
        options: choices ? OPTIONS.map((value) => ({ value, label })) : [],
        min: spec.min,
        max: spec.min !== null && spec.span !== null ? spec.min + spec.span : null,
        retired: spec.retired,
        user_type_ids: spec.userTypes,
        show_if: showIf,
      });
    });
    return formFields.parse(fields);
  });

/** Any answer the page might send for any field: right, wrong, empty. */
const answerArb = fc.oneof(
  fc.constant(''),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('o1', 'o2', 'o3', 'x', '2024-02-29', '2023-02-29', 'dr@example.com', '12'),
  fc.integer({ min: -5, max: 10 }),
  fc.boolean(),
  fc.subarray(OPTIONS),
  fc.constant(['o1', 'zz']),
  fc.record({ area_code: fc.constantFrom('853', '852'), phone: fc.constantFrom('66123456', '123', '') }),
);
const answersArb = fc.dictionary(fc.constantFrom(...KEYS), answerArb, { maxKeys: KEYS.length });
const contextArb = fc.record({ userTypeId: fc.constantFrom(null, 1, 2) });

/** The server's side: the body crossed the network as JSON and passed the schema. */
function overTheWire(answers: Record<string, unknown>) {
  return answersBody.parse(JSON.parse(JSON.stringify(answers)));
}

describe('form engine: the page and the server agree', () => {
  it('accepts every generated form', () => {
    fc.assert(
      fc.property(formArb, (fields) => {
        expect(formFields.safeParse(fields).success).toBe(true);
      }),
    );
  });

  it('shows, requires and accepts the same on both sides of the wire', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const page = validateAnswers(fields, answers, context);
        const server = validateAnswers(fields, overTheWire(answers), context);
        expect(visibleKeys(fields, overTheWire(answers), context)).toEqual(
          visibleKeys(fields, answers, context),
        );
        expect(server.errors).toEqual(page.errors);
        expect(server.answers).toEqual(page.answers);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps only answers of shown fields, and every shown required field is answered or refused', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const shown = visibleKeys(fields, answers, context);
        const { answers: kept, errors } = validateAnswers(fields, answers, context);
        for (const key of Object.keys(kept)) expect(shown.has(key)).toBe(true);
        for (const key of Object.keys(errors)) expect(shown.has(key)).toBe(true);
        for (const field of fields as FormField[]) {
          if (field.required && shown.has(field.key))
            expect(field.key in kept || field.key in errors).toBe(true);
          if (field.retired) expect(shown.has(field.key)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts again what it accepted: stored answers pass the same check (an edit, the door)', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const first = validateAnswers(fields, answers, context);
        if (Object.keys(first.errors).length > 0) return;
        const again = validateAnswers(fields, overTheWire(first.answers), context);
        expect(again.errors).toEqual({});
        expect(again.answers).toEqual(first.answers);
      }),
      { numRuns: 500 },
    );
  });
});
