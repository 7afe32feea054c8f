import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, type EngineField } from '@meetflow/shared/forms/form-basics';
import {
  validateAnswers,
  visibleKeys,
  type Answers,
  type FileAnswer,
  type PhoneAnswer,
} from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { answerName } from './sign-up-form.ts';

/**
 * The meeting's own fields on the sign-up page (issue 42), run by the shared form engine so the page
 * shows the fields the server shows (conditions, registration types) and refuses what it refuses,
 * in the same words. The page holds each answer as its input does (texts and numbers as typed,
 * yes/no as a boolean, a phone as area code and number, a file as the upload's answer).
 */

export { answerName };

/** A registration form's field, or an evaluation's question (issue 43: the same inputs, plus a rating). */
type FormField = EngineField;

/** An error's words in a language: the page shows them again in the language it switches to. */
export type AnswerErrorTexts = Record<string, (lang: Language) => string>;

/** The fields shown for these answers and registration type, in the form's order. */
export function shownFields<F extends FormField>(
  fields: readonly F[],
  answers: Readonly<Record<string, unknown>>,
  userTypeId: number | null,
): F[] {
  const shown = visibleKeys(fields, answers, { userTypeId });
  return fields.filter((f) => shown.has(f.key));
}

/**
 * The answers to send (shown fields only, normalised as the server stores them) and, per answer
 * name, what is wrong, naming the field.
 */
export function checkCustomAnswers(
  fields: readonly FormField[],
  answers: Readonly<Record<string, unknown>>,
  userTypeId: number | null,
): { answers: Answers; errors: AnswerErrorTexts } {
  const checked = validateAnswers(fields, answers, { userTypeId });
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const errors: AnswerErrorTexts = {};
  for (const [key, error] of Object.entries(checked.errors)) {
    const field = byKey.get(key);
    if (field) errors[answerName(key)] = (lang) => answerErrorText(field, error, lang);
  }
  return { answers: checked.answers, errors };
}

/** The error summary's entries of the fields that take an answer, in order (the message names the field). */
export function answerLabels(fields: readonly FormField[]): [string, string][] {
  return fields.filter((f) => isAnswerField(f)).map((f) => [answerName(f.key), '']);
}

// What an input shows of an answer restored from a draft or typed: anything else reads as empty.
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
export const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
export const yesNoOf = (value: unknown): string => (value === true ? 'yes' : value === false ? 'no' : '');
export function phoneOf(value: unknown, defaultAreaCode: string): PhoneAnswer {
  const p = (typeof value === 'object' && value !== null ? value : {}) as Partial<PhoneAnswer>;
  return {
    area_code: typeof p.area_code === 'string' ? p.area_code : defaultAreaCode,
    phone: typeof p.phone === 'string' ? p.phone : '',
  };
}
export function fileOf(value: unknown): FileAnswer | null {
  const f = (typeof value === 'object' && value !== null ? value : {}) as Partial<FileAnswer>;
  return typeof f.id === 'string' && typeof f.name === 'string' && typeof f.mime === 'string'
    ? { id: f.id, name: f.name, mime: f.mime, size: typeof f.size === 'number' ? f.size : 0 }
    : null;
}

/** A choice ticked or unticked, the choices kept in the options' order. */
export function toggleChoice(
  field: Pick<FormField, 'options'>,
  chosen: readonly string[],
  value: string,
  on: boolean,
) {
  const next = new Set(chosen);
  if (on) next.add(value);
  else next.delete(value);
  return field.options.map((o) => o.value).filter((v) => next.has(v));
}

/** A file's size as people read it: "820 KB", "1.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
