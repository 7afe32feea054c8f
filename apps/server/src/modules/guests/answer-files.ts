import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { FileAnswer } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { storedFileMimes } from '../files/files.reads.ts';
import { parseAnswers } from './registration-form.ts';

/**
 * A file answer names a file uploaded before (the public upload): refused, under `answers.<key>` in
 * the visitor's language, when no stored file has its id and type. `answers` is what checkAnswers
 * answered (already the shape of the engine). One read, and only when a file field was answered, so
 * a form without one keeps the sign-up's query count.
 */
export async function assertAnswerFiles(
  db: Db,
  fields: readonly FormField[],
  answers: string,
  lang: Language,
): Promise<void> {
  const fileFields = fields.filter((f) => f.type === 'file');
  if (fileFields.length === 0) return;
  const given = parseAnswers(answers);
  const named = fileFields.flatMap((field) => {
    const value = given[field.key] as FileAnswer | undefined;
    return value ? [{ field, value }] : [];
  });
  if (named.length === 0) return;
  const stored = await storedFileMimes(
    db,
    named.map((n) => n.value.id),
  );
  const wrong = named.filter(({ value }) => stored.get(value.id) !== value.mime);
  if (wrong.length === 0) return;
  throw new AppError('VALIDATION_FAILED', {
    data: {
      fields: Object.fromEntries(
        wrong.map(({ field }) => [
          `answers.${field.key}`,
          answerErrorText(field, { code: 'fileInvalid' }, lang),
        ]),
      ),
    },
  });
}
