import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '@meetflow/shared/languages';

export interface LanguageSources {
  /** The language the user picked in the switcher (kept in local storage). */
  stored: string | null | undefined;
  /** The app setting defaultLang; null when the deployment leaves it unset. */
  appDefault: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Order: an explicit user choice (otherwise the switcher would not survive a reload), then the
 * app setting defaultLang, then the browser's languages, then zh-tw.
 */
export function detectLanguage({ stored, appDefault, browser }: LanguageSources): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(appDefault)) return appDefault;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** Value for <html lang>: BCP 47 with the region in upper case. */
export function htmlLang(lang: Language): string {
  return lang === 'en' ? 'en' : lang === 'zh-cn' ? 'zh-CN' : 'zh-TW';
}
