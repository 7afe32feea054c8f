import { answerText } from '@meetflow/shared/forms/answer-text';
export { backOfficeFields } from '@meetflow/shared/forms/back-office-form';
import { filterValues, FILTER_FIELD_TYPES, groupAnswerFilter } from '@meetflow/shared/forms/answer-filter';
import { isAnswerField, localText, type FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers, AnswerValue } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import type { GuestAnswer } from '@meetflow/shared/schemas/guests';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import { fieldError } from '../../lib/app-error.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { GuestFilter } from './guest-list.repository.ts';
import { answerTerm } from './guest-search.ts';

/*
 * A guest's answers to the meeting's own fields in the back office: as text (list columns, export),
 * in full (the detail), as an audit entry's before and after, and as the list's filter.
 */

/** The fields that take an answer, in the form's order with the retired ones last. */
export function answerFields(fields: readonly FormField[]): FormField[] {
  const answered = fields.filter(isAnswerField);
  return [...answered.filter((f) => !f.retired), ...answered.filter((f) => f.retired)];
}

/** Each answered field's text in `lang`, by key (`answers` parsed once, by the caller). */
export function answerTexts(
  fields: readonly FormField[],
  answers: Answers,
  lang: Language,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const field of fields) {
    if (!(field.key in answers) || !isAnswerField(field)) continue;
    const text = answerText(field, answers[field.key], lang);
    if (text !== '') texts[field.key] = text;
  }
  return texts;
}

/** The detail's answers: every live field (null where unanswered), then the retired ones answered. */
export function guestAnswers(fields: readonly FormField[], answers: Answers, lang: Language): GuestAnswer[] {
  return answerFields(fields)
    .filter((field) => !field.retired || field.key in answers)
    .map((field) => {
      const value = answers[field.key] ?? null;
      return {
        key: field.key,
        label: localText(field.label, lang),
        type: field.type,
        value,
        text: answerText(field, value, lang),
        retired: field.retired,
      };
    });
}

/** An answer as the audit trail keeps it: option values, not labels; a phone in E.164; a file's name. */
function auditValue(value: AnswerValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return 'phone' in value ? value.phone : value.name;
  return String(value);
}

/**
 * The audit entry's changes of answers, one per key as `answers.<key>`: personal fields (a field
 * marks itself; a key the form no longer knows counts as one) masked as the guest's own fields are.
 */
export function answerChanges(fields: readonly FormField[], before: Answers, after: Answers): FieldChange[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const side = (answers: Answers) =>
    Object.fromEntries(keys.map((key) => [`answers.${key}`, auditValue(answers[key])]));
  const personal = keys.filter((key) => byKey.get(key)?.personal ?? true).map((key) => `answers.${key}`);
  return fieldChanges(side(before), side(after), { personal });
}

/**
 * The `answer` filter's items checked against the meeting's form: a key must be one of its choice,
 * multiple-choice or yes/no fields (retired ones too) and each value one of that field's; a 400 on
 * `answer.<key>` otherwise. Undefined when the filter names nothing. Each key's values become the
 * answer terms a matching guest holds one of (guest-search.ts).
 */
export function answerFilter(
  fields: readonly FormField[],
  items: readonly string[] | undefined,
): GuestFilter['answers'] {
  if (!items || items.length === 0) return undefined;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const match = Object.entries(groupAnswerFilter(items)).map(([key, values]) => {
    const field = byKey.get(key);
    if (!field || !(FILTER_FIELD_TYPES as readonly string[]).includes(field.type))
      throw fieldError(`answer.${key}`, 'unknownField');
    const allowed = filterValues(field);
    if (values.some((v) => !allowed.includes(v))) throw fieldError(`answer.${key}`, 'invalidOption');
    return { key, terms: values.map((value) => answerTerm(key, value)) };
  });
  return match;
}
