import { z } from 'zod';
import { LANGUAGES, LANGUAGE_SUFFIX, type Language } from '../languages.ts';

/**
 * A meeting's display config (spec §3 "meeting_config"): the public pages' language order, colours
 * and editable texts. Texts follow the spec's suffix scheme: '' zh-tw, '_cn' zh-cn, '_en' en.
 */
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
  /** The app's primary colour. */
  theme_color: '#1677ff',
  schedule_text_color: '#1f1f1f',
  hint_text_color: '#595959',
} as const satisfies Record<DisplayColorField, string> & { language_order: Language[] };

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const displayLanguageOrder = z
  .array(z.enum(LANGUAGES))
  .length(LANGUAGES.length, 'languageOrderInvalid')
  .refine((order) => new Set(order).size === order.length, 'languageOrderInvalid');

const color = (fallback: string) =>
  z.string().trim().regex(HEX_COLOR, 'colorInvalid').toLowerCase().default(fallback);

/** One text: trimmed, at most DISPLAY_TEXT_MAX characters; an empty text means "not set". */
export const displayTextValue = z.string().trim().max(DISPLAY_TEXT_MAX).optional();

const textShape = Object.fromEntries(DISPLAY_TEXT_FIELDS.map((field) => [field, displayTextValue])) as Record<
  DisplayTextField,
  typeof displayTextValue
>;

export const meetingDisplayConfig = z.strictObject({
  /** First, second and third language; the first is the public page's default. */
  language_order: displayLanguageOrder.default(() => [...DISPLAY_CONFIG_DEFAULTS.language_order]),
  theme_color: color(DISPLAY_CONFIG_DEFAULTS.theme_color),
  schedule_text_color: color(DISPLAY_CONFIG_DEFAULTS.schedule_text_color),
  hint_text_color: color(DISPLAY_CONFIG_DEFAULTS.hint_text_color),
  ...textShape,
});
export type MeetingDisplayConfig = z.infer<typeof meetingDisplayConfig>;
export type MeetingDisplayConfigInput = z.input<typeof meetingDisplayConfig>;
