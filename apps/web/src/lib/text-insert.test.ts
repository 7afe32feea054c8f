import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './text-insert.ts';

describe('insertAtCursor', () => {
  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertAtCursor('Dear , welcome', 5, 5, '{name}')).toEqual({
      value: 'Dear {name}, welcome',
      caret: 11,
    });
  });

  it('replaces the selection', () => {
    expect(insertAtCursor('Hello NAME!', 6, 10, '{name}')).toEqual({ value: 'Hello {name}!', caret: 12 });
  });

  it('appends when the field has no caret yet, and clamps positions outside the text', () => {
    expect(insertAtCursor('Hello ', null, null, '{name}')).toEqual({ value: 'Hello {name}', caret: 12 });
    expect(insertAtCursor('abc', 10, 20, '{x}')).toEqual({ value: 'abc{x}', caret: 6 });
    expect(insertAtCursor('abc', 2, 1, '{x}')).toEqual({ value: 'ab{x}c', caret: 5 });
  });

  it('counts Chinese characters as single positions, as the browser does', () => {
    expect(insertAtCursor('您好，歡迎', 2, 2, '{name}')).toEqual({ value: '您好{name}，歡迎', caret: 8 });
  });
});
