import { describe, expect, it } from 'vitest';
import { formFields, type FormFieldInput } from './form-definition.ts';
import { validateAnswers } from './form-engine.ts';

const label = { 'zh-tw': '欄位' };
const FIELDS = formFields.parse([
  { key: 'office', type: 'phone', label },
  { key: 'years', type: 'number', label },
  { key: 'name', type: 'short_text', label },
  { key: 'picks', type: 'multi_choice', label, options: ['a', 'b', 'c'].map((value) => ({ value, label })) },
  { key: 'ok', type: 'yes_no', label },
] satisfies FormFieldInput[]);

describe('the form engine', () => {
  it('accepts its own answers again, unchanged (a page sends them, an edit keeps them)', () => {
    const raw = {
      office: { area_code: '852', phone: '2345 6789' },
      years: ' 7 ',
      name: '  Chan  ',
      picks: ['c', 'a'],
      ok: false,
    };
    const once = validateAnswers(FIELDS, raw, { userTypeId: null });
    expect(once.errors).toEqual({});
    expect(once.answers.office).toEqual({ area_code: '852', phone: '+85223456789' });
    const twice = validateAnswers(FIELDS, once.answers, { userTypeId: null });
    expect(twice.errors).toEqual({});
    expect(twice.answers).toEqual(once.answers);
  });

  it('still refuses a number of another area code written in E.164', () => {
    const other = validateAnswers(
      FIELDS,
      { office: { area_code: '853', phone: '+85223456789' } },
      { userTypeId: null },
    );
    expect(other.errors.office).toEqual({ code: 'phoneInvalid' });
  });
});
