import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { formFields, type FormField } from '@meetflow/shared/forms/form-definition';
import { validateAnswers, type Answers, type FormContext } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findForm } from './registration-form.repository.ts';

/*
 * A meeting's own fields as every face reads them (part of the guest core's API, exported through
 * guest-rules.ts), and the one check of a guest's answers against them (the shared form engine).
 */

/** Parsed forms by their stored text: a burst of sign-ups parses a meeting's form once. */
const parsed = new Map<string, FormField[]>();
const PARSED_KEEP = 200;

/** The stored JSON as fields; a damaged document is an empty form (the built-in fields still work). */
export function parseFields(json: string | undefined): FormField[] {
  if (!json || json === '[]') return [];
  let fields = parsed.get(json);
  if (!fields) {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      value = [];
    }
    const result = formFields.safeParse(value);
    fields = result.success ? result.data : [];
    if (parsed.size >= PARSED_KEEP) parsed.delete(parsed.keys().next().value as string);
    parsed.set(json, fields);
  }
  return fields;
}

/** A meeting's fields, retired ones included (their answers are still shown and exported). */
export async function formFieldsOf(db: Db, meetingId: number): Promise<FormField[]> {
  return parseFields((await findForm(db, meetingId))?.fields);
}

/** A guest's stored answers (the JSON column); damaged or absent: none. */
export function parseAnswers(json: string | null | undefined): Answers {
  if (!json || json === '{}') return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}

/**
 * The answers to store (JSON), or a 400 naming each field in the visitor's language under
 * `answers.<key>`. Answers of fields not shown are dropped; `keep` carries answers the body cannot
 * touch (a retired field's, on an edit).
 */
export function checkAnswers(
  fields: readonly FormField[],
  raw: Readonly<Record<string, unknown>> | undefined,
  context: FormContext,
  lang: Language,
  keep: Answers = {},
): string {
  if (fields.length === 0 && Object.keys(keep).length === 0) return '{}';
  const { answers, errors } = validateAnswers(fields, raw ?? {}, context);
  const failed = Object.entries(errors);
  if (failed.length > 0) {
    const byKey = new Map(fields.map((f) => [f.key, f]));
    throw new AppError('VALIDATION_FAILED', {
      data: {
        fields: Object.fromEntries(
          failed.map(([key, error]) => [`answers.${key}`, answerErrorText(byKey.get(key)!, error, lang)]),
        ),
      },
    });
  }
  return JSON.stringify({ ...keep, ...answers });
}
