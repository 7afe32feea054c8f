import { describe, expect, it } from 'vitest';
import { languageFromHeader, matchLanguage, nameIn } from './languages.ts';

describe('languages', () => {
  it('picks a name in the language, falling back to the zh-tw one', () => {
    expect(nameIn('zh-tw', '會議', '会议', 'Meeting')).toBe('會議');
    expect(nameIn('zh-cn', '會議', '会议', 'Meeting')).toBe('会议');
    expect(nameIn('en', '會議', '会议', 'Meeting')).toBe('Meeting');
    expect(nameIn('en', '會議', '会议', '')).toBe('會議');
    // A blank translation is no translation, on the public pages and in the back office alike.
    expect(nameIn('en', '會議', '会议', '   ')).toBe('會議');
    expect(nameIn('zh-cn', '會議', null, null)).toBe('會議');
    expect(nameIn('en', null, null, 'Meeting')).toBeNull();
  });

  it('maps Chinese tags by script and region', () => {
    expect(matchLanguage('zh-TW')).toBe('zh-tw');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-tw');
    expect(matchLanguage('zh-MO')).toBe('zh-tw');
    expect(matchLanguage('zh-CN')).toBe('zh-cn');
    expect(matchLanguage('zh-Hans')).toBe('zh-cn');
    expect(matchLanguage('en-GB')).toBe('en');
    expect(matchLanguage('fr')).toBeUndefined();
  });

  it('picks from Accept-Language by q-value and falls back to zh-tw', () => {
    expect(languageFromHeader('fr;q=1, en;q=0.8, zh-CN;q=0.9')).toBe('zh-cn');
    expect(languageFromHeader('en')).toBe('en');
    expect(languageFromHeader('de, fr')).toBe('zh-tw');
    expect(languageFromHeader(undefined)).toBe('zh-tw');
  });
});
