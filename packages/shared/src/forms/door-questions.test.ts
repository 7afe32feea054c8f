import { describe, expect, it } from 'vitest';
import { formFields, type FormFieldInput } from './form-definition.ts';
import { checkDoorAnswers, doorQuestions, doorQuestionsOf, validateDoorForm } from './door-questions.ts';

const label = (en: string) => ({ 'zh-tw': en, 'zh-cn': en, en });
const option = (value: string) => ({ value, label: label(value) });

/** A registration question, then door questions: one for doctors only, one behind a sign-up answer, a chain. */
const form = formFields.parse([
  { key: 'specialty', type: 'choice', label: label('Specialty'), options: [option('med'), option('surg')] },
  { key: 'diet', type: 'choice', label: label('Diet'), ask_at_door: true, options: [option('veg')] },
  { key: 'doctor_only', type: 'short_text', label: label('Ward'), ask_at_door: true, user_type_ids: [7] },
  {
    key: 'theatre',
    type: 'yes_no',
    label: label('Theatre visit'),
    ask_at_door: true,
    show_if: { key: 'specialty', values: ['surg'] },
  },
  { key: 'parking', type: 'yes_no', label: label('Parking'), ask_at_door: true, required: true },
  {
    key: 'plate',
    type: 'short_text',
    label: label('Plate'),
    ask_at_door: true,
    required: true,
    show_if: { key: 'parking', values: ['yes'] },
  },
  { key: 'card', type: 'file', label: label('Card'), ask_at_door: true, required: true },
  { key: 'old', type: 'short_text', label: label('Old'), ask_at_door: true, retired: true },
] satisfies FormFieldInput[]);

const keys = (fields: { key: string }[]) => fields.map((f) => f.key);

describe('door questions', () => {
  it("asks what the guest's type and answers show, and what a door answer may open", () => {
    const physician = doorQuestions(form, { specialty: 'med' }, { userTypeId: null });
    expect(keys(physician)).toEqual(['diet', 'parking', 'plate', 'card']);
    // The follow-up keeps its condition on a question asked with it; the others come resolved.
    expect(physician.find((f) => f.key === 'plate')!.show_if).toEqual({ key: 'parking', values: ['yes'] });
    expect(physician.find((f) => f.key === 'diet')!.show_if).toBeNull();

    const surgeon = doorQuestions(form, { specialty: 'surg', diet: 'veg' }, { userTypeId: 7 });
    expect(keys(surgeon)).toEqual(['doctor_only', 'theatre', 'parking', 'plate', 'card']);
    expect(surgeon.find((f) => f.key === 'theatre')!.show_if).toBeNull();
    expect(surgeon.every((f) => f.user_type_ids.length === 0)).toBe(true);

    // Answered before: not asked again, and a condition on it is decided.
    const parked = doorQuestions(form, { parking: true }, { userTypeId: null });
    expect(keys(parked)).toEqual(['diet', 'plate', 'card']);
    expect(parked.find((f) => f.key === 'plate')!.show_if).toBeNull();
    expect(keys(doorQuestions(form, { parking: false }, { userTypeId: null }))).toEqual(['diet', 'card']);
  });

  it("rebuilds a guest's questions from an offline copy's keys as the server resolves them", () => {
    const cases: [Record<string, unknown>, number | null][] = [
      [{ specialty: 'med' }, null],
      [{ specialty: 'surg', diet: 'veg' }, 7],
      [{ parking: true }, null],
    ];
    for (const [stored, userTypeId] of cases) {
      const resolved = doorQuestions(form, stored, { userTypeId });
      expect(doorQuestionsOf(form, keys(resolved))).toEqual(resolved);
    }
  });

  it('checks only door answers, merges nothing else and requires what the door can answer', () => {
    const ok = checkDoorAnswers(
      form,
      { specialty: 'med' },
      { diet: 'veg', parking: true, plate: ' MX-12 ', specialty: 'surg' },
      { userTypeId: null },
    );
    expect(ok).toEqual({ answers: { diet: 'veg', parking: true, plate: 'MX-12' }, errors: {} });

    const missing = checkDoorAnswers(form, {}, { parking: true }, { userTypeId: null });
    expect(missing.errors).toEqual({ plate: { code: 'required' } });
    // The file cannot be given at a door: never required there.
    expect(missing.errors).not.toHaveProperty('card');

    const wrong = checkDoorAnswers(form, { parking: false }, { diet: 'fish' }, { userTypeId: null });
    expect(wrong.errors).toEqual({ diet: { code: 'invalidOption' } });
    // A registration answer sent along is no door answer, and opens no question either.
    expect(
      checkDoorAnswers(
        form,
        { specialty: 'med', parking: false },
        { specialty: 'surg', theatre: true },
        { userTypeId: null },
      ),
    ).toEqual({
      answers: {},
      errors: {},
    });
    // A question of another registration type is dropped, not refused.
    expect(checkDoorAnswers(form, { parking: false }, { doctor_only: 'W3' }, { userTypeId: 1 })).toEqual({
      answers: {},
      errors: {},
    });
  });

  it("checks a station's form with the same rule", () => {
    const questions = doorQuestions(form, {}, { userTypeId: null });
    expect(validateDoorForm(questions, { parking: true }).errors).toEqual({ plate: { code: 'required' } });
    expect(validateDoorForm(questions, { parking: false, diet: 'veg' })).toEqual({
      answers: { parking: false, diet: 'veg' },
      errors: {},
    });
  });
});
