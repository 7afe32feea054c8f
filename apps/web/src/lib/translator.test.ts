import { describe, expect, it } from 'vitest';
import { Translator } from './translator.ts';

function translator() {
  const i18n = new Translator<'zh-tw' | 'en'>('zh-tw');
  i18n.addTexts('zh-tw', { a: { b: '乙 {{n}}', only: '只有繁體' }, empty: '' }, false);
  i18n.addTexts('en', { a: { b: 'B {{ n }} and {{missing}}' } }, false);
  return i18n;
}

describe('Translator', () => {
  it('reads nested keys, interpolates, and keeps placeholders without a value', () => {
    const i18n = translator();
    expect(i18n.t('a.b', { n: 3 })).toBe('乙 3');
    i18n.changeLanguage('en');
    expect(i18n.t('a.b', { n: 3 })).toBe('B 3 and {{missing}}');
  });

  it('falls back to the fallback language, then the default value, then the key', () => {
    const i18n = translator();
    i18n.changeLanguage('en');
    expect(i18n.t('a.only')).toBe('只有繁體');
    expect(i18n.t('a.nothing', { defaultValue: 'Meeting list' })).toBe('Meeting list');
    expect(i18n.t('a.nothing')).toBe('a.nothing');
    expect(i18n.t('a')).toBe('a');
    expect(i18n.t('empty')).toBe('');
  });

  it('merges added texts, replacing existing ones only when asked', () => {
    const i18n = translator();
    i18n.addTexts('zh-tw', { a: { b: '新', c: '丙' } }, false);
    expect(i18n.t('a.b', { n: 1 })).toBe('乙 1');
    expect(i18n.t('a.c')).toBe('丙');
    i18n.addTexts('zh-tw', { a: { b: '新' } }, true);
    expect(i18n.t('a.b')).toBe('新');
    expect(i18n.t('a.only')).toBe('只有繁體');
  });

  it('tells listeners about a change of language, and a fixed t() keeps its own', () => {
    const i18n = translator();
    const seen: string[] = [];
    const stop = i18n.onLanguageChanged((language) => seen.push(language));
    const zh = i18n.getFixedT('zh-tw');
    i18n.changeLanguage('en');
    i18n.changeLanguage('en');
    stop();
    i18n.changeLanguage('zh-tw');
    expect(seen).toEqual(['en']);
    i18n.changeLanguage('en');
    expect(zh('a.b', { n: 2 })).toBe('乙 2');
  });

  it('picks the plural form of the language by count (key_one / key_other), Chinese having one form', () => {
    const i18n = new Translator<'zh-tw' | 'en'>('zh-tw');
    i18n.addTexts('zh-tw', { users: { total_other: '共 {{count}} 位使用者' }, seats: '{{count}} 個' }, false);
    i18n.addTexts('en', { users: { total_one: '{{count}} user', total_other: '{{count}} users' } }, false);
    expect(i18n.t('users.total', { count: 1 })).toBe('共 1 位使用者');
    i18n.changeLanguage('en');
    expect(i18n.t('users.total', { count: 1 })).toBe('1 user');
    expect(i18n.t('users.total', { count: 0 })).toBe('0 users');
    expect(i18n.t('users.total', { count: 2 })).toBe('2 users');
    // No plural keys: the plain key, and the fallback language's forms.
    expect(i18n.t('seats', { count: 1 })).toBe('1 個');
    expect(i18n.getFixedT('zh-tw')('users.total', { count: 2 })).toBe('共 2 位使用者');
  });
});
