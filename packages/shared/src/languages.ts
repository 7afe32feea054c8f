/** The three interface languages; zh-tw is the product default. */
export const LANGUAGES = ['zh-tw', 'zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-tw';

export type Localized = Record<Language, string>;

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
