import { describe, expect, it } from 'vitest';
import { formFields, type FormFieldInput } from '@meetflow/shared/forms/form-definition';
import { answerJudge, dateText, phoneAnswer } from './guest-import-answers.ts';

/* A cell's text as an answer to one of the meeting's own fields, and a row's answers judged. */

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': zhTw, en });
const fields = formFields.parse([
  { key: 'ok', type: 'yes_no', label: tri('同意', 'Agree') },
  {
    key: 'topics',
    type: 'multi_choice',
    label: tri('主題', 'Topics'),
    options: [
      { value: 'a', label: tri('甲', 'Alpha, first') },
      { value: 'b', label: tri('乙', 'Beta') },
    ],
  },
  { key: 'count', type: 'number', label: tri('人數', 'Count') },
  { key: 'day', type: 'date', label: tri('日期', 'Day') },
] satisfies FormFieldInput[]);

function answersOf(cells: string[]) {
  const judge = answerJudge(
    fields,
    ['Agree', 'Topics', 'Count', 'Day'],
    ['answers.ok', 'answers.topics', 'answers.count', 'answers.day'],
    'en',
  );
  const { json, problems } = judge.judge(cells, '853', null);
  return json === null ? problems.map((p) => p.message) : (JSON.parse(json) as Record<string, unknown>);
}

describe('guest import answers', () => {
  it('reads yes and no in the words people write', () => {
    for (const yes of ['是', 'Yes', 'y', 'TRUE', '1'])
      expect(answersOf([yes, '', '', '']), yes).toEqual({ ok: true });
    for (const no of ['否', 'No', 'N', 'false', '0'])
      expect(answersOf([no, '', '', '']), no).toEqual({ ok: false });
    expect(answersOf(['maybe', '', '', ''])).toEqual(['Agree is not one of the choices']);
  });

  it('splits several choices on ; ； and , unless the whole cell names one option', () => {
    expect(answersOf(['', '乙；甲', '', ''])).toEqual({ topics: ['a', 'b'] });
    expect(answersOf(['', 'b, a', '', ''])).toEqual({ topics: ['a', 'b'] });
    expect(answersOf(['', 'Alpha, first', '', ''])).toEqual({ topics: ['a'] });
    expect(answersOf(['', 'Beta;Gamma', '', ''])).toEqual(['Topics is not one of the choices']);
  });

  it('reads numbers with thousands separators and full-width digits', () => {
    expect(answersOf(['', '', '1,200', ''])).toEqual({ count: 1200 });
    expect(answersOf(['', '', '１２', ''])).toEqual({ count: 12 });
    expect(answersOf(['', '', 'twelve', ''])).toEqual(['Count must be a number']);
  });

  it('reads dates as YYYY-MM-DD, with slashes, in Chinese, with a time, or as an Excel serial', () => {
    expect(dateText('2026-3-1')).toBe('2026-03-01');
    expect(dateText('2026/03/01')).toBe('2026-03-01');
    expect(dateText('2026年3月1日')).toBe('2026-03-01');
    expect(dateText('2026-03-01 09:30')).toBe('2026-03-01');
    expect(dateText('46082')).toBe('2026-03-01');
    expect(answersOf(['', '', '', '2026-02-30'])).toEqual(['Day is not a valid date']);
  });

  it('reads a phone with its country code, or in the row’s area code', () => {
    expect(phoneAnswer('+852 2345 6789', '853')).toEqual({ area_code: '852', phone: '23456789' });
    expect(phoneAnswer('00853-6612-3456', '86')).toEqual({ area_code: '853', phone: '66123456' });
    expect(phoneAnswer('6612 3456', '853')).toEqual({ area_code: '853', phone: '66123456' });
    expect(phoneAnswer('+999 1', '853')).toEqual({ area_code: '', phone: '+9991' });
  });
});
