/*
 * The few parts of i18next the app used, at a tenth of its weight (i18next was ~15 KB gzip of every
 * page, the public sign-up page included): nested catalogues per language, `{{name}}` interpolation,
 * plural forms by `count` (i18next's `key_one` / `key_other`), a fallback language, and a
 * language-changed event.
 */

export interface TextTree {
  [key: string]: string | TextTree;
}

export interface TOptions {
  /** Shown when no catalogue has the key (instead of the key itself). */
  defaultValue?: string;
  /** Picks the plural form `key_<form>` (Intl.PluralRules of the language), else `key_other`, else `key`. */
  count?: number;
  /** Values for `{{name}}` placeholders. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

function lookup(catalogue: TextTree | undefined, key: string): string | undefined {
  let node: string | TextTree | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Copies `source` into `target` recursively; an existing text is replaced only with `overwrite`. */
function merge(target: TextTree, source: TextTree, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === 'object' && typeof current === 'object') merge(current, value, overwrite);
    else if (current === undefined || overwrite)
      target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

const pluralRulesCache = new Map<string, Intl.PluralRules>();

function pluralRules(language: string): Intl.PluralRules {
  let rules = pluralRulesCache.get(language);
  if (!rules) pluralRulesCache.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

export class Translator<Lang extends string> {
  private readonly catalogues = new Map<Lang, TextTree>();
  private readonly listeners = new Set<(language: Lang) => void>();
  private readonly fallback: Lang;
  private current: Lang;

  constructor(fallback: Lang) {
    this.fallback = fallback;
    this.current = fallback;
  }

  get language(): Lang {
    return this.current;
  }

  /** The text of `key` in the current language, else in the fallback language, else the default or the key. */
  readonly t: TFunction = (key, options) => this.translate(this.current, key, options);

  /** A t() bound to one language, whatever the current one is. */
  getFixedT(language: Lang): TFunction {
    return (key, options) => this.translate(language, key, options);
  }

  /** Adds texts of a language: deep-merged into what it has, replacing existing texts only with `overwrite`. */
  addTexts(language: Lang, texts: TextTree, overwrite: boolean): void {
    const target = this.catalogues.get(language) ?? {};
    merge(target, texts, overwrite);
    this.catalogues.set(language, target);
  }

  changeLanguage(language: Lang): void {
    if (language === this.current) return;
    this.current = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Calls `listener` after every language change; returns the unsubscribe function. */
  onLanguageChanged(listener: (language: Lang) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The language's text of `key`, in the plural form `count` asks for when the catalogue has one. */
  private pick(language: Lang, key: string, count: number | undefined): string | undefined {
    const catalogue = this.catalogues.get(language);
    if (count === undefined) return lookup(catalogue, key);
    const form = pluralRules(language).select(count);
    return lookup(catalogue, `${key}_${form}`) ?? lookup(catalogue, `${key}_other`) ?? lookup(catalogue, key);
  }

  private translate(language: Lang, key: string, options: TOptions = {}): string {
    const text =
      this.pick(language, key, options.count) ??
      this.pick(this.fallback, key, options.count) ??
      options.defaultValue ??
      key;
    // A placeholder without a value stays as written, as i18next left it.
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  }
}
