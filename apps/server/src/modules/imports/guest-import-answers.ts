import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { validateAnswers, type Answers } from '@meetflow/shared/forms/form-engine';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { normalizePhone } from '@meetflow/shared/phone';
import { answerKeyOf, isAnswerTarget, type ImportMapping } from '@meetflow/shared/schemas/imports';
import { importableFields, normalizeHeader, parseYesNo } from './guest-import-fields.ts';

/*
 * The meeting's own fields (issue 42) in a guest file: how a cell's text becomes an answer, and a
 * row's answers judged by the sign-up's own rule (the shared form engine's `validateAnswers`).
 * Prepared once per import (the form parsed, the options' names indexed), then run per row. Pure.
 *
 * The import's rules are the sign-up's, with two exceptions: a required field asked at the door may
 * be left empty (the door asks it), and a file field is never required (a file cannot come from a
 * cell; the template says so).
 */

/** One problem of a row: the column at fault (null: the field has no column), in the reader's language. */
export interface AnswerProblem {
  column: string | null;
  message: string;
}

/** How an unanswered field reads: the engine then says what is wrong with the text as it was. */
type CellParser = (text: string, areaCode: string) => unknown;

/** Several choices in one cell. */
const CHOICE_SEPARATORS = /[;；,，\n]/;

/** An option by its value or its label in any language; anything else is left as typed (refused). */
function optionIndex(field: FormField): (text: string) => string {
  const index = new Map<string, string>();
  for (const option of field.options) {
    for (const lang of LANGUAGES) {
      const label = normalizeHeader(localText(option.label, lang));
      if (label && !index.has(label)) index.set(label, option.value);
    }
  }
  // A value wins over another option's label.
  for (const option of field.options) index.set(normalizeHeader(option.value), option.value);
  return (text) => index.get(normalizeHeader(text)) ?? text;
}

const DATE = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
/** Excel's serials of 1900-01-01 … 9999-12-31: a date cell the reader did not see as one. */
const SERIAL = /^\d{1,7}$/;

/** 'YYYY-MM-DD' from 2026-3-1, 2026/03/01, 2026年3月1日, a date with a time, or an Excel serial. */
export function dateText(text: string): string {
  const value = text.normalize('NFKC').trim();
  const match = DATE.exec(value);
  if (match) return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  if (SERIAL.test(value) && Number(value) >= 1 && Number(value) <= 2_958_465) {
    const serial = Number(value);
    // Excel counts 1900-02-29, which did not exist: serials from 61 on are one day ahead.
    const ms = ((serial >= 61 ? serial : serial + 1) - 25569) * 86_400_000;
    return new Date(ms).toISOString().slice(0, 10);
  }
  return value;
}

/** '+853 6612 3456' (any country code the phone rules know), or a number alone in the row's area code. */
export function phoneAnswer(text: string, areaCode: string): { area_code: string; phone: string } {
  const compact = text.normalize('NFKC').replace(/[\s\-().]/g, '');
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (!international) return { area_code: areaCode, phone: compact };
  const digits = international[1]!;
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (normalizePhone(code, digits.slice(length))) return { area_code: code, phone: digits.slice(length) };
  }
  return { area_code: '', phone: compact }; // no country code fits: refused as an invalid number
}

/** A number as people type it: full-width digits, thousands separators, spaces. */
function numberAnswer(text: string): number | string {
  const compact = text.normalize('NFKC').replace(/[\s,]/g, '');
  const n = compact === '' ? NaN : Number(compact);
  return Number.isFinite(n) ? n : text;
}

function parserOf(field: FormField): CellParser {
  switch (field.type) {
    case 'choice': {
      const option = optionIndex(field);
      return (text) => option(text);
    }
    case 'multi_choice': {
      const option = optionIndex(field);
      return (text) => {
        // A whole cell naming one option whose label holds a separator is that option.
        const whole = option(text);
        if (whole !== text) return [whole];
        return text
          .split(CHOICE_SEPARATORS)
          .map((part) => part.trim())
          .filter(Boolean)
          .map(option);
      };
    }
    case 'yes_no':
    case 'consent':
      return (text) => parseYesNo(text) ?? text;
    case 'number':
      return numberAnswer;
    case 'date':
      return dateText;
    case 'phone':
      return phoneAnswer;
    default:
      return (text) => text;
  }
}

/** The form as an import applies it: a field asked at the door, and a file, are never required. */
function importRules(fields: readonly FormField[]): FormField[] {
  return fields.map((field) =>
    field.required && (field.ask_at_door || field.type === 'file') ? { ...field, required: false } : field,
  );
}

/** Whether a field must be answered in every row the form shows it to (the template's "*", the mapping's hint). */
export function requiredInImport(field: FormField): boolean {
  return field.required && !field.ask_at_door && field.type !== 'file';
}

export interface RowAnswers {
  /** The answers to store (JSON), or null when the row has problems. */
  json: string | null;
  problems: AnswerProblem[];
}

/**
 * Prepares the answers of a file's rows: the columns mapped to the meeting's own fields and their
 * parsers, built once. `judge` reads one row's cells; `keys` are the fields the file has columns for
 * (an existing guest's other answers stay as they were).
 */
export function answerJudge(
  formFields: readonly FormField[],
  headers: readonly string[],
  mapping: ImportMapping,
  lang: Language,
) {
  const fields = importRules(formFields);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const importable = new Set(importableFields(fields).map((field) => field.key));
  const columns: { index: number; key: string; parse: CellParser }[] = [];
  const headerOf = new Map<string, string>();
  mapping.forEach((target, index) => {
    if (!isAnswerTarget(target)) return;
    const key = answerKeyOf(target);
    const field = byKey.get(key);
    if (!field || !importable.has(key)) return;
    columns.push({ index, key, parse: parserOf(field) });
    headerOf.set(key, headers[index] ?? '');
  });
  const asksAnything = fields.some((field) => importable.has(field.key));
  const empty: RowAnswers = { json: '{}', problems: [] };

  return {
    keys: columns.map((column) => column.key),
    judge(cells: readonly string[], areaCode: string, userTypeId: number | null): RowAnswers {
      if (!asksAnything) return empty;
      const raw: Record<string, unknown> = {};
      for (const { index, key, parse } of columns) {
        const text = (cells[index] ?? '').trim();
        if (text) raw[key] = parse(text, areaCode);
      }
      const { answers, errors } = validateAnswers(fields, raw, { userTypeId });
      const failed = Object.entries(errors);
      if (failed.length === 0) return { json: JSON.stringify(answers satisfies Answers), problems: [] };
      return {
        json: null,
        problems: failed.map(([key, error]) => ({
          column: headerOf.get(key) ?? null,
          message: answerErrorText(byKey.get(key)!, error, lang),
        })),
      };
    },
  };
}
export type AnswerJudge = ReturnType<typeof answerJudge>;
