import { onFirstUse } from '../../lib/on-first-use.ts';

/*
 * How names and licence numbers are compared (issue 45). A name is converted to Simplified
 * characters by OpenCC (opencc-js: Taiwan and Hong Kong variants, each a key of its own), then
 * width-folded (NFKC), lower-cased and stripped of spaces and punctuation. Both sides pass through
 * here: the list's names when a row is written (`name_keys`) and the sign-up's names when matched.
 * Nothing is guessed: two names match only when one of their keys is the same string.
 *
 * The converter's dictionaries cost ~20 MB of memory once loaded, so they load with the first name
 * folded (an import or a sign-up with a licence number), not at start-up.
 */

type Convert = (text: string) => string;

const loadConverters = onFirstUse(async (): Promise<Convert[]> => {
  const OpenCC = await import('opencc-js/t2cn');
  return [OpenCC.Converter({ from: 'tw', to: 'cn' }), OpenCC.Converter({ from: 'hk', to: 'cn' })];
});

/** A licence number as matched: width-folded, upper case, without spaces, dots, dashes or slashes. */
export function foldLicence(licence: string): string {
  return licence
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\-_/‐-―−]/g, '');
}

/** Width, case, spaces and punctuation folded away (the script is left as it is). */
export function foldText(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,'’‘`"·・•‧\-‐-―−_()（）]/g, '');
}

/** The keys a name is matched by: folded after each conversion to Simplified characters. */
export async function nameKeys(names: readonly string[]): Promise<string[]> {
  const converters = await loadConverters();
  const keys = new Set<string>();
  for (const name of names) {
    const folded = foldText(name);
    if (folded === '') continue;
    // Folded first, so a full-width letter or a space never keeps the converter from a word.
    for (const convert of converters) keys.add(foldText(convert(folded)));
  }
  keys.delete('');
  return [...keys];
}
