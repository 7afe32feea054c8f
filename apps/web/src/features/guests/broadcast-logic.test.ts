import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { ApiError } from '../../lib/http-errors.ts';
import { broadcastFiltersOf, dayRangeText, hasFilters } from './broadcast-filters.ts';
import {
  broadcastProgress,
  broadcastUnfinished,
  changedCount,
  checkTexts,
  readingLanguage,
} from './broadcast-logic.ts';

describe('broadcastFiltersOf', () => {
  it("takes the list's filters and leaves out paging and order", () => {
    expect(
      broadcastFiltersOf({
        page: 3,
        page_size: 50,
        sort_by: 'name',
        sort_order: 'asc',
        keyword: '  Ho ',
        user_type_id: 7,
        status: 'checked_in',
        signed_up_from: 1000,
        signed_up_to: 2000,
        answer: 'specialty:surgery,member:yes',
      }),
    ).toEqual({
      keyword: 'Ho',
      user_type_id: 7,
      status: 'checked_in',
      answer: 'specialty:surgery,member:yes',
      signed_up_from: 1000,
      signed_up_to: 2000,
    });
  });

  it('is empty for a clean list (every guest), and a blank keyword is no filter', () => {
    const none = broadcastFiltersOf({ page: 1, page_size: 20, sort_by: 'created_at', sort_order: 'desc' });
    expect(none).toEqual({});
    expect(hasFilters(none)).toBe(false);
    expect(broadcastFiltersOf({ keyword: '   ' })).toEqual({});
    expect(hasFilters(broadcastFiltersOf({ status: 'left' }))).toBe(true);
  });
});

describe('dayRangeText', () => {
  it('writes both ends, one day once, and an open end with ≥ or ≤', () => {
    expect(dayRangeText(['2027-01-01', '2027-01-05'])).toBe('2027-01-01 – 2027-01-05');
    expect(dayRangeText(['2027-01-01', '2027-01-01'])).toBe('2027-01-01');
    expect(dayRangeText(['2027-01-01', undefined])).toBe('≥ 2027-01-01');
    expect(dayRangeText([undefined, '2027-01-05'])).toBe('≤ 2027-01-05');
    expect(dayRangeText([undefined, undefined])).toBe('');
  });
});

describe('checkTexts', () => {
  it('sends the written languages, trimmed, and leaves out the empty ones', () => {
    const check = checkTexts({
      'zh-tw': { subject: ' 通知 ', body: ' 內容\r\n第二行 ' },
      'zh-cn': { subject: '', body: '   ' },
      en: {},
    });
    expect(check).toEqual({
      texts: { 'zh-tw': { subject: '通知', body: '內容\n第二行' } },
      problems: [],
      empty: false,
    });
  });

  it('asks for the other part of a language once one part is written', () => {
    const check = checkTexts({ en: { subject: 'Parking', body: '' }, 'zh-cn': { body: '正文' } });
    expect(check.problems).toEqual([
      { language: 'zh-cn', part: 'subject', problem: 'required' },
      { language: 'en', part: 'body', problem: 'required' },
    ]);
    expect(check.empty).toBe(false);
  });

  it('refuses parts over the limits and says when nothing is written at all', () => {
    const check = checkTexts({ 'zh-tw': { subject: 'x'.repeat(201), body: 'y'.repeat(5001) } });
    expect(check.problems.map((p) => `${p.part}:${p.problem}`)).toEqual(['subject:tooLong', 'body:tooLong']);
    expect(checkTexts(undefined)).toEqual({ texts: {}, problems: [], empty: true });
    expect(checkTexts({ en: { subject: ' ', body: '\n' } }).empty).toBe(true);
  });
});

describe('readingLanguage', () => {
  const text = { subject: 's', body: 'b' };
  it("is the guest's own language when written, else the first written of zh-tw, zh-cn, en", () => {
    expect(readingLanguage({ en: text, 'zh-cn': text }, 'en')).toBe('en');
    expect(readingLanguage({ en: text, 'zh-cn': text }, 'zh-tw')).toBe('zh-cn');
    expect(readingLanguage({ en: text }, 'zh-tw')).toBe('en');
    expect(readingLanguage({}, 'en')).toBeNull();
  });
});

describe('broadcast progress', () => {
  const b = (recipients: number, sent: number, failed = 0, skipped = 0) => ({
    recipients,
    sent,
    failed,
    skipped,
    queued: recipients - sent - failed - skipped,
  });

  it('counts sent, failed and skipped as done, and the sent part inside it', () => {
    expect(broadcastProgress(b(4, 1, 1, 0))).toEqual({ done: 50, sent: 25 });
    expect(broadcastProgress(b(3, 1))).toEqual({ done: 33, sent: 33 });
    expect(broadcastProgress(b(3, 3))).toEqual({ done: 100, sent: 100 });
  });

  it('reaches 100 only when nothing is left, and a broadcast to nobody is done', () => {
    expect(broadcastProgress(b(1000, 999)).done).toBe(99);
    expect(broadcastProgress(b(0, 0))).toEqual({ done: 100, sent: 100 });
  });

  it('is unfinished while messages are queued', () => {
    expect(broadcastUnfinished(b(3, 2))).toBe(true);
    expect(broadcastUnfinished(b(3, 2, 1))).toBe(false);
  });
});

describe('changedCount', () => {
  const changed = (data: unknown) =>
    new ApiError('changed', ERRORS.BROADCAST_RECIPIENTS_CHANGED.code, 409, data);

  it('reads the new number of a 409 BROADCAST_RECIPIENTS_CHANGED', () => {
    expect(changedCount(changed({ count: 12 }))).toBe(12);
    expect(changedCount(changed({ count: 0 }))).toBe(0);
  });

  it('is null for any other failure or a malformed answer', () => {
    expect(changedCount(changed(null))).toBeNull();
    expect(changedCount(changed({ count: '3' }))).toBeNull();
    expect(changedCount(new ApiError('x', ERRORS.NO_OWN_EMAIL.code, 400, { count: 3 }))).toBeNull();
    expect(changedCount(new Error('x'))).toBeNull();
  });
});
