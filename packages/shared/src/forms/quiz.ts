import type { EngineField } from './form-basics.ts';
import type { Answers } from './form-engine.ts';

/**
 * An evaluation's quiz (issue 43): the questions with correct answers set. A question counts as
 * right only when answered exactly: a choice among its correct values, a multiple choice with the
 * very set of correct values, a yes/no with the correct 'yes' / 'no'. The score is the share right,
 * in whole percent; the guest passes at or above the evaluation's pass mark.
 */

/** The types a correct answer can be set on. */
export const QUIZ_TYPES = ['choice', 'multi_choice', 'yes_no'] as const;

export type QuizField = Pick<EngineField, 'key' | 'type'> & { correct: readonly string[] };

export function isQuizQuestion(field: QuizField): boolean {
  return (QUIZ_TYPES as readonly string[]).includes(field.type) && field.correct.length > 0;
}

export function isRight(field: QuizField, value: unknown): boolean {
  if (field.type === 'yes_no')
    return typeof value === 'boolean' && field.correct.includes(value ? 'yes' : 'no');
  if (field.type === 'choice') return typeof value === 'string' && field.correct.includes(value);
  if (field.type === 'multi_choice') {
    if (!Array.isArray(value)) return false;
    const chosen = new Set(value.map(String));
    return chosen.size === field.correct.length && field.correct.every((v) => chosen.has(v));
  }
  return false;
}

/** Questions right, questions asked, and the whole-percent score (100 where no quiz question). */
export function quizScore(
  fields: readonly QuizField[],
  answers: Readonly<Answers>,
): { right: number; total: number; percent: number } {
  const quiz = fields.filter(isQuizQuestion);
  const right = quiz.filter((field) => isRight(field, answers[field.key])).length;
  const percent = quiz.length === 0 ? 100 : Math.floor((right * 100) / quiz.length);
  return { right, total: quiz.length, percent };
}
