import type { DisplayTextKey, Language, MeetingDisplayConfig } from '@meetflow/shared';

/**
 * The meeting's editable page texts, with the same rule as `displayTextOrDefault` in
 * packages/shared/src/display-text.ts (language suffix '' / _cn / _en, then the base field, then the
 * app default).
 *
 * Why a copy: the shared defaults live in schemas/meeting-display.ts next to its zod schemas, and the
 * bundler assigns whole modules to chunks, so importing them pulled the ~84 KB zod "schemas" chunk
 * into the sign-up page. A unit test (public-rules.test.ts) checks this table and rule against the
 * shared ones, so they cannot drift.
 */
export const PAGE_TEXT_DEFAULTS: Record<DisplayTextKey, Record<Language, string>> = {
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

const SUFFIX: Record<Language, string> = { 'zh-tw': '', 'zh-cn': '_cn', en: '_en' };

export function pageText(config: Partial<MeetingDisplayConfig>, key: DisplayTextKey, lang: Language): string {
  const texts = config as Record<string, string | undefined>;
  const own = texts[`${key}${SUFFIX[lang]}`]?.trim();
  if (own) return own;
  const base = texts[key]?.trim();
  return base || PAGE_TEXT_DEFAULTS[key][lang];
}
