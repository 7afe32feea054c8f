import type { Language } from '@meetflow/shared/languages';

const ALL: readonly Language[] = ['zh-tw', 'zh-cn', 'en'];

/** The languages a meeting's page offers, in the meeting's order; only the first when it is single-language. */
export function offeredLanguages(order: readonly string[], multiLanguage: boolean): Language[] {
  const valid = order.filter((lang): lang is Language => (ALL as readonly string[]).includes(lang));
  const unique = [...new Set(valid)];
  const full = unique.length > 0 ? unique : ['zh-tw' as Language];
  return multiLanguage ? full : full.slice(0, 1);
}

/**
 * The page language: the visitor's own pick (the stored switcher choice) when the meeting offers
 * it, else the meeting's first language.
 */
export function pickPageLanguage(input: {
  order: readonly string[];
  multiLanguage: boolean;
  stored: unknown;
}): Language {
  const offered = offeredLanguages(input.order, input.multiLanguage);
  const stored = input.stored;
  if (typeof stored === 'string' && (offered as string[]).includes(stored)) return stored as Language;
  return offered[0]!;
}
