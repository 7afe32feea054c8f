import { describe, expect, it } from 'vitest';
import { FORM_MAX_FIELDS, type FormField, type FormFieldType } from '@meetflow/shared/forms/form-definition';
import { registrationFormBody } from '@meetflow/shared/schemas/forms';
import { localizeIssues } from '@meetflow/shared/validation';
import {
  canAddField,
  canMove,
  changeType,
  conditionSources,
  draftBody,
  errorCount,
  errorsUnder,
  isDirty,
  isPreviewReady,
  lockedOptions,
  moveField,
  moveOption,
  newField,
  newOption,
  nextKey,
  placeErrors,
  previewLink,
  previewMessage,
  removeField,
  removeOption,
  retiredSource,
  takenFieldKeys,
  withoutErrors,
} from './form-builder-logic.ts';

/** A field as the builder holds it, named in zh-tw. */
function field(key: string, type: FormFieldType, extra: Partial<FormField> = {}): FormField {
  return { ...newField(type, []), key, label: { 'zh-tw': key, 'zh-cn': '', en: '' }, ...extra };
}

/** A choice with options a and b named, and a short text shown when it is `a`. */
function choiceAndDependant(): FormField[] {
  const choice = field('q1', 'choice');
  choice.options = [
    { value: 'o1', label: { 'zh-tw': '甲', 'zh-cn': '', en: 'A' } },
    { value: 'o2', label: { 'zh-tw': '乙', 'zh-cn': '', en: 'B' } },
  ];
  return [choice, field('q2', 'short_text', { show_if: { key: 'q1', values: ['o1'] } })];
}

describe('keys', () => {
  it('gives one above the highest number used, never one taken', () => {
    expect(nextKey('q', [])).toBe('q1');
    expect(nextKey('q', ['q1', 'q2'])).toBe('q3');
    // A gap left by a removed field is not filled: its key may have answers somewhere.
    expect(nextKey('q', ['q1', 'q7', 'diet'])).toBe('q8');
    expect(nextKey('o', ['o2', 'q9'])).toBe('o3');
    expect(nextKey('q', ['q01'])).toBe('q2');
  });

  it('keeps a new field clear of the keys saved or answered, not only of the draft', () => {
    const saved = [field('q1', 'short_text'), field('q2', 'short_text')];
    const draft = [saved[0]!];
    expect(newField('number', takenFieldKeys(draft, saved, ['q5'])).key).toBe('q6');
    expect(newField('number', takenFieldKeys(draft, saved, [])).key).toBe('q3');
  });

  it('keeps a new option clear of the options the field had when saved', () => {
    const saved = field('q1', 'choice');
    const draft = { ...saved, options: [saved.options[0]!] };
    expect(newOption(draft, saved).value).toBe('o3');
    expect(newOption(draft, undefined).value).toBe('o2');
  });

  it('starts a choice with two options, a heading without any, personal data on', () => {
    expect(newField('multi_choice', []).options.map((o) => o.value)).toEqual(['o1', 'o2']);
    expect(newField('heading', []).options).toEqual([]);
    expect(newField('email', []).personal).toBe(true);
  });

  it('stops adding at the most a form holds', () => {
    const many = Array.from({ length: FORM_MAX_FIELDS }, (_, i) => field(`q${i + 1}`, 'short_text'));
    expect(canAddField(many)).toBe(false);
    expect(canAddField(many.slice(1))).toBe(true);
  });
});

describe('moving', () => {
  const fields = [field('q1', 'short_text'), field('q2', 'number'), field('q3', 'date')];

  it('moves a field up and down, and not past either end', () => {
    expect(moveField(fields, 1, -1).map((f) => f.key)).toEqual(['q2', 'q1', 'q3']);
    expect(moveField(fields, 1, 1).map((f) => f.key)).toEqual(['q1', 'q3', 'q2']);
    expect(moveField(fields, 0, -1).map((f) => f.key)).toEqual(['q1', 'q2', 'q3']);
    expect(moveField(fields, 2, 1).map((f) => f.key)).toEqual(['q1', 'q2', 'q3']);
    expect(canMove(fields, 0, -1)).toBe(false);
    expect(canMove(fields, 2, 1)).toBe(false);
  });

  it('keeps a field below the field its condition names', () => {
    const linked = choiceAndDependant();
    expect(canMove(linked, 1, -1)).toBe(false);
    expect(canMove(linked, 0, 1)).toBe(false);
    expect(moveField(linked, 1, -1).map((f) => f.key)).toEqual(['q1', 'q2']);
    const apart = [linked[0]!, field('q3', 'date'), linked[1]!];
    expect(canMove(apart, 2, -1)).toBe(true);
    expect(canMove(apart, 0, 1)).toBe(true);
  });

  it('moves an option inside its field', () => {
    const [choice] = choiceAndDependant();
    expect(moveOption(choice!, 1, -1).options.map((o) => o.value)).toEqual(['o2', 'o1']);
    expect(moveOption(choice!, 1, 1)).toBe(choice);
  });
});

describe('conditions', () => {
  it('offers the earlier choice, multiple-choice and yes/no fields that are still asked', () => {
    const fields = [
      field('q1', 'choice'),
      field('q2', 'short_text'),
      field('q3', 'yes_no'),
      field('q4', 'multi_choice', { retired: true }),
      field('q5', 'multi_choice'),
      field('q6', 'number'),
    ];
    expect(conditionSources(fields, 5).map((f) => f.key)).toEqual(['q1', 'q3', 'q5']);
    expect(conditionSources(fields, 2).map((f) => f.key)).toEqual(['q1']);
    expect(conditionSources(fields, 0)).toEqual([]);
  });

  it('names the retired field a condition depends on', () => {
    const [choice, text] = choiceAndDependant();
    expect(retiredSource([choice!, text!], text!)).toBeUndefined();
    expect(retiredSource([{ ...choice!, retired: true }, text!], text!)?.key).toBe('q1');
  });

  it('shows a field to everyone again when the field it depended on goes', () => {
    const after = removeField(choiceAndDependant(), 0);
    expect(after.map((f) => f.key)).toEqual(['q2']);
    expect(after[0]!.show_if).toBeNull();
  });

  it('forgets a removed option in the conditions that named it', () => {
    const after = removeOption(choiceAndDependant(), 0, 0);
    expect(after[0]!.options.map((o) => o.value)).toEqual(['o2']);
    expect(after[1]!.show_if).toEqual({ key: 'q1', values: [] });
  });

  it('keeps the options between the two choices and drops a condition a new type cannot meet', () => {
    const multi = changeType(choiceAndDependant(), 0, 'multi_choice');
    expect(multi[0]!.options.map((o) => o.value)).toEqual(['o1', 'o2']);
    expect(multi[1]!.show_if).toEqual({ key: 'q1', values: ['o1'] });
    const yesNo = changeType(choiceAndDependant(), 0, 'yes_no');
    expect(yesNo[0]!.options).toEqual([]);
    expect(yesNo[1]!.show_if).toBeNull();
    const text = changeType(choiceAndDependant(), 0, 'short_text');
    expect(text[1]!.show_if).toBeNull();
  });

  it('keeps limits only where they mean the same', () => {
    const fields = [field('q1', 'short_text', { min: 2, max: 20, required: true })];
    expect(changeType(fields, 0, 'long_text')[0]).toMatchObject({ min: 2, max: 20, required: true });
    expect(changeType(fields, 0, 'number')[0]).toMatchObject({ min: null, max: null });
    expect(changeType(fields, 0, 'heading')[0]).toMatchObject({ required: false });
    expect(changeType(fields, 0, 'choice')[0]!.options).toHaveLength(2);
  });

  it('locks the saved options of a field that has answers', () => {
    const [choice] = choiceAndDependant();
    expect([...lockedOptions(choice, ['q1'])]).toEqual(['o1', 'o2']);
    expect(lockedOptions(choice, ['q9']).size).toBe(0);
    expect(lockedOptions(undefined, ['q1']).size).toBe(0);
  });
});

describe('the body a save sends', () => {
  it('trims texts and leaves out what the type does not use; the schema accepts it', () => {
    const stale = field('q3', 'yes_no', {
      label: { 'zh-tw': '  需要停車位？ ', 'zh-cn': '', en: ' Parking? ' },
      options: [{ value: 'o1', label: { 'zh-tw': 'x', 'zh-cn': '', en: '' } }],
      min: 1,
      max: 3,
    });
    const heading = field('q4', 'heading', { required: true, ask_at_door: true, on_badge: true });
    const body = draftBody([...choiceAndDependant(), stale, heading], 7);
    expect(body.version).toBe(7);
    expect(body.fields[2]).toMatchObject({
      label: { 'zh-tw': '需要停車位？', 'zh-cn': '', en: 'Parking?' },
      options: [],
      min: null,
      max: null,
    });
    expect(body.fields[3]).toMatchObject({ required: false, ask_at_door: false, on_badge: false });
    expect(registrationFormBody.safeParse(body).success).toBe(true);
  });

  it('says when the draft differs from what was loaded', () => {
    const saved = choiceAndDependant();
    expect(isDirty(structuredClone(saved), saved)).toBe(false);
    expect(isDirty(moveField([saved[1]!, saved[0]!], 0, 1), saved)).toBe(false);
    expect(isDirty(removeField(saved, 1), saved)).toBe(true);
  });
});

describe('placing field messages', () => {
  it('puts each path on the field and option it names, by key and value', () => {
    const sent = [
      field('q1', 'short_text'),
      ...choiceAndDependant().map((f, i) => ({ ...f, key: `q${i + 2}` })),
    ];
    const placed = placeErrors(sent, {
      'fields.1.options.1.label.en': 'too long',
      'fields.2.show_if.key': 'condition source',
      'fields.0.label.zh-tw': 'required',
      'fields.0': 'whole field',
      fields: 'answered field removed',
      version: 'stale',
    });
    expect(placed.byField).toEqual({
      q1: { 'label.zh-tw': 'required', '': 'whole field' },
      q2: { 'options.o2.label.en': 'too long' },
      q3: { 'show_if.key': 'condition source' },
    });
    expect(placed.general).toEqual(['answered field removed', 'stale']);
    expect(errorCount(placed)).toBe(6);
    // A message stays on its field after the list is reordered: the key finds it.
    expect(errorsUnder(placed.byField.q3, 'show_if')).toEqual(['condition source']);
    expect(errorsUnder(placed.byField.q2, 'options.o2')).toEqual(['too long']);
    expect(errorsUnder(placed.byField.q2, 'options.o1')).toEqual([]);
  });

  it('takes a message away once its place is edited', () => {
    const placed = placeErrors([field('q1', 'choice')], {
      'fields.0.label.zh-tw': 'required',
      'fields.0.options.0.label.zh-tw': 'required',
    });
    const after = withoutErrors(placed, 'q1', 'label');
    expect(after.byField.q1).toEqual({ 'options.o1.label.zh-tw': 'required' });
    expect(withoutErrors(placed, 'q9', 'label')).toBe(placed);
  });

  it('places the local check of the same schema the same way as the server', () => {
    const fields = choiceAndDependant();
    fields[0]!.options[1]!.label['zh-tw'] = '';
    fields[1]!.show_if = { key: 'q1', values: [] };
    const body = draftBody(fields, 0);
    const result = registrationFormBody.safeParse(body);
    expect(result.success).toBe(false);
    const placed = placeErrors(body.fields as FormField[], localizeIssues(result.error!.issues, 'en'));
    expect(Object.keys(placed.byField.q1!)).toEqual(['options.o2.label.zh-tw']);
    expect(Object.keys(placed.byField.q2!)).toEqual(['show_if.values']);
  });
});

describe('the preview', () => {
  it('sends the draft as it would be saved, without the retired fields guests no longer see', () => {
    const fields = [...choiceAndDependant(), field('q3', 'date', { retired: true })];
    fields[0]!.label.en = ' Meal ';
    const message = previewMessage(fields);
    expect(message.type).toBe('meetflow:form-preview');
    expect(message.fields.map((f) => f.key)).toEqual(['q1', 'q2']);
    expect(message.fields[0]!.label.en).toBe('Meal');
  });

  it('opens the sign-up page in preview mode in the language asked for', () => {
    expect(previewLink('https://x.test/#/sign-up/Ab_1', 'en')).toBe(
      'https://x.test/#/sign-up/Ab_1?preview=1&lang=en',
    );
    expect(previewLink('https://x.test/#/sign-up/Ab_1', 'zh-cn')).toMatch(/\?preview=1&lang=zh-cn$/);
  });

  it('knows the page is ready by its message type alone', () => {
    expect(isPreviewReady({ type: 'meetflow:form-preview-ready' })).toBe(true);
    expect(isPreviewReady({ type: 'meetflow:form-preview' })).toBe(false);
    expect(isPreviewReady('meetflow:form-preview-ready')).toBe(false);
    expect(isPreviewReady(null)).toBe(false);
  });
});
