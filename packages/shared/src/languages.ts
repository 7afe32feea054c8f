/** The three interface languages; zh-tw is the product default. */
export const LANGUAGES = ['zh-tw', 'zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-tw';

export type Localized = Record<Language, string>;

/** Suffix of each language's column for texts stored three times ('' zh-tw, _cn zh-cn, _en en). */
export const LANGUAGE_SUFFIX = { 'zh-tw': '', 'zh-cn': '_cn', en: '_en' } as const satisfies Record<
  Language,
  string
>;

/**
 * A text stored in the three languages (`name`, `name_cn`, `name_en`; likewise locations and
 * remarks), in `lang`: the zh-tw text when that language's is empty or blank, and null when there
 * is no text at all. The one rule for the back office, the public pages, exports and messages.
 */
export function nameIn(lang: Language, name: string, nameCn: string | null, nameEn: string | null): string;
export function nameIn(
  lang: Language,
  name: string | null,
  nameCn: string | null,
  nameEn: string | null,
): string | null;
export function nameIn(
  lang: Language,
  name: string | null,
  nameCn: string | null,
  nameEn: string | null,
): string | null {
  if (name === null) return null;
  const chosen = lang === 'zh-cn' ? nameCn : lang === 'en' ? nameEn : name;
  return chosen?.trim() ? chosen : name;
}

/** Maps any BCP 47 tag to one of our languages, or undefined when none fits. */
export function matchLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (!t.startsWith('zh')) return undefined;
  // Traditional script or a region that writes it; everything else Chinese is Simplified.
  if (/hant|-tw|-hk|-mo/.test(t)) return 'zh-tw';
  return t === 'zh' ? 'zh-cn' : 'zh-cn';
}

/** Picks the language of a request from its Accept-Language header, honouring q-values. */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The query parameter that carries the page language in links to the visitor pages (mail links):
 * opened on any phone, the page shows the guest's language before a stored pick or the meeting's.
 */
export const LANGUAGE_QUERY = 'lang';

/** A visitor-page link (`…/#/path`) that opens in `lang`. */
export function linkInLanguage(url: string, lang: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_QUERY}=${lang}`;
}
