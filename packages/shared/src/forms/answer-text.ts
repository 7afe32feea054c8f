import type { Language } from '../languages.ts';
import { formatPhone } from '../phone.ts';
import { localText, type EngineField as FormField } from './form-basics.ts';
import type { AnswerError, FileAnswer, PhoneAnswer } from './form-engine.ts';

/**
 * Answers and their errors in words, in a language: the guest list and detail, the export, mail and
 * certificate placeholders, badges, the door and the visitor's own messages all write them this way.
 */

const YES_NO: Record<Language, [string, string]> = {
  'zh-tw': ['是', '否'],
  'zh-cn': ['是', '否'],
  en: ['Yes', 'No'],
};
const AGREED: Record<Language, string> = { 'zh-tw': '已同意', 'zh-cn': '已同意', en: 'Agreed' };
/** Multiple choices in one cell or line. */
export const CHOICE_SEPARATOR = '; ';

/** An answer as text; '' where there is none. */
export function answerText(field: FormField, value: unknown, lang: Language): string {
  if (value === undefined || value === null) return '';
  switch (field.type) {
    case 'choice':
      return optionLabel(field, String(value), lang);
    case 'multi_choice':
      return Array.isArray(value)
        ? value.map((v) => optionLabel(field, String(v), lang)).join(CHOICE_SEPARATOR)
        : '';
    case 'yes_no':
      return typeof value === 'boolean' ? YES_NO[lang][value ? 0 : 1] : '';
    case 'consent':
      return value === true ? AGREED[lang] : '';
    case 'rating': {
      // "4 / 5 · Good": the point, the scale, and the point's label.
      const label = typeof value === 'number' ? field.options[value - 1]?.label : undefined;
      if (typeof value !== 'number') return '';
      return `${value} / ${field.options.length}${label ? ` · ${localText(label, lang)}` : ''}`;
    }
    case 'phone': {
      const p = value as PhoneAnswer;
      return typeof p === 'object' && typeof p.phone === 'string' ? formatPhone(p.phone, p.area_code) : '';
    }
    case 'file':
      return typeof value === 'object' && typeof (value as FileAnswer).name === 'string'
        ? (value as FileAnswer).name
        : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

function optionLabel(field: FormField, value: string, lang: Language): string {
  const option = field.options.find((o) => o.value === value);
  return option ? localText(option.label, lang) : value;
}

const MESSAGES: Record<AnswerError['code'], Record<Language, string>> = {
  required: { 'zh-tw': '此欄位必填', 'zh-cn': '此字段必填', en: 'is required' },
  consentRequired: { 'zh-tw': '請勾選同意', 'zh-cn': '请勾选同意', en: 'must be ticked' },
  tooShort: { 'zh-tw': '至少 {n} 個字元', 'zh-cn': '至少 {n} 个字符', en: 'needs at least {n} characters' },
  tooLong: { 'zh-tw': '最多 {n} 個字元', 'zh-cn': '最多 {n} 个字符', en: 'takes at most {n} characters' },
  tooSmall: { 'zh-tw': '不能小於 {n}', 'zh-cn': '不能小于 {n}', en: 'must be at least {n}' },
  tooBig: { 'zh-tw': '不能大於 {n}', 'zh-cn': '不能大于 {n}', en: 'must be at most {n}' },
  tooFew: { 'zh-tw': '請至少選擇 {n} 項', 'zh-cn': '请至少选择 {n} 项', en: 'needs at least {n} choices' },
  tooMany: { 'zh-tw': '最多選擇 {n} 項', 'zh-cn': '最多选择 {n} 项', en: 'takes at most {n} choices' },
  invalidOption: { 'zh-tw': '選項不正確', 'zh-cn': '选项不正确', en: 'is not one of the choices' },
  notANumber: { 'zh-tw': '請輸入數字', 'zh-cn': '请输入数字', en: 'must be a number' },
  dateInvalid: { 'zh-tw': '日期不正確', 'zh-cn': '日期不正确', en: 'is not a valid date' },
  emailInvalid: {
    'zh-tw': '電郵地址格式不正確',
    'zh-cn': '电邮地址格式不正确',
    en: 'is not a valid e-mail address',
  },
  phoneInvalid: {
    'zh-tw': '電話號碼與區號不符',
    'zh-cn': '电话号码与区号不符',
    en: 'is not a valid number for the area code',
  },
  fileInvalid: {
    'zh-tw': '請上載 PDF、JPEG 或 PNG 檔案',
    'zh-cn': '请上传 PDF、JPEG 或 PNG 文件',
    en: 'must be a PDF, JPEG or PNG file',
  },
};

/** What is wrong with an answer, naming the field: "「專科」：此欄位必填", "Specialty is required". */
export function answerErrorText(field: FormField, error: AnswerError, lang: Language): string {
  const label = localText(field.label, lang);
  const message = MESSAGES[error.code][lang].replace('{n}', String(error.n ?? ''));
  return lang === 'en' ? `${label} ${message}` : `「${label}」：${message}`;
}
