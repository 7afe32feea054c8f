import { LANGUAGE_QUERY, type Language } from '@meetflow/shared/languages';

const ALL: readonly Language[] = ['zh-tw', 'zh-cn', 'en'];

/** The languages a meeting's page offers, in the meeting's order; only the first when it is single-language. */
export function offeredLanguages(order: readonly string[], multiLanguage: boolean): Language[] {
  const valid = order.filter((lang): lang is Language => (ALL as readonly string[]).includes(lang));
  const unique = [...new Set(valid)];
  const full = unique.length > 0 ? unique : ['zh-tw' as Language];
  return multiLanguage ? full : full.slice(0, 1);
}

/**
 * The language a link names (`#/enroll-info/x?lang=zh-cn`, as mails write them), or undefined. Only
 * the exact names of the three languages count.
 */
export function linkedLanguage(hash: string): Language | undefined {
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const named = new URLSearchParams(query).get(LANGUAGE_QUERY);
  return (ALL as readonly (string | null)[]).includes(named) ? (named as Language) : undefined;
}

/**
 * The page language: the language the link names (a guest's mail, opened on any phone), else the
 * visitor's own pick (the stored switcher choice), each when the meeting offers it, else the
 * meeting's first language.
 */
export function pickPageLanguage(input: {
  order: readonly string[];
  multiLanguage: boolean;
  stored: unknown;
  linked?: Language | undefined;
}): Language {
  const offered = offeredLanguages(input.order, input.multiLanguage);
  for (const wanted of [input.linked, input.stored]) {
    if (typeof wanted === 'string' && (offered as string[]).includes(wanted)) return wanted as Language;
  }
  return offered[0]!;
}
