import { describe, expect, it } from 'vitest';
import { isPermutation, placeLanguage } from './language-order.ts';

describe('placeLanguage', () => {
  it('swaps with the position that held the chosen language', () => {
    expect(placeLanguage(['zh-tw', 'zh-cn', 'en'], 0, 'en')).toEqual(['en', 'zh-cn', 'zh-tw']);
    expect(placeLanguage(['zh-tw', 'zh-cn', 'en'], 2, 'zh-cn')).toEqual(['zh-tw', 'en', 'zh-cn']);
    expect(placeLanguage(['en', 'zh-tw', 'zh-cn'], 1, 'en')).toEqual(['zh-tw', 'en', 'zh-cn']);
  });

  it('leaves the order alone when the language is already there', () => {
    expect(placeLanguage(['zh-tw', 'zh-cn', 'en'], 1, 'zh-cn')).toEqual(['zh-tw', 'zh-cn', 'en']);
  });

  it('repairs a broken order and ignores an index out of range', () => {
    expect(placeLanguage(['zh-tw', 'zh-tw'], 0, 'en')).toEqual(['en', 'zh-cn', 'zh-tw']);
    expect(placeLanguage(['zh-tw', 'zh-cn', 'en'], 5, 'en')).toEqual(['zh-tw', 'zh-cn', 'en']);
  });

  it('always answers a permutation', () => {
    const langs = ['zh-tw', 'zh-cn', 'en'] as const;
    for (const index of [0, 1, 2]) {
      for (const lang of langs)
        expect(isPermutation(placeLanguage(['en', 'zh-cn', 'zh-tw'], index, lang))).toBe(true);
    }
    expect(isPermutation(['en', 'en', 'zh-tw'])).toBe(false);
  });
});
