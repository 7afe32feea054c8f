import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import {
  DISPLAY_COLOR_FIELDS,
  DISPLAY_CONFIG_DEFAULTS,
  DISPLAY_LANGUAGE_SUFFIX,
  DISPLAY_TEXT_DEFAULTS,
  DISPLAY_TEXT_FIELDS,
  DISPLAY_TEXT_MAX,
  HEX_COLOR,
  type DisplayTextField,
  type DisplayTextKey,
  type MeetingDisplayConfig,
} from './schemas/meeting-display.ts';

type TextSource = Partial<Record<DisplayTextField, string | undefined>>;

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The text of `key` in `lang` by the spec's suffix scheme ('' zh-tw, _cn zh-cn, _en en), falling
 * back to the base (zh-tw) field; undefined when neither is set, so that callers show the app's own
 * default text. The public pages and the back-office preview both call this.
 */
export function displayText(config: TextSource, key: DisplayTextKey, lang: Language): string | undefined {
  const own = present(config[`${key}${DISPLAY_LANGUAGE_SUFFIX[lang]}` as DisplayTextField]);
  return own ?? present(config[key]);
}

/** displayText, or the app's default text of the key in that language. */
export function displayTextOrDefault(config: TextSource, key: DisplayTextKey, lang: Language): string {
  return displayText(config, key, lang) ?? DISPLAY_TEXT_DEFAULTS[key][lang];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseStored(stored: unknown): Record<string, unknown> {
  if (isRecord(stored)) return stored;
  if (typeof stored !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function validOrder(value: unknown): value is Language[] {
  return (
    Array.isArray(value) &&
    value.length === LANGUAGES.length &&
    new Set(value).size === value.length &&
    value.every((v) => (LANGUAGES as readonly unknown[]).includes(v))
  );
}

/**
 * A stored config (JSON text or object, possibly from an older version or damaged) merged over the
 * defaults, part by part: an invalid part falls back to its default and unknown keys are dropped, so
 * an old row can never break a public page.
 */
export function resolveDisplayConfig(stored: unknown): MeetingDisplayConfig {
  const raw = parseStored(stored);
  const result: MeetingDisplayConfig = {
    ...DISPLAY_CONFIG_DEFAULTS,
    language_order: validOrder(raw.language_order)
      ? [...raw.language_order]
      : [...DISPLAY_CONFIG_DEFAULTS.language_order],
  };
  for (const field of DISPLAY_COLOR_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string' && HEX_COLOR.test(value.trim())) result[field] = value.trim().toLowerCase();
  }
  for (const field of DISPLAY_TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (text && text.length <= DISPLAY_TEXT_MAX) result[field] = text;
  }
  return result;
}

/** The public page's language: the requested one when given, else the first of the language order. */
export function displayLanguage(
  config: Pick<MeetingDisplayConfig, 'language_order'>,
  wanted?: Language,
): Language {
  return wanted ?? config.language_order[0] ?? DEFAULT_LANGUAGE;
}
