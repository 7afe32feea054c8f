import { describe, expect, it } from 'vitest';
import { formField, type FormFieldInput } from '@meetflow/shared/forms/form-definition';
import {
  answerColumns,
  answerFile,
  answerFilePath,
  answerFilterControls,
  answerFilterLabels,
  answerParam,
  answersForForm,
  knownAnswerFilter,
  parseAnswerItems,
  storedAnswers,
  withAnswerValues,
} from './guest-answers-logic.ts';

const tri = (zhTw: string, en: string) => ({ 'zh-tw': zhTw, 'zh-cn': '', en });
const option = (value: string, zhTw: string, en: string) => ({ value, label: tri(zhTw, en) });
const fields = (
  [
    { key: 'intro', type: 'heading', label: tri('資料', 'Details') },
    {
      key: 'specialty',
      type: 'choice',
      label: tri('專科', 'Specialty'),
      options: [option('medicine', '內科', 'Medicine'), option('surgery', '外科', 'Surgery')],
    },
    { key: 'hotel', type: 'yes_no', label: tri('需要酒店', 'Hotel'), retired: true },
    {
      key: 'topics',
      type: 'multi_choice',
      label: tri('主題', 'Topics'),
      options: [option('ai', '人工智能', 'AI'), option('ethics', '倫理', 'Ethics')],
    },
    { key: 'member', type: 'yes_no', label: tri('會員', 'Member') },
    { key: 'remarks', type: 'long_text', label: tri('備註', 'Remarks') },
  ] satisfies FormFieldInput[]
).map((f) => formField.parse(f));

describe('answer columns', () => {
  it('has one per field that takes an answer, retired ones last, titled in the language', () => {
    expect(answerColumns(fields, 'en').map((c) => [c.columnKey, c.title, c.retired])).toEqual([
      ['answer.specialty', 'Specialty', false],
      ['answer.topics', 'Topics', false],
      ['answer.member', 'Member', false],
      ['answer.remarks', 'Remarks', false],
      ['answer.hotel', 'Hotel', true],
    ]);
    // zh-cn left empty: the zh-tw label.
    expect(answerColumns(fields, 'zh-cn')[0]!.title).toBe('專科');
  });
});

describe('answer filters', () => {
  it('offers the live choice, multiple-choice and yes/no fields with their values in words', () => {
    expect(answerFilterControls(fields, 'en')).toEqual([
      {
        key: 'specialty',
        label: 'Specialty',
        multiple: true,
        options: [
          { value: 'medicine', label: 'Medicine' },
          { value: 'surgery', label: 'Surgery' },
        ],
      },
      {
        key: 'topics',
        label: 'Topics',
        multiple: true,
        options: [
          { value: 'ai', label: 'AI' },
          { value: 'ethics', label: 'Ethics' },
        ],
      },
      {
        key: 'member',
        label: 'Member',
        multiple: false,
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ],
      },
    ]);
    expect(answerFilterControls(fields, 'zh-tw')[2]!.options.map((o) => o.label)).toEqual(['是', '否']);
    // A retired field is offered only while a filter (a link) names it, to be seen and cleared.
    expect(answerFilterControls(fields, 'en', { hotel: ['yes'] }).map((c) => c.key)).toEqual([
      'specialty',
      'hotel',
      'topics',
      'member',
    ]);
  });

  it('reads the URL, keeps what the form knows and writes the API parameter', () => {
    const parsed = parseAnswerItems(['specialty:surgery', 'topics:ai', 'bad item', 'topics:ai', 'nope:x']);
    expect(parsed).toEqual({ specialty: ['surgery'], topics: ['ai'], nope: ['x'] });
    const known = knownAnswerFilter(
      { ...parsed, specialty: ['surgery', 'dentistry'], remarks: ['x'] },
      fields,
    );
    expect(known).toEqual({ specialty: ['surgery'], topics: ['ai'] });
    expect(answerParam(known)).toBe('specialty:surgery,topics:ai');
    expect(answerParam({})).toBeUndefined();
    // A retired field's filter from a link still applies: the server filters on it too.
    expect(knownAnswerFilter({ hotel: ['yes'] }, fields)).toEqual({ hotel: ['yes'] });
  });

  it('replaces one key’s values and drops a key left empty', () => {
    const filter = { specialty: ['surgery'], member: ['yes'] };
    expect(withAnswerValues(filter, 'specialty', ['medicine', 'surgery'])).toEqual({
      specialty: ['medicine', 'surgery'],
      member: ['yes'],
    });
    expect(withAnswerValues(filter, 'member', [])).toEqual({ specialty: ['surgery'] });
    expect(filter).toEqual({ specialty: ['surgery'], member: ['yes'] });
  });

  it('says the filter in words for a broadcast', () => {
    expect(answerFilterLabels({ specialty: ['surgery', 'medicine'], member: ['no'] }, fields, 'en')).toEqual([
      { label: 'Specialty', value: 'Surgery / Medicine' },
      { label: 'Member', value: 'No' },
    ]);
  });
});

describe('the add and edit form’s answers', () => {
  it('starts from the stored answers, phones without their area code', () => {
    const stored = storedAnswers([
      { key: 'specialty', value: 'surgery' },
      { key: 'topics', value: null },
      { key: 'office', value: { area_code: '852', phone: '+85223456789' } },
    ]);
    expect(stored).toEqual({ specialty: 'surgery', office: { area_code: '852', phone: '+85223456789' } });
    expect(answersForForm(stored)).toEqual({
      specialty: 'surgery',
      office: { area_code: '852', phone: '23456789' },
    });
    expect(answersForForm(undefined)).toEqual({});
  });
});

describe('file answers in the detail', () => {
  const id = 'a'.repeat(64);
  const stored = { id, name: '會員證.pdf', mime: 'application/pdf', size: 10 };

  it('names the stored file of a file answer, by the answer’s name', () => {
    expect(answerFile({ type: 'file', value: stored, text: '會員證.pdf' })).toEqual({
      id,
      name: '會員證.pdf',
    });
    expect(answerFile({ type: 'file', value: { ...stored, name: '' }, text: '' })).toEqual({
      id,
      name: id.slice(0, 16),
    });
    expect(answerFilePath(42, id)).toBe(`/guests/42/answer-files/${id}`);
  });

  it('is no file for other fields, an unanswered field or a value that is not a stored file', () => {
    expect(answerFile({ type: 'short_text', value: stored, text: 'x' })).toBeNull();
    expect(answerFile({ type: 'file', value: null, text: '' })).toBeNull();
    expect(answerFile({ type: 'file', value: undefined, text: '' })).toBeNull();
    expect(answerFile({ type: 'file', value: { ...stored, id: '../../users' }, text: 'x' })).toBeNull();
    expect(answerFile({ type: 'file', value: 'text', text: 'text' })).toBeNull();
  });
});
