import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluationQuestions,
  type EvaluationQuestionInput,
} from '@meetflow/shared/forms/evaluation-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { EVALUATION_REPORT_TEXTS } from '@meetflow/shared/schemas/evaluations';
import { questionReports } from './evaluation-report.ts';

const text = (en: string, zh = en) => ({ 'zh-tw': zh, 'zh-cn': zh, en });
const option = (value: string, en: string, zh: string) => ({ value, label: text(en, zh) });

const questions = evaluationQuestions.parse([
  { key: 'intro', type: 'heading', label: text('About the lecture') },
  {
    key: 'overall',
    type: 'rating',
    label: text('Overall', '整體'),
    options: [option('p1', 'Poor', '差'), option('p2', 'Fair', '一般'), option('p3', 'Good', '好')],
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: text('Topics'),
    options: [option('a', 'Airway', '氣道'), option('b', 'Burns', '燒傷'), option('c', 'Cardiac', '心臟')],
  },
  { key: 'useful', type: 'yes_no', label: text('Useful?', '有用嗎？') },
  {
    key: 'dose',
    type: 'choice',
    label: text('Dose'),
    options: [option('low', 'Low', '低'), option('high', 'High', '高')],
    correct: ['high'],
  },
  { key: 'hours', type: 'number', label: text('Hours') },
  { key: 'comment', type: 'long_text', label: text('Comment') },
] satisfies EvaluationQuestionInput[]);

/** An anonymous evaluation's rows: opinions and quiz answers apart, in no particular order. */
const rows: Answers[] = [
  { overall: 3, topics: ['a', 'c'], useful: true, hours: 2, comment: 'Clear' },
  { dose: 'high' },
  { overall: 2, topics: ['a'], useful: false, comment: '' },
  { dose: 'low' },
  { overall: 3, topics: [], useful: true, hours: 3.5, comment: 'Too fast' },
  { dose: 'high' },
];

describe('evaluation report per question', () => {
  const report = questionReports(questions, rows, 'en');
  const of = (key: string) => report.find((q) => q.key === key)!;

  it('reads the answer questions in order and leaves headings out', () => {
    expect(report.map((q) => q.key)).toEqual(['overall', 'topics', 'useful', 'dose', 'hours', 'comment']);
    expect(of('useful').label).toBe('Useful?');
    expect(questionReports(questions, rows, 'zh-tw').find((q) => q.key === 'useful')!.label).toBe('有用嗎？');
  });

  it('counts every point of a rating, zeros kept, with the average of the points', () => {
    expect(of('overall')).toMatchObject({
      answered: 3,
      average: 2.67,
      right: null,
      texts: [],
      distribution: [
        { value: '1', label: '1 · Poor', count: 0 },
        { value: '2', label: '2 · Fair', count: 1 },
        { value: '3', label: '3 · Good', count: 2 },
      ],
    });
    expect(questionReports(questions, rows, 'zh-cn')[0]!.distribution[2]!.label).toBe('3 · 好');
  });

  it('counts each choice of a multiple choice, and an empty choice as no answer', () => {
    expect(of('topics').answered).toBe(2);
    expect(of('topics').distribution.map((b) => [b.value, b.count])).toEqual([
      ['a', 2],
      ['b', 0],
      ['c', 1],
    ]);
  });

  it('counts yes and no, merges the quiz rows by key, and counts the right answers', () => {
    expect(of('useful').distribution).toEqual([
      { value: 'yes', label: 'Yes', count: 2 },
      { value: 'no', label: 'No', count: 1 },
    ]);
    expect(of('dose')).toMatchObject({ answered: 3, right: 2, average: null });
    expect(of('dose').distribution.map((b) => b.count)).toEqual([1, 2]);
  });

  it('averages numbers and keeps no distribution for them', () => {
    expect(of('hours')).toMatchObject({ answered: 2, average: 2.75, distribution: [] });
  });

  it('lists the texts given, shuffled rather than in the stored order, and no empty ones', () => {
    expect([...of('comment').texts].sort()).toEqual(['Clear', 'Too fast']);
    expect(of('comment').answered).toBe(2);
    const many = Array.from({ length: 40 }, (_, i) => ({ comment: `t${i}` }));
    const stored = many.map((r) => r.comment);
    // Always drawing the last index leaves the order as stored; any other draw moves it.
    const swapped = questionReports(questions, many, 'en', () => 0).at(-1)!.texts;
    expect(swapped).not.toEqual(stored);
    expect([...swapped].sort()).toEqual([...stored].sort());
    expect(questionReports(questions, many, 'en').at(-1)!.texts).not.toEqual(stored);
  });

  it(`keeps at most ${EVALUATION_REPORT_TEXTS} texts`, () => {
    const many = Array.from({ length: EVALUATION_REPORT_TEXTS + 20 }, (_, i) => ({ comment: `t${i}` }));
    const texts = questionReports(questions, many, 'en').at(-1)!.texts;
    expect(texts).toHaveLength(EVALUATION_REPORT_TEXTS);
    expect(new Set(texts).size).toBe(EVALUATION_REPORT_TEXTS);
  });

  it('counts a value no longer among the options in a bucket of its own', () => {
    const [dose] = questionReports(
      questions.filter((q) => q.key === 'dose'),
      [{ dose: 'medium' }, { dose: 'low' }],
      'en',
    );
    expect(dose!.distribution).toEqual([
      { value: 'low', label: 'Low', count: 1 },
      { value: 'high', label: 'High', count: 0 },
      { value: 'medium', label: 'medium', count: 1 },
    ]);
  });

  it('adds up: single answers sum to the answered count, multiple choices to the choices made', () => {
    const answer = fc.record(
      {
        overall: fc.integer({ min: 1, max: 3 }),
        topics: fc.subarray(['a', 'b', 'c']),
        useful: fc.boolean(),
        dose: fc.constantFrom('low', 'high'),
        hours: fc.integer({ min: 0, max: 20 }),
        comment: fc.string({ maxLength: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 60 }), (given) => {
        const report = questionReports(questions, given as Answers[], 'en');
        for (const q of report) {
          const present = given.filter((r) => {
            const v = (r as Record<string, unknown>)[q.key];
            return v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
          });
          expect(q.answered).toBe(present.length);
          const sum = q.distribution.reduce((s, b) => s + b.count, 0);
          if (q.type === 'multi_choice')
            expect(sum).toBe(present.reduce((s, r) => s + (r.topics?.length ?? 0), 0));
          else if (q.distribution.length > 0) expect(sum).toBe(q.answered);
          if (q.right !== null) expect(q.right).toBeLessThanOrEqual(q.answered);
          if (q.type === 'long_text') expect(q.texts).toHaveLength(q.answered);
        }
      }),
      { numRuns: 200 },
    );
  });
});
