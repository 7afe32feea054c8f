import { LANGUAGES, type Language } from '@meetflow/shared/languages';

/**
 * Puts `lang` at position `index` of the order. A language already used elsewhere swaps places
 * with the one it replaces, so the order stays a permutation of the three languages.
 */
export function placeLanguage(order: readonly Language[], index: number, lang: Language): Language[] {
  const next = isPermutation(order) ? [...order] : [...LANGUAGES];
  const displaced = next[index];
  if (displaced === undefined) return next;
  const from = next.indexOf(lang);
  next[index] = lang;
  if (from !== -1 && from !== index) next[from] = displaced;
  return next;
}

export function isPermutation(order: readonly unknown[]): order is Language[] {
  return (
    order.length === LANGUAGES.length &&
    new Set(order).size === order.length &&
    order.every((lang) => (LANGUAGES as readonly unknown[]).includes(lang))
  );
}
