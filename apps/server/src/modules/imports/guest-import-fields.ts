import { AREA_CODES } from '@meetflow/shared/constants';
import { isAnswerField, type FormField } from '@meetflow/shared/forms/form-definition';
import { GUEST_FIELD_NAMES } from '@meetflow/shared/guest-field-names';
import { LANGUAGES, type Language, type Localized } from '@meetflow/shared/languages';
import {
  DATE_SCHEDULE_IMPORT_FIELDS,
  GENERAL_IMPORT_FIELDS,
  answerTargetOf,
  type GuestImportField,
  type ImportMapping,
  type ImportTarget,
} from '@meetflow/shared/schemas/imports';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';

/*
 * The columns of a guest file: what each field is called (the template's headers, in three
 * languages, and the other names spreadsheets give it), how a header is recognised, and how a
 * cell's text becomes a form value. Pure: no database.
 */

/** The template's headers: the fields' names, the same the guest form, list and mapping show. */
export const FIELD_LABELS: Record<GuestImportField, Localized> = GUEST_FIELD_NAMES;

/**
 * Other headers people give these columns (compared after `normalizeHeader`): the spec's names
 * (section 3), the public sign-up form's labels, the headers of earlier templates, and common ones.
 */
const SYNONYMS: Partial<Record<GuestImportField, string[]>> = {
  name: ['full name', 'guest name', '嘉賓姓名', '嘉宾姓名', '名字'],
  gender: ['sex', '性別(男/女)'],
  local_guest: ['local guest (macao)', 'local', '是否澳門本地嘉賓', '是否澳门本地嘉宾', '本地'],
  area_code: ['country code', 'areacode', '國家區號', '国家区号', '地區', '地区'],
  phone: [
    'mobile',
    'mobile number',
    'phone number',
    'mobile phone',
    'tel',
    '電話',
    '电话',
    '手機',
    '手机',
    '電話號碼',
    '电话号码',
  ],
  email: [
    'e-mail',
    'e-mail address',
    'email address',
    'mail',
    '電郵',
    '电邮',
    '電子郵件',
    '电子邮件',
    '電郵地址',
    '邮箱地址',
    '電子郵箱',
    '电子邮箱',
  ],
  institution: ['institution name', 'company', 'employer', '單位', '单位', '公司', '工作單位', '工作单位'],
  job_title: ['title', 'position', '職務', '职务', '職稱', '职称'],
  contact_name: ['contact person', '聯絡人姓名', '联系人姓名'],
  contact_number: ['contact number', 'institution phone', '聯絡電話', '联系电话', '機構電話', '机构电话'],
  contact_phone: ['contact mobile', 'contact mobile phone', '聯絡手機', '联系手机'],
  name_zh: ['中文名', '姓名(中文)', 'name (chinese)'],
  name_en: ['英文名', '姓名(英文)', 'name (english)'],
  organization: ['organization', 'hospital', '醫院', '医院', '所屬機構', '所属机构'],
  user_type: [
    'user type',
    'type',
    'category',
    'registration category',
    '類型',
    '类型',
    '嘉賓類型',
    '嘉宾类型',
  ],
  license_number: [
    'license number',
    'license no',
    'licence no',
    'certificate number',
    'license or certificate number',
    'licence or certificate number',
    'registration number',
    '執照編號',
    '执照编号',
    '證書號碼',
    '证书号码',
    '證書編號',
    '证书编号',
    '執業編號',
    '执业编号',
    '執業編號/證書編號',
    '执业编号/证书编号',
  ],
  other: ['remarks', 'remark', 'notes', '備註', '备注'],
  academy_member: [
    'academy member',
    'is academy member',
    'is academy member/fellow',
    'academy member/fellow',
    'fellow',
    'member',
    'academy',
    '學院會員',
    '学院会员',
    '會員',
    '会员',
    '院士',
    '是否學會會員/院士',
    '是否学会会员/院士',
  ],
  college_category: [
    'college',
    'specialty',
    '專科學院類別',
    '专科学院类别',
    '專科類別',
    '专科类别',
    '學院',
    '学院',
    '專科',
    '专科',
  ],
  session: ['session', 'sessions', 'schedule', '日程', '場次', '场次', '日程名稱', '日程名称'],
};

/** Texts remembered by `normalizeHeader`: cells naming options, types and sessions repeat row after row. */
const NORMALIZED_MAX = 4096;
const normalized = new Map<string, string>();

/** How a header or a cell is compared: folded width and case, no spaces or colons, no trailing "*" or "(…)". */
export function normalizeHeader(text: string): string {
  const known = normalized.get(text);
  if (known !== undefined) return known;
  const value = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*＊:：]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Bounded: a file of unique texts (names) starts the memory over rather than growing it.
  if (normalized.size >= NORMALIZED_MAX) normalized.clear();
  if (text.length <= 200) normalized.set(text, value);
  return value;
}

export function fieldsOf(meetingType: MeetingType): readonly GuestImportField[] {
  return meetingType === 'general' ? GENERAL_IMPORT_FIELDS : DATE_SCHEDULE_IMPORT_FIELDS;
}

/**
 * The meeting's own fields a column can fill: not retired (a retired field takes no new answers) and
 * not a file (a file cannot come from a spreadsheet cell).
 */
export function importableFields(fields: readonly FormField[]): FormField[] {
  return fields.filter((field) => !field.retired && isAnswerField(field) && field.type !== 'file');
}

/** Every target a column of this meeting's file may fill. */
function targetsOf(meetingType: MeetingType, answerFields: readonly FormField[]): Set<ImportTarget> {
  return new Set<ImportTarget>([
    ...fieldsOf(meetingType),
    ...importableFields(answerFields).map((field) => answerTargetOf(field.key)),
  ]);
}

/**
 * Header text → target, for one meeting: the built-in fields' names in every language and their
 * synonyms, then the meeting's own fields by key and by label in every language (over a synonym,
 * never over a built-in field's own name).
 */
function headerIndex(
  meetingType: MeetingType,
  answerFields: readonly FormField[],
): Map<string, ImportTarget> {
  const index = new Map<string, ImportTarget>();
  const builtInNames = new Set<string>();
  for (const field of fieldsOf(meetingType)) {
    for (const lang of LANGUAGES) {
      index.set(normalizeHeader(FIELD_LABELS[field][lang]), field);
      builtInNames.add(normalizeHeader(FIELD_LABELS[field][lang]));
    }
    for (const name of SYNONYMS[field] ?? []) index.set(normalizeHeader(name), field);
  }
  for (const field of importableFields(answerFields)) {
    const names = [field.key, ...LANGUAGES.map((lang) => field.label[lang])].map(normalizeHeader);
    for (const name of names) {
      if (name && !builtInNames.has(name)) index.set(name, answerTargetOf(field.key));
    }
  }
  return index;
}

/** A session column of the template is called "Session 1", "日程 2", …: the number is dropped. */
function withoutNumber(header: string): string {
  return header.replace(/\s*\d+$/, '');
}

/**
 * The mapping suggested for a header row: the meeting's remembered choice for that header first,
 * then a recognised name; a target other than 'session' is suggested once (its first column).
 */
export function suggestMapping(
  meetingType: MeetingType,
  headers: readonly string[],
  remembered: Record<string, ImportTarget | null>,
  answerFields: readonly FormField[] = [],
): ImportMapping {
  const index = headerIndex(meetingType, answerFields);
  const allowed = targetsOf(meetingType, answerFields);
  const used = new Set<ImportTarget>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    const choice =
      key in remembered ? remembered[key]! : (index.get(key) ?? index.get(withoutNumber(key)) ?? null);
    if (!choice || !allowed.has(choice) || (choice !== 'session' && used.has(choice))) return null;
    used.add(choice);
    return choice;
  });
}

/** A mapping problem: a target chosen twice or not the meeting's, or the phone and area code left out. */
export function mappingProblem(
  meetingType: MeetingType,
  mapping: ImportMapping,
  answerFields: readonly FormField[] = [],
): { missing: GuestImportField[]; repeated: ImportTarget[]; foreign: ImportTarget[] } | null {
  const allowed = targetsOf(meetingType, answerFields);
  const seen = new Set<ImportTarget>();
  const repeated = new Set<ImportTarget>();
  const foreign = new Set<ImportTarget>();
  for (const field of mapping) {
    if (!field) continue;
    if (!allowed.has(field)) foreign.add(field);
    if (seen.has(field) && field !== 'session') repeated.add(field);
    seen.add(field);
  }
  const missing = (['area_code', 'phone'] as const).filter((f) => !seen.has(f));
  return missing.length + repeated.size + foreign.size === 0
    ? null
    : { missing, repeated: [...repeated], foreign: [...foreign] };
}

const YES = new Set(['yes', 'y', 'true', '1', '是', '有', 'v', '✓', '✔', '√', 'x', 'ok']);
const NO = new Set(['no', 'n', 'false', '0', '否', '不是', '沒有', '没有', '無', '无']);

/** Yes/no in any of the three languages; undefined when the cell says neither (or is empty). */
export function parseYesNo(text: string): boolean | undefined {
  const value = normalizeHeader(text);
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return undefined;
}

const MALE = new Set(['male', 'm', '男', '男性', '先生', 'mr', 'mr.']);
const FEMALE = new Set(['female', 'f', '女', '女性', '女士', 'ms', 'ms.', 'mrs', 'mrs.', 'miss']);

/** 'male' | 'female', or the text itself (the form's rule then refuses it). */
export function parseGender(text: string): string {
  const value = normalizeHeader(text);
  if (MALE.has(value)) return 'male';
  if (FEMALE.has(value)) return 'female';
  return text.trim();
}

const AREA_CODE_VALUES: string[] = AREA_CODES.map((option) => option.value);

/** Places named without their code: the labels' names and what people write for them. */
const AREA_NAMES = new Map<string, string>([
  ...AREA_CODES.flatMap((option) =>
    LANGUAGES.map((lang): [string, string] => [
      normalizeHeader(option.label[lang].replace(/\s*\+\d+$/, '')),
      option.value,
    ]),
  ),
  ...(['china', 'mainland', '中國', '中国', '內地', '内地', '大陸', '大陆'].map((n) => [n, '86']) as [
    string,
    string,
  ][]),
  ...(['hk', 'hong kong', '香港'].map((n) => [n, '852']) as [string, string][]),
  ...(['macau', 'macao', '澳門', '澳门'].map((n) => [n, '853']) as [string, string][]),
  ...(['taiwan', 'tw', '台灣', '台湾', '臺灣'].map((n) => [n, '886']) as [string, string][]),
]);

/** '853', '+853', 'Macao +853', '澳門' or 'Macau' → '853'; otherwise the text (the form's rule refuses it). */
export function parseAreaCode(text: string): string {
  const value = text.trim();
  const known = (value.match(/\d+/g) ?? []).find((d) => AREA_CODE_VALUES.includes(d));
  return known ?? AREA_NAMES.get(normalizeHeader(value)) ?? value;
}

/** A phone typed with its country code in front (+853 6612 3456) loses it: the area code column says it. */
export function parsePhone(text: string, areaCode: string): string {
  const compact = text.replace(/[\s\-()]/g, '');
  if (compact.startsWith(`+${areaCode}`)) return compact.slice(areaCode.length + 1);
  if (compact.startsWith(`00${areaCode}`)) return compact.slice(areaCode.length + 2);
  return compact;
}

/** A cell naming several sessions: separated by ; , 、 | or a new line. */
export function splitList(text: string): string[] {
  return text
    .split(/[;；,，、|\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The template's header for a field in a language (sessions numbered). */
export function templateHeader(field: GuestImportField, lang: Language, n?: number): string {
  return n === undefined ? FIELD_LABELS[field][lang] : `${FIELD_LABELS[field][lang]} ${n}`;
}
