import { useMemo, useSyncExternalStore } from 'react';
import type { Language } from '@meetflow/shared/languages';
import zhTw, { type Catalogue } from '../locales/zh-tw.ts';
import { appConfig } from './app-config.ts';
import { detectLanguage, htmlLang } from './language.ts';
import { readJson, writeJson } from './storage.ts';
import { Translator, type TFunction, type TextTree } from './translator.ts';

export type { TFunction } from './translator.ts';

const LANG_KEY = 'lang';

// zh-tw is the fallback: every other catalogue is checked against it (see locales/).
export const i18n = new Translator<Language>('zh-tw');
i18n.addTexts('zh-tw', zhTw, false);

/** zh-tw (the default) ships in the entry chunk; the others load on demand to keep public pages light. */
const loaders: Record<Exclude<Language, 'zh-tw'>, () => Promise<{ default: Catalogue }>> = {
  'zh-cn': () => import('../locales/zh-cn.ts'),
  en: () => import('../locales/en.ts'),
};

/** Main catalogues already loaded (a feature's own strings may have arrived before its main catalogue). */
const loadedCatalogues = new Set<Language>();

async function ensureCatalogue(lang: Language): Promise<void> {
  if (lang === 'zh-tw' || loadedCatalogues.has(lang)) return;
  const { default: catalogue } = await loaders[lang]();
  // Deep merge: keep the feature sections registered so far.
  i18n.addTexts(lang, catalogue, false);
  loadedCatalogues.add(lang);
}

export async function initI18n(): Promise<Language> {
  const lang = detectLanguage({
    stored: readJson<string | null>(LANG_KEY, null),
    appDefault: appConfig.defaultLang,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  try {
    await ensureCatalogue(lang);
    i18n.changeLanguage(lang);
  } catch {
    // The chunk could not load (offline): zh-tw is better than nothing.
  }
  document.documentElement.lang = htmlLang(currentLanguage());
  return currentLanguage();
}

export function currentLanguage(): Language {
  return i18n.language;
}

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const snapshot = () => i18n.language;

/** t() in the current language, and the instance; the component re-renders on a language switch. */
export function useTranslation(): { t: TFunction; i18n: Translator<Language> } {
  const language = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => ({ t: i18n.getFixedT(language), i18n }), [language]);
}

/** Switches the interface language; Ant Design's and dayjs' locales follow (onLanguageChanged). */
export async function setLanguage(lang: Language): Promise<void> {
  await ensureCatalogue(lang);
  writeJson(LANG_KEY, lang);
  document.documentElement.lang = htmlLang(lang);
  i18n.changeLanguage(lang);
}

/**
 * A back-office feature brings its own strings in all three languages, inside its lazy chunk: the
 * entry catalogue stays small for the public pages. Call once at module level of the feature's
 * `i18n.ts`; the texts join the default namespace under `section` (t('section.key')). A plural has
 * the forms of each language: `total_other` in Chinese, `total_one` besides it in English.
 */
export function registerFeatureCatalogue<T extends TextTree>(
  section: string,
  catalogues: { 'zh-tw': T; 'zh-cn': NoInfer<T> & TextTree; en: NoInfer<T> & TextTree },
): void {
  for (const lang of ['zh-tw', 'zh-cn', 'en'] as const) {
    i18n.addTexts(lang, { [section]: catalogues[lang] }, true);
  }
}
