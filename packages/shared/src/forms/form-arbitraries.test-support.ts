import fc from 'fast-check';
import { formFields, type FormFieldInput } from './form-definition.ts';

/*
 * Generated forms and answers for the property tests of the engine (here) and of the phone page
 * (apps/web): the same shapes on both sides, so the two tests speak of the same forms. Tests only.
 */

export const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
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
export const formArb = fc
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
export const answersArb = fc.dictionary(fc.constantFrom(...KEYS), answerArb, { maxKeys: KEYS.length });
export const contextArb = fc.record({ userTypeId: fc.constantFrom(null, 1, 2) });
