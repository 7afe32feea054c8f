import type { Language } from '@meetflow/shared/languages';
import { i18n } from '../../lib/i18n.ts';
import { zhTw, type PublicCatalogue } from './i18n-zh-tw.ts';

export type { PublicCatalogue } from './i18n-zh-tw.ts';

/**
 * Strings of the visitor pages (section 'pub'). zh-tw ships with the pages; zh-cn and en load on
 * demand (about 2 KB gzip saved on the sign-up page). Not registerFeatureCatalogue, which takes all
 * three languages at once: ensurePublicStrings adds a language's section before the page shows it.
 */

const SECTION = 'pub';
const loaders: Record<Exclude<Language, 'zh-tw'>, () => Promise<{ default: PublicCatalogue }>> = {
  'zh-cn': () => import('./i18n-zh-cn.ts'),
  en: () => import('./i18n-en.ts'),
};
const loaded = new Set<Language>(['zh-tw']);

function add(lang: Language, catalogue: PublicCatalogue) {
  i18n.addTexts(lang, { [SECTION]: catalogue }, true);
  loaded.add(lang);
}

add('zh-tw', zhTw);

/** Adds the visitor pages' strings of `lang` (no-op once loaded). */
export async function ensurePublicStrings(lang: Language): Promise<void> {
  if (loaded.has(lang) || lang === 'zh-tw') return;
  const { default: catalogue } = await loaders[lang]();
  add(lang, catalogue);
}

/** All three catalogues, for the unit test that keeps them complete. */
export async function allPublicCatalogues(): Promise<Record<Language, PublicCatalogue>> {
  const [zhCn, en] = await Promise.all([loaders['zh-cn'](), loaders.en()]);
  return { 'zh-tw': zhTw, 'zh-cn': zhCn.default, en: en.default };
}

export type PublicErrorKey = keyof PublicCatalogue['err'];
