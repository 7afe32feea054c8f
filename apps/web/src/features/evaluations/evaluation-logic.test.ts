import { describe, expect, it } from 'vitest';
import { evaluationBody, type Evaluation } from '@meetflow/shared/schemas/evaluations';
import {
  DEFAULT_TITLE,
  addOption,
  canDelete,
  changeType,
  draftBody,
  draftOf,
  freeScopes,
  isDirty,
  newQuestion,
  pageWithin,
  placeErrors,
  ratePercent,
  removeOption,
  setCorrect,
  withPoints,
} from './evaluation-logic.ts';

const counts = { eligible: 0, invited: 0, completed: 0, response_rate: 0 };

function evaluation(over: Partial<Evaluation> = {}): Evaluation {
  return {
    id: 1,
    meeting_id: 1,
    scope_id: 0,
    scope_name: '',
    title: DEFAULT_TITLE,
    intro: { 'zh-tw': '', 'zh-cn': '', en: '' },
    anonymous: true,
    pass_mark: null,
    state: 'draft',
    remind_after_days: 3,
    closes_on: null,
    fields: [],
    version: 1,
    answered_keys: [],
    counts,
    created_at: 0,
    updated_at: 0,
    ...over,
  };
}

const named = (q: ReturnType<typeof newQuestion>, zh: string) => ({
  ...q,
  label: { ...q.label, 'zh-tw': zh },
});

describe('the rating scale', () => {
  it('starts with five labelled points, lowest first, in the three languages', () => {
    const rating = newQuestion('rating', []);
    expect(rating.options.map((o) => o.label['zh-tw'])).toEqual(['很差', '差', '一般', '好', '很好']);
    expect(rating.options.map((o) => o.label.en)).toEqual(['Very poor', 'Poor', 'Fair', 'Good', 'Very good']);
    expect(rating.options.map((o) => o.value)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
  });

  it('numbers the points of another count while the scale is as it started, and back', () => {
    const seven = withPoints(newQuestion('rating', []), 7);
    expect(seven.options.map((o) => o.label.en)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(withPoints(seven, 5).options[4]!.label['zh-cn']).toBe('很好');
  });

  it('keeps the names the organiser gave to the points that stay, and stays within 2..10', () => {
    const rating = newQuestion('rating', []);
    const renamed = {
      ...rating,
      options: rating.options.map((o, i) => (i === 0 ? { ...o, label: { ...o.label, en: 'Awful' } } : o)),
    };
    const three = withPoints(renamed, 3);
    expect(three.options.map((o) => o.label.en)).toEqual(['Awful', 'Poor', 'Fair']);
    expect(withPoints(renamed, 1).options).toHaveLength(2);
    expect(withPoints(renamed, 40).options).toHaveLength(10);
  });
});

describe('the quiz marks', () => {
  it('keeps one right answer on a choice and a yes/no, any set on a multiple choice', () => {
    const choice = newQuestion('choice', []);
    expect(setCorrect(setCorrect(choice, 'o1', true), 'o2', true).correct).toEqual(['o2']);
    const multi = newQuestion('multi_choice', []);
    expect(setCorrect(setCorrect(multi, 'o1', true), 'o2', true).correct).toEqual(['o1', 'o2']);
    expect(setCorrect(setCorrect(multi, 'o1', true), 'o1', false).correct).toEqual([]);
    expect(setCorrect(setCorrect(newQuestion('yes_no', []), 'yes', true), 'no', true).correct).toEqual([
      'no',
    ]);
    expect(setCorrect(newQuestion('rating', []), 'o1', true).correct).toEqual([]);
  });

  it('forgets a removed option as a right answer, and all of them with another type', () => {
    const choice = setCorrect(addOption(newQuestion('choice', [])), 'o3', true);
    expect(choice.options.map((o) => o.value)).toEqual(['o1', 'o2', 'o3']);
    expect(removeOption(choice, 'o3').correct).toEqual([]);
    const multi = changeType(choice, 'multi_choice');
    expect(multi.correct).toEqual([]);
    expect(multi.options).toBe(choice.options);
    expect(changeType(choice, 'rating').options).toHaveLength(5);
  });
});

describe('the body a save sends', () => {
  it('passes the server schema with a rating and a quiz question, texts trimmed', () => {
    const rating = named(newQuestion('rating', []), ' 整體評價 ');
    let quiz = named(newQuestion('choice', ['q1']), '哪個正確？');
    quiz = {
      ...quiz,
      options: quiz.options.map((o, i) => ({ ...o, label: { ...o.label, 'zh-tw': `答案${i + 1}` } })),
    };
    quiz = setCorrect(quiz, 'o2', true);
    const draft = draftOf(evaluation());
    draft.fields = [rating, quiz];
    draft.settings.pass_mark = 80;
    const body = draftBody(draft, 0, 1);
    expect(body.fields[0]!.label['zh-tw']).toBe('整體評價');
    expect(evaluationBody.safeParse(body).error?.issues).toBeUndefined();
  });

  it('leaves out a text question’s options and right answers', () => {
    const text = {
      ...named(newQuestion('short_text', []), '意見'),
      options: [{ value: 'o1', label: DEFAULT_TITLE }],
      correct: ['o1'],
    };
    const draft = { ...draftOf(evaluation()), fields: [text] };
    const sent = draftBody(draft, 0, 1).fields[0]!;
    expect(sent.options).toEqual([]);
    expect(sent.correct).toEqual([]);
  });

  it('is dirty only once something changed', () => {
    const saved = evaluation();
    const draft = draftOf(saved);
    expect(isDirty(draft, saved)).toBe(false);
    expect(isDirty({ ...draft, settings: { ...draft.settings, anonymous: false } }, saved)).toBe(true);
  });
});

describe('the messages of a refused save', () => {
  it('go on the settings, on the question by key and option value, or in general', () => {
    const quiz = newQuestion('choice', []);
    const placed = placeErrors([quiz], {
      'title.zh-tw': 'required',
      pass_mark: 'quizWithoutQuestion',
      'fields.0.options.1.label.zh-tw': 'required',
      'fields.0.correct': 'invalidOption',
      version: 'stale',
    });
    expect(placed.settings).toEqual({ 'title.zh-tw': 'required', pass_mark: 'quizWithoutQuestion' });
    expect(placed.byQuestion.q1).toEqual({ 'options.o2.label.zh-tw': 'required', correct: 'invalidOption' });
    expect(placed.general).toEqual(['stale']);
  });

  it('the local check of the schema names the pass mark without a quiz question', () => {
    const draft = draftOf(evaluation({ pass_mark: 60 }));
    const parsed = evaluationBody.safeParse(draftBody(draft, 0, 1));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['pass_mark']);
  });
});

describe('the list', () => {
  it('offers the meeting and the sessions that have no evaluation yet', () => {
    const sessions = [{ id: 4 }, { id: 5 }];
    expect(freeScopes(sessions, [])).toEqual({ meeting: true, sessions });
    const items = [evaluation({ scope_id: 0 }), evaluation({ id: 2, scope_id: 5 })];
    expect(freeScopes(sessions, items)).toEqual({ meeting: false, sessions: [{ id: 4 }] });
  });

  it('deletes only what nobody answered, and shows a rate only where someone may answer', () => {
    expect(canDelete(evaluation())).toBe(true);
    expect(canDelete(evaluation({ counts: { ...counts, completed: 1 } }))).toBe(false);
    expect(canDelete(evaluation({ answered_keys: ['q1'] }))).toBe(false);
    expect(ratePercent(0.666, 3)).toBe('67%');
    expect(ratePercent(0, 0)).toBe('–');
  });
});

describe('the non-responders', () => {
  it('keep the page asked for while it has rows', () => {
    expect(pageWithin(2, 20, 22)).toBe(2);
    expect(pageWithin(1, 20, 22)).toBe(1);
    expect(pageWithin(5, 100, 401)).toBe(5);
  });

  it('go back to the last page when answers have emptied the one shown, and to the first when none are left', () => {
    expect(pageWithin(2, 20, 20)).toBe(1);
    expect(pageWithin(3, 20, 21)).toBe(2);
    expect(pageWithin(4, 20, 0)).toBe(1);
  });
});
