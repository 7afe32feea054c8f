import type { Language } from './languages.ts';

/**
 * The three field messages the web forms' own rules need, in a module of their own: the back-office
 * shell sets them on every form, and importing the whole catalogue (errors.ts) would cost its first
 * load ~6.5 KB gzip. The field catalogue includes them, so each text is written once.
 */
export const FORM_RULE_MESSAGES = {
  required: { 'zh-tw': '此欄位必填', 'zh-cn': '此字段必填', en: 'This field is required' },
  invalidFormat: { 'zh-tw': '格式不正確', 'zh-cn': '格式不正确', en: 'Invalid format' },
  emailInvalid: {
    'zh-tw': '電郵地址格式不正確',
    'zh-cn': '电邮地址格式不正确',
    en: 'The email address is not valid',
  },
} as const satisfies Record<string, Record<Language, string>>;

const FORM_RULE_TYPES = [
  'string',
  'method',
  'array',
  'object',
  'number',
  'date',
  'boolean',
  'integer',
  'float',
  'regexp',
  'url',
  'hex',
] as const;

/**
 * The messages of the web forms' own rules (Ant Design's `validateMessages`) from the field catalogue.
 * Ant Design's built-in ones splice the rule type into the sentence: "電郵不是一個有效的email".
 */
export function formValidateMessages(lang: Language) {
  const invalid = FORM_RULE_MESSAGES.invalidFormat[lang];
  return {
    default: invalid,
    required: FORM_RULE_MESSAGES.required[lang],
    whitespace: FORM_RULE_MESSAGES.required[lang],
    types: {
      ...Object.fromEntries(FORM_RULE_TYPES.map((type) => [type, invalid])),
      email: FORM_RULE_MESSAGES.emailInvalid[lang],
    },
  };
}
