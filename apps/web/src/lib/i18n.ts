import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@meetflow/shared';
import zhTw, { type Catalogue } from '../locales/zh-tw.ts';
import { appConfig } from './app-config.ts';
import { detectLanguage, htmlLang, isLanguage } from './language.ts';
import { readJson, writeJson } from './storage.ts';

const LANG_KEY = 'lang';

export const i18n = i18next.createInstance();

/** zh-tw (the default) ships in the entry chunk; the others load on demand to keep public pages light. */
const loaders: Record<Exclude<Language, 'zh-tw'>, () => Promise<{ default: Catalogue }>> = {
  'zh-cn': () => import('../locales/zh-cn.ts'),
  en: () => import('../locales/en.ts'),
};

/**
 * Main catalogues already loaded. Not `hasResourceBundle`: a feature's own strings may already have
 * created the language's bundle (registerFeatureCatalogue) before its main catalogue arrives.
 */
const loadedCatalogues = new Set<Language>();

async function ensureCatalogue(lang: Language): Promise<void> {
  if (lang === 'zh-tw' || loadedCatalogues.has(lang)) return;
  const { default: catalogue } = await loaders[lang]();
  // Deep merge: keep the feature sections registered so far.
  i18n.addResourceBundle(lang, 'translation', catalogue, true, false);
  loadedCatalogues.add(lang);
}

export async function initI18n(): Promise<Language> {
  const lang = detectLanguage({
    stored: readJson<string | null>(LANG_KEY, null),
    appDefault: appConfig.defaultLang,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  await i18n.use(initReactI18next).init({
    resources: { 'zh-tw': { translation: zhTw } },
    lng: 'zh-tw',
    fallbackLng: 'zh-tw',
    // Our codes are lower-case; without this i18next would rewrite 'zh-tw' to 'zh-TW'.
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
  });
  try {
    await ensureCatalogue(lang);
    await i18n.changeLanguage(lang);
  } catch {
    // The chunk could not load (offline): zh-tw is better than nothing.
  }
  document.documentElement.lang = htmlLang(currentLanguage());
  return currentLanguage();
}

export function currentLanguage(): Language {
  const lang = i18n.language;
  return isLanguage(lang) ? lang : 'zh-tw';
}

/** Switches the interface language; Ant Design's and dayjs' locales follow through 'languageChanged'. */
export async function setLanguage(lang: Language): Promise<void> {
  await ensureCatalogue(lang);
  writeJson(LANG_KEY, lang);
  document.documentElement.lang = htmlLang(lang);
  await i18n.changeLanguage(lang);
}

/**
 * A back-office feature brings its own strings in all three languages, inside its lazy chunk: the
 * entry catalogue stays small for the public pages. Call once at module level of the feature's
 * `i18n.ts`; the texts join the default namespace under `section` (t('section.key')).
 */
export function registerFeatureCatalogue<T extends Record<string, unknown>>(
  section: string,
  catalogues: { 'zh-tw': T; 'zh-cn': NoInfer<T>; en: NoInfer<T> },
): void {
  for (const lang of ['zh-tw', 'zh-cn', 'en'] as const) {
    i18n.addResourceBundle(lang, 'translation', { [section]: catalogues[lang] }, true, true);
  }
}
