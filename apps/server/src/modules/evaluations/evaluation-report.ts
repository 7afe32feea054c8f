import { randomInt } from 'node:crypto';
import type { Language } from '@meetflow/shared/languages';
import { answerText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, localText } from '@meetflow/shared/forms/form-basics';
import type { EvaluationQuestion } from '@meetflow/shared/forms/evaluation-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { isQuizQuestion, isRight } from '@meetflow/shared/forms/quiz';
import { EVALUATION_REPORT_TEXTS } from '@meetflow/shared/schemas/evaluations';
import type { z } from 'zod';
import type { evaluationQuestionReport } from '@meetflow/shared/schemas/evaluations';

/*
 * An evaluation's report per question (issue 43), from the answers alone: counts per option, point
 * or yes/no, the average of a rating or number, the free texts, and how many got a quiz question
 * right. The answers come as rows with no order and no owner: an anonymous evaluation's opinion and
 * quiz parts are separate rows (nobody can join them), a named one's are one row per completion.
 * Each question is read from whichever rows carry its key, so both add up the same way.
 */

export type QuestionReport = z.output<typeof evaluationQuestionReport>;
type Bucket = QuestionReport['distribution'][number];

/** Types whose answers are texts the report lists rather than counts. */
const TEXT_TYPES = new Set(['short_text', 'long_text', 'date']);

/** Whether a row answered the question: an empty text or an empty choice is no answer. */
function given(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * The report of every answer question (headings and notes left out), in the questions' order.
 * `random(n)` draws an integer below n: the free texts are shuffled with it (never in stored order).
 */
export function questionReports(
  questions: readonly EvaluationQuestion[],
  rows: readonly Answers[],
  lang: Language,
  random: (n: number) => number = randomInt,
): QuestionReport[] {
  return questions.filter(isAnswerField).map((question) => {
    const values = rows.map((row) => row[question.key]).filter(given);
    return {
      key: question.key,
      label: localText(question.label, lang),
      type: question.type,
      answered: values.length,
      distribution: distribution(question, values, lang),
      average: average(question, values),
      texts: TEXT_TYPES.has(question.type) ? sample(values.map(String), random) : [],
      right: isQuizQuestion(question) ? values.filter((v) => isRight(question, v)).length : null,
    };
  });
}

/**
 * Counts per option (choice, multiple choice), point (rating) or yes/no, every one kept at zero so
 * that a chart shows the whole scale. A value no longer among the options (an option removed after
 * answers came) gets a bucket of its own after them, so that nothing answered goes uncounted.
 */
function distribution(question: EvaluationQuestion, values: unknown[], lang: Language): Bucket[] {
  const buckets: Bucket[] = bucketsOf(question, lang);
  if (buckets.length === 0) return [];
  const byValue = new Map(buckets.map((b) => [b.value, b]));
  const chosen = values.flatMap((v) => (question.type === 'multi_choice' && Array.isArray(v) ? v : [v]));
  for (const value of chosen) {
    const key = question.type === 'yes_no' ? (value === true ? 'yes' : 'no') : String(value);
    let bucket = byValue.get(key);
    if (!bucket) {
      bucket = { value: key, label: key, count: 0 };
      byValue.set(key, bucket);
      buckets.push(bucket);
    }
    bucket.count += 1;
  }
  return buckets;
}

function bucketsOf(question: EvaluationQuestion, lang: Language): Bucket[] {
  switch (question.type) {
    case 'choice':
    case 'multi_choice':
      return question.options.map((o) => ({ value: o.value, label: localText(o.label, lang), count: 0 }));
    case 'rating':
      // "4 · Good": the point and its label (the scale's points are the options, lowest first).
      return question.options.map((o, i) => ({
        value: String(i + 1),
        label: `${i + 1} · ${localText(o.label, lang)}`,
        count: 0,
      }));
    case 'yes_no':
      return [true, false].map((v) => ({
        value: v ? 'yes' : 'no',
        label: answerText(question, v, lang),
        count: 0,
      }));
    default:
      return [];
  }
}

/** The mean of a rating's points or a number's values, to two decimals; null with none. */
function average(question: EvaluationQuestion, values: unknown[]): number | null {
  if (question.type !== 'rating' && question.type !== 'number') return null;
  const numbers = values.map(Number).filter(Number.isFinite);
  if (numbers.length === 0) return null;
  return Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100;
}

/** At most EVALUATION_REPORT_TEXTS of the texts, in a random order (Fisher–Yates). */
function sample(texts: string[], random: (n: number) => number): string[] {
  const out = [...texts];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, EVALUATION_REPORT_TEXTS);
}
