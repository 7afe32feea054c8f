import { describe, expect, it } from 'vitest';
import { answerTermKeys, keywordRange, searchTermKeys, type SearchableGuest } from './guest-search.ts';

const guest = (values: Partial<SearchableGuest>): SearchableGuest => ({
  id: 1,
  meeting_id: 1,
  area_code: '853',
  phone: '+85366123456',
  email: 'tai.man@example.com',
  answers: undefined,
  ...values,
});

/** Whether the keyword finds the guest: some term key lies in the keyword's range. */
function finds(values: Partial<SearchableGuest>, keyword: string): boolean {
  const range = keywordRange(keyword);
  if (!range) return false;
  return searchTermKeys(guest(values)).some((key) => key >= range.from && key < range.to);
}

describe('guest search terms', () => {
  it('finds a name from the start of any word, in any case, but not from inside a word', () => {
    expect(finds({ name_en: 'Alex Wong' }, 'alex')).toBe(true);
    expect(finds({ name_en: 'Alex Wong' }, 'WONG')).toBe(true);
    expect(finds({ name_en: 'Alex Wong' }, 'alex w')).toBe(true);
    expect(finds({ name_en: 'Alex Wong' }, 'lex')).toBe(false);
  });

  it('finds any part of a Chinese name', () => {
    expect(finds({ name: '陳大文' }, '陳')).toBe(true);
    expect(finds({ name: '陳大文' }, '大文')).toBe(true);
    expect(finds({ name: '陳大文' }, '文')).toBe(true);
    expect(finds({ name: '陳大文' }, '李')).toBe(false);
  });

  it('finds an e-mail by its start or its domain, and an organisation by any word', () => {
    expect(finds({}, 'tai.man@')).toBe(true);
    expect(finds({}, 'example.com')).toBe(true);
    expect(finds({ institution: 'Kiang Wu Hospital' }, 'hosp')).toBe(true);
  });

  it('finds a phone by the whole number, or by any run of four or more of its digits', () => {
    expect(finds({}, '+853 6612 3456')).toBe(true);
    expect(finds({}, '66123456')).toBe(true);
    expect(finds({}, '3456')).toBe(true);
    expect(finds({}, '6612')).toBe(true);
    expect(finds({}, '9999')).toBe(false);
  });

  it('treats full-width forms like the ASCII ones', () => {
    expect(finds({ name_en: 'Alex Wong' }, 'ＡＬＥＸ')).toBe(true);
  });

  it('has no range for an empty keyword', () => {
    expect(keywordRange('   ')).toBeNull();
  });

  it('holds the answers a filter can name: a choice, each option of a multiple choice, yes/no', () => {
    const answers = JSON.stringify({
      specialty: 'surgery',
      topics: ['ai', 'ethics', 'ai'],
      member: false,
      department: 'Cardiology unit',
      years: 7,
      phone: { area_code: '853', phone: '66123456' },
    });
    expect(answerTermKeys(answers).sort()).toEqual([
      'x:member:no',
      'x:specialty:surgery',
      'x:topics:ai',
      'x:topics:ethics',
    ]);
    expect(answerTermKeys('{}')).toEqual([]);
  });

  it('keeps answer terms out of every keyword range', () => {
    const keys = searchTermKeys(guest({ answers: JSON.stringify({ x: 'x', diet: 'veg' }) }));
    expect(keys).toContain('x:diet:veg');
    for (const keyword of ['x', 'x:', 'diet', 'veg', '78'])
      expect(finds({ answers: JSON.stringify({ x: 'x', diet: 'veg' }), email: 'a@b.c' }, keyword)).toBe(
        false,
      );
  });
});
