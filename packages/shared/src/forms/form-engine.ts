import { normalizePhone } from '../phone.ts';
import { ANSWER_FILE_MIMES, LONG_TEXT_MAX, SHORT_TEXT_MAX, isAnswerField } from './form-basics.ts';
import type { EngineField as FormField } from './form-basics.ts';

/**
 * How a form shows and validates: the one rule the phone page, the server, the import and the door
 * run, so that what the browser accepts the server accepts (the property test holds them together).
 *
 * An answer's value, as sent and as stored under the field's key:
 *   short_text, long_text, email, choice: string · date: 'YYYY-MM-DD' · number: number
 *   multi_choice: string[] · yes_no, consent: boolean · phone: { area_code, phone } (E.164 once valid)
 *   file: { id, name, mime, size } (an uploaded file's id) · rating: number, the point 1..options.length
 * An empty answer ('' / [] / null, or a consent box left unticked) is no answer.
 */

export interface PhoneAnswer {
  area_code: string;
  phone: string;
}
export interface FileAnswer {
  id: string;
  name: string;
  mime: string;
  size: number;
}
export type AnswerValue = string | number | boolean | string[] | PhoneAnswer | FileAnswer;
export type Answers = Record<string, AnswerValue>;

export type AnswerErrorCode =
  | 'required'
  | 'consentRequired'
  | 'tooShort'
  | 'tooLong'
  | 'tooSmall'
  | 'tooBig'
  | 'tooFew'
  | 'tooMany'
  | 'invalidOption'
  | 'notANumber'
  | 'dateInvalid'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'fileInvalid';
export interface AnswerError {
  code: AnswerErrorCode;
  n?: number;
}

/** What the form knows besides its own answers: the registration type chosen (date-schedule forms). */
export interface FormContext {
  userTypeId: number | null;
}

/** Condition value of an answer: the option values chosen, 'yes' / 'no' for yes/no. */
function conditionValuesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The keys of the fields shown, in order: not retired, for the registration type chosen, and, where
 * a field depends on another, only when that one is shown and has one of the named values.
 */
export function visibleKeys(
  fields: readonly FormField[],
  answers: Readonly<Record<string, unknown>>,
  context: FormContext,
): Set<string> {
  const shown = new Set<string>();
  for (const field of fields) {
    if (field.retired) continue;
    if (field.user_type_ids.length > 0 && !field.user_type_ids.includes(context.userTypeId ?? -1)) continue;
    const condition = field.show_if;
    if (condition) {
      if (!shown.has(condition.key)) continue;
      const given = conditionValuesOf(answers[condition.key]);
      if (!given.some((v) => condition.values.includes(v))) continue;
    }
    shown.add(field.key);
  }
  return shown;
}

export function isEmptyAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function textAnswer(field: FormField, value: unknown, max: number): [AnswerValue?, AnswerError?] {
  if (typeof value !== 'string') return [undefined, { code: 'required' }];
  const text = value.trim();
  const most = Math.min(field.max ?? max, max);
  if (field.min !== null && [...text].length < field.min)
    return [undefined, { code: 'tooShort', n: field.min }];
  if ([...text].length > most) return [undefined, { code: 'tooLong', n: most }];
  return [text];
}

/** One shown field's answer, normalised, or what is wrong with it. `value` is not empty. */
function checkAnswer(field: FormField, value: unknown): [AnswerValue?, AnswerError?] {
  switch (field.type) {
    case 'short_text':
      return textAnswer(field, value, SHORT_TEXT_MAX);
    case 'long_text':
      return textAnswer(field, value, LONG_TEXT_MAX);
    case 'email': {
      const [text, error] = textAnswer(field, value, SHORT_TEXT_MAX);
      if (error) return [undefined, error];
      return EMAIL.test(text as string) ? [text] : [undefined, { code: 'emailInvalid' }];
    }
    case 'date':
      return typeof value === 'string' && validDate(value.trim())
        ? [value.trim()]
        : [undefined, { code: 'dateInvalid' }];
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isFinite(n)) return [undefined, { code: 'notANumber' }];
      if (field.min !== null && n < field.min) return [undefined, { code: 'tooSmall', n: field.min }];
      if (field.max !== null && n > field.max) return [undefined, { code: 'tooBig', n: field.max }];
      return [n];
    }
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? [value]
        : [undefined, { code: 'invalidOption' }];
    case 'multi_choice': {
      if (!Array.isArray(value) || !value.every((v) => field.options.some((o) => o.value === v)))
        return [undefined, { code: 'invalidOption' }];
      // In the options' order, each once: the same choices are the same answer whichever way they came.
      const chosen = field.options.map((o) => o.value).filter((v) => value.includes(v));
      if (field.min !== null && chosen.length < field.min)
        return [undefined, { code: 'tooFew', n: field.min }];
      if (field.max !== null && chosen.length > field.max)
        return [undefined, { code: 'tooMany', n: field.max }];
      return [chosen];
    }
    case 'yes_no':
      return typeof value === 'boolean' ? [value] : [undefined, { code: 'invalidOption' }];
    case 'rating': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      return Number.isInteger(n) && n >= 1 && n <= field.options.length
        ? [n]
        : [undefined, { code: 'invalidOption' }];
    }
    case 'consent':
      return value === true ? [true] : [undefined, { code: 'consentRequired' }];
    case 'phone': {
      const p = value as Partial<PhoneAnswer>;
      if (typeof p !== 'object' || typeof p.area_code !== 'string' || typeof p.phone !== 'string')
        return [undefined, { code: 'phoneInvalid' }];
      // A checked answer carries E.164 ('+85223456789'): read back as the area code's national number,
      // so the engine's answers pass it again (a page sending them, an edit keeping them).
      const own = `+${p.area_code}`;
      const typed = p.phone.trim().startsWith(own) ? p.phone.trim().slice(own.length) : p.phone;
      const e164 = normalizePhone(p.area_code, typed);
      return e164 ? [{ area_code: p.area_code, phone: e164 }] : [undefined, { code: 'phoneInvalid' }];
    }
    case 'file': {
      const f = value as Partial<FileAnswer>;
      const ok =
        typeof f === 'object' &&
        typeof f.id === 'string' &&
        /^[0-9a-f]{64}$/.test(f.id) &&
        typeof f.name === 'string' &&
        typeof f.mime === 'string' &&
        (ANSWER_FILE_MIMES as readonly string[]).includes(f.mime) &&
        typeof f.size === 'number';
      return ok
        ? [{ id: f.id!, name: f.name!.slice(0, 200), mime: f.mime!, size: f.size! }]
        : [undefined, { code: 'fileInvalid' }];
    }
    default:
      return [undefined, { code: 'invalidOption' }];
  }
}

/** A phone answer still being typed: the area code alone is not an answer. */
function emptyPhone(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'phone' in value
    ? isEmptyAnswer((value as PhoneAnswer).phone)
    : false;
}

/**
 * The answers to keep and what is wrong: only shown fields' answers are kept (a hidden field's
 * answer is dropped, not refused, as is a key the form does not have); a shown, required field
 * must be answered; every answer given must be valid.
 */
export function validateAnswers(
  fields: readonly FormField[],
  raw: Readonly<Record<string, unknown>>,
  context: FormContext,
): { answers: Answers; errors: Record<string, AnswerError> } {
  const shown = visibleKeys(fields, raw, context);
  const answers: Answers = {};
  const errors: Record<string, AnswerError> = {};
  for (const field of fields) {
    if (!shown.has(field.key) || !isAnswerField(field)) continue;
    const value = raw[field.key];
    if (isEmptyAnswer(value) || emptyPhone(value) || (field.type === 'consent' && value === false)) {
      if (field.required)
        errors[field.key] = { code: field.type === 'consent' ? 'consentRequired' : 'required' };
      continue;
    }
    const [answer, error] = checkAnswer(field, value);
    if (error) errors[field.key] = error;
    else if (answer !== undefined) answers[field.key] = answer;
  }
  return { answers, errors };
}
