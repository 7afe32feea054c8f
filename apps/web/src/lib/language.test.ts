import { describe, expect, it } from 'vitest';
import { detectLanguage, htmlLang } from './language.ts';

describe('detectLanguage', () => {
  it('prefers the stored user choice', () => {
    expect(detectLanguage({ stored: 'en', appDefault: 'zh-tw', browser: ['zh-CN'] })).toBe('en');
  });

  it('then the app setting defaultLang', () => {
    expect(detectLanguage({ stored: null, appDefault: 'zh-cn', browser: ['en-US'] })).toBe('zh-cn');
  });

  it('then the first browser language we support', () => {
    expect(detectLanguage({ stored: null, appDefault: null, browser: ['fr-FR', 'zh-HK', 'en'] })).toBe(
      'zh-tw',
    );
    expect(detectLanguage({ stored: 'klingon', appDefault: null, browser: ['en-GB'] })).toBe('en');
  });

  it('falls back to zh-tw', () => {
    expect(detectLanguage({ stored: undefined, appDefault: undefined, browser: ['de'] })).toBe('zh-tw');
  });

  it('maps languages to <html lang> values', () => {
    expect(htmlLang('zh-tw')).toBe('zh-TW');
    expect(htmlLang('zh-cn')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
  });
});
