import { describe, expect, it } from 'vitest';
import { evaluationQuestions } from './evaluation-definition.ts';
import { quizScore } from './quiz.ts';

const label = (text: string) => ({ 'zh-tw': text, 'zh-cn': text, en: text });
const points = ['1', '2', '3', '4', '5'].map((n) => ({ value: `p${n}`, label: label(n) }));
const rating = { key: 'overall', type: 'rating', label: label('Overall'), options: points, required: true };
const quiz = {
  key: 'q1',
  type: 'choice',
  label: label('First-line drug?'),
  options: [
    { value: 'metformin', label: label('Metformin') },
    { value: 'insulin', label: label('Insulin') },
  ],
  correct: ['metformin'],
};

function issues(fields: unknown[]) {
  const result = evaluationQuestions.safeParse(fields);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('evaluation questions', () => {
  it('takes a rating scale and a quiz question with its correct answer', () => {
    expect(issues([rating, quiz])).toEqual([]);
  });

  it('refuses a rating without 2 to 10 points and a correct answer that is not an option', () => {
    expect(issues([{ ...rating, options: points.slice(0, 1) }])).toContain('0.options:ratingPoints');
    expect(issues([{ ...quiz, correct: ['aspirin'] }])).toContain('0.correct:invalidOption');
    expect(issues([{ ...rating, correct: ['p1'] }])).toContain('0.correct:invalidOption');
  });

  it('refuses questions asked by registration type, which would tell who answered', () => {
    expect(issues([{ ...rating, user_type_ids: [3] }])).toContain('0.user_type_ids:invalidOption');
  });

  it('scores the quiz in whole percent of questions exactly right', () => {
    const fields = evaluationQuestions.parse([rating, quiz, { ...quiz, key: 'q2', correct: ['insulin'] }]);
    expect(quizScore(fields, { overall: 4, q1: 'metformin', q2: 'metformin' })).toEqual({
      right: 1,
      total: 2,
      percent: 50,
    });
  });
});
