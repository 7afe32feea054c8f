import { AREA_CODE_VALUES, type AreaCode } from './constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_SUFFIX, type Language } from './languages.ts';

/** The spec's field suffix per language: '' zh-tw, _cn zh-cn, _en en. */
export const DISPLAY_LANGUAGE_SUFFIX = LANGUAGE_SUFFIX;

/** The editable texts of each public page (base keys; each has '', _cn and _en fields). */
export const DISPLAY_TEXT_PAGES = {
  signup: [
    'signup_title',
    'signup_intro',
    'signup_button',
    'signup_success',
    'signup_closed',
    'signup_signed_up_link',
  ],
  checkin: ['checkin_title', 'checkin_hint', 'checkin_button', 'checkin_not_signed_up_link'],
  guest_info: ['guest_info_title', 'guest_info_hint'],
} as const;

export type DisplayTextPage = keyof typeof DISPLAY_TEXT_PAGES;
export type DisplayTextKey = (typeof DISPLAY_TEXT_PAGES)[DisplayTextPage][number];
type Suffix = (typeof DISPLAY_LANGUAGE_SUFFIX)[Language];
export type DisplayTextField = `${DisplayTextKey}${Suffix}`;

/**
 * The app's own text of each key, shown when a meeting sets neither the language's field nor the
 * base field. The public pages and the back-office preview read the same table.
 */
export const DISPLAY_TEXT_DEFAULTS: Record<DisplayTextKey, Record<Language, string>> = {
  signup_title: { 'zh-tw': '會議報名', 'zh-cn': '会议报名', en: 'Meeting sign-up' },
  signup_intro: {
    'zh-tw': '請填寫以下資料完成報名。',
    'zh-cn': '请填写以下资料完成报名。',
    en: 'Please fill in the form below to sign up.',
  },
  signup_button: { 'zh-tw': '提交報名', 'zh-cn': '提交报名', en: 'Sign up' },
  signup_success: { 'zh-tw': '報名成功', 'zh-cn': '报名成功', en: 'Sign-up Successful' },
  signup_closed: { 'zh-tw': '報名已截止！', 'zh-cn': '报名已截止！', en: 'The registration has closed！' },
  signup_signed_up_link: {
    'zh-tw': '已報名？前往簽到',
    'zh-cn': '已报名？前往签到',
    en: 'Already signed up? Check in',
  },
  checkin_title: { 'zh-tw': '簽到及取碼', 'zh-cn': '签到及取码', en: 'Check-in and guest code' },
  checkin_hint: {
    'zh-tw': '請輸入報名時填寫的區號及電話號碼。',
    'zh-cn': '请输入报名时填写的区号及电话号码。',
    en: 'Enter the area code and phone number you signed up with.',
  },
  checkin_button: { 'zh-tw': '取得嘉賓碼', 'zh-cn': '获取嘉宾码', en: 'Get my guest code' },
  checkin_not_signed_up_link: {
    'zh-tw': '未報名？前往報名',
    'zh-cn': '未报名？前往报名',
    en: 'Not signed up? Sign up',
  },
  guest_info_title: { 'zh-tw': '嘉賓資訊', 'zh-cn': '嘉宾信息', en: 'Guest info' },
  guest_info_hint: {
    'zh-tw': '入場時請出示此二維碼。',
    'zh-cn': '入场时请出示此二维码。',
    en: 'Show this QR code at the entrance.',
  },
};

export const DISPLAY_TEXT_KEYS: readonly DisplayTextKey[] = Object.values(DISPLAY_TEXT_PAGES).flat();

/** Every stored text field: each base key with each language suffix. */
export const DISPLAY_TEXT_FIELDS: readonly DisplayTextField[] = DISPLAY_TEXT_KEYS.flatMap((key) =>
  LANGUAGES.map((lang) => `${key}${DISPLAY_LANGUAGE_SUFFIX[lang]}` as DisplayTextField),
);

export const DISPLAY_TEXT_MAX = 2000;
export const DISPLAY_COLOR_FIELDS = ['theme_color', 'schedule_text_color', 'hint_text_color'] as const;
export type DisplayColorField = (typeof DISPLAY_COLOR_FIELDS)[number];

export const DISPLAY_CONFIG_DEFAULTS = {
  language_order: ['zh-tw', 'zh-cn', 'en'] as Language[],
  /**
   * The product's blue, darkened (Ant Design blue-7) so that white button text reads at 6.2:1, as on
   * the demo's configured meetings; the brighter #1677ff took black text (white was 4.1:1).
   */
  theme_color: '#0958d9',
  schedule_text_color: '#1f1f1f',
  hint_text_color: '#595959',
  /** null: the area code of the organisation's region (or none: "please select"). */
  default_area_code: null as AreaCode | null,
} as const satisfies Record<DisplayColorField, string> & {
  language_order: Language[];
  default_area_code: AreaCode | null;
};

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * A resolved display config: the shape schemas/meeting-display.ts infers as ResolvedDisplayConfig.
 * Written out here because that schema is built from this file's constants (importing it back would
 * close a cycle); the API's types are checked against it where the server returns a resolved config.
 */
export type ResolvedDisplayConfig = Record<DisplayColorField, string> &
  Partial<Record<DisplayTextField, string>> & {
    language_order: Language[];
    default_area_code: AreaCode | null;
  };

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
export function resolveDisplayConfig(stored: unknown): ResolvedDisplayConfig {
  const raw = parseStored(stored);
  const result: ResolvedDisplayConfig = {
    ...DISPLAY_CONFIG_DEFAULTS,
    language_order: validOrder(raw.language_order)
      ? [...raw.language_order]
      : [...DISPLAY_CONFIG_DEFAULTS.language_order],
  };
  for (const field of DISPLAY_COLOR_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string' && HEX_COLOR.test(value.trim())) result[field] = value.trim().toLowerCase();
  }
  const areaCode = raw.default_area_code;
  if ((AREA_CODE_VALUES as readonly unknown[]).includes(areaCode))
    result.default_area_code = areaCode as AreaCode;
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
  config: Pick<ResolvedDisplayConfig, 'language_order'>,
  wanted?: Language,
): Language {
  return wanted ?? config.language_order[0] ?? DEFAULT_LANGUAGE;
}
