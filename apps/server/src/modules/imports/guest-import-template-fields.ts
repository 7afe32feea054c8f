import {
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  isAnswerField,
  localText,
  type FormField,
} from '@meetflow/shared/forms/form-definition';
import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import type { XlsxSheetData } from '../../lib/xlsx-writer.ts';
import { requiredInImport } from './guest-import-answers.ts';
import { importableFields } from './guest-import-fields.ts';
import type { ImportDictionary } from './guest-import-rows.ts';

/*
 * The meeting's own fields (issue 42) in the guest file template: one column each after the
 * built-in ones, headed with the label in the template's language (required ones marked *), a
 * drop-down for choices and yes/no, and a sheet of instructions describing each field — required or
 * not, limits, choices, how several choices and dates are written, and that files are not imported.
 */

type Text = Localized;
const T = (zhTw: string, zhCn: string, en: string): Text => ({ 'zh-tw': zhTw, 'zh-cn': zhCn, en });

const TEXT = {
  sheet: T('填寫說明', '填写说明', 'Instructions'),
  column: T('欄位', '栏位', 'Column'),
  required: T('必填', '必填', 'Required'),
  type: T('類型', '类型', 'Type'),
  notes: T('填寫方法', '填写方法', 'How to fill it in'),
  yes: T('是', '是', 'Yes'),
  no: T('否', '否', 'No'),
  atDoor: T('否（到場時詢問）', '否（到场时询问）', 'No (asked at the door)'),
  choices: T('選項：{list}', '选项：{list}', 'Choices: {list}'),
  several: T('可填多項，以「;」分隔', '可填多项，以“;”分隔', 'Several may be given, separated by ";"'),
  severalPrompt: T(
    '{label}：可填多項，以「;」分隔',
    '{label}：可填多项，以“;”分隔',
    '{label}: several choices may be given, separated by ";"',
  ),
  yesNo: T('填「是」或「否」', '填“是”或“否”', 'Write Yes or No'),
  consent: T('填「是」表示嘉賓已同意', '填“是”表示嘉宾已同意', 'Write Yes if the guest agreed'),
  date: T('格式：YYYY-MM-DD', '格式：YYYY-MM-DD', 'Format: YYYY-MM-DD'),
  phone: T(
    '例如 +853 6612 3456；只填號碼則按該行的區號',
    '例如 +853 6612 3456；只填号码则按该行的区号',
    'e.g. +853 6612 3456; a number alone is read in the row’s area code',
  ),
  file: T(
    '檔案無法從試算表匯入，此欄位不設欄',
    '文件无法从表格导入，此字段不设栏',
    'Files cannot be imported from a spreadsheet: this field has no column',
  ),
  atDoorNote: T('到場時詢問，可留空', '到场时询问，可留空', 'Asked at the door: may be left empty'),
  textLength: T('{min}–{max} 個字', '{min}–{max} 个字', '{min}–{max} characters'),
  textMax: T('最多 {max} 個字', '最多 {max} 个字', 'At most {max} characters'),
  numberRange: T('{min} 至 {max}', '{min} 至 {max}', 'From {min} to {max}'),
  numberMin: T('不小於 {min}', '不小于 {min}', 'At least {min}'),
  numberMax: T('不大於 {max}', '不大于 {max}', 'At most {max}'),
  choiceRange: T('選 {min}–{max} 項', '选 {min}–{max} 项', 'Choose {min} to {max}'),
  choiceMin: T('至少選 {min} 項', '至少选 {min} 项', 'Choose at least {min}'),
  choiceMax: T('最多選 {max} 項', '最多选 {max} 项', 'Choose at most {max}'),
  userTypes: T('只適用於報名類型：{list}', '只适用于报名类型：{list}', 'Only for registration types: {list}'),
  showIf: T(
    '只在「{field}」為 {list} 時填寫',
    '只在“{field}”为 {list} 时填写',
    'Only when {field} is {list}',
  ),
} satisfies Record<string, Text>;

const TYPES: Record<FormField['type'], Text> = {
  short_text: T('短文字', '短文本', 'Short text'),
  long_text: T('長文字', '长文本', 'Long text'),
  number: T('數字', '数字', 'Number'),
  choice: T('單選', '单选', 'Single choice'),
  multi_choice: T('多選', '多选', 'Multiple choice'),
  yes_no: T('是／否', '是／否', 'Yes or no'),
  date: T('日期', '日期', 'Date'),
  email: T('電郵', '电邮', 'E-mail'),
  phone: T('電話', '电话', 'Phone'),
  file: T('檔案', '文件', 'File'),
  consent: T('同意', '同意', 'Consent'),
  heading: T('標題', '标题', 'Heading'),
  note: T('說明', '说明', 'Note'),
};

const fill = (text: string, values: Record<string, string | number | null>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
const listIn = (lang: Language, items: readonly string[]) => items.join(lang === 'en' ? ', ' : '、');
const joinIn = (lang: Language, parts: readonly string[]) => parts.join(lang === 'en' ? '; ' : '；');

/** A column of the template for one of the meeting's own fields. */
export interface AnswerColumn {
  field: FormField;
  header: string;
  /** The choices its drop-down offers, or none. */
  choices: string[];
  /** Several choices may share its cell: the drop-down helps, it does not forbid. */
  several: boolean;
  /** Kept as text: a phone's leading zero, a date as typed. */
  text: boolean;
}

const TEXT_TYPES: ReadonlySet<FormField['type']> = new Set([
  'short_text',
  'long_text',
  'email',
  'phone',
  'date',
]);

/** The template's columns for the meeting's own fields, in the form's order. */
export function answerColumns(fields: readonly FormField[], lang: Language): AnswerColumn[] {
  return importableFields(fields).map((field) => {
    const label = localText(field.label, lang);
    const conditional = field.show_if !== null || field.user_type_ids.length > 0;
    const choices =
      field.type === 'choice' || field.type === 'multi_choice'
        ? field.options.map((o) => localText(o.label, lang))
        : field.type === 'yes_no' || field.type === 'consent'
          ? [TEXT.yes[lang], TEXT.no[lang]]
          : [];
    return {
      field,
      header: requiredInImport(field) && !conditional ? `${label} *` : label,
      choices,
      several: field.type === 'multi_choice',
      text: TEXT_TYPES.has(field.type),
    };
  });
}

/** How a field is filled in, in words: its limits, choices and conditions. */
function notesOf(
  field: FormField,
  fields: readonly FormField[],
  dictionary: ImportDictionary,
  lang: Language,
) {
  const notes: string[] = [];
  const { min, max } = field;
  const options = (f: FormField) => f.options.map((o) => localText(o.label, lang));
  if (field.type === 'file') return [TEXT.file[lang]];
  if (field.ask_at_door) notes.push(TEXT.atDoorNote[lang]);
  if (field.type === 'choice' || field.type === 'multi_choice')
    notes.push(fill(TEXT.choices[lang], { list: listIn(lang, options(field)) }));
  if (field.type === 'multi_choice') {
    notes.push(TEXT.several[lang]);
    const range = min !== null && max !== null ? 'choiceRange' : min !== null ? 'choiceMin' : 'choiceMax';
    if (min !== null || max !== null) notes.push(fill(TEXT[range][lang], { min, max }));
  }
  if (field.type === 'short_text' || field.type === 'long_text' || field.type === 'email') {
    const most = Math.min(max ?? Infinity, field.type === 'long_text' ? LONG_TEXT_MAX : SHORT_TEXT_MAX);
    notes.push(
      min !== null
        ? fill(TEXT.textLength[lang], { min, max: most })
        : fill(TEXT.textMax[lang], { max: most }),
    );
  }
  if (field.type === 'number' && (min !== null || max !== null)) {
    const range = min !== null && max !== null ? 'numberRange' : min !== null ? 'numberMin' : 'numberMax';
    notes.push(fill(TEXT[range][lang], { min, max }));
  }
  if (field.type === 'yes_no') notes.push(TEXT.yesNo[lang]);
  if (field.type === 'consent') notes.push(TEXT.consent[lang]);
  if (field.type === 'date') notes.push(TEXT.date[lang]);
  if (field.type === 'phone') notes.push(TEXT.phone[lang]);
  if (field.user_type_ids.length > 0) {
    const names = dictionary.userTypes
      .filter((type) => field.user_type_ids.includes(type.id))
      .map((type) => nameIn(lang, type.name, type.name_cn, type.name_en));
    notes.push(fill(TEXT.userTypes[lang], { list: listIn(lang, names) }));
  }
  const source = field.show_if && fields.find((f) => f.key === field.show_if!.key);
  if (field.show_if && source) {
    const values = field.show_if.values.map((value) =>
      source.type === 'yes_no'
        ? TEXT[value === 'yes' ? 'yes' : 'no'][lang]
        : localText(source.options.find((o) => o.value === value)?.label ?? T(value, value, value), lang),
    );
    notes.push(fill(TEXT.showIf[lang], { field: localText(source.label, lang), list: listIn(lang, values) }));
  }
  const help = localText(field.help, lang).trim();
  if (help) notes.push(help);
  return notes;
}

/**
 * The sheet describing the meeting's own fields, files included (they have no column); undefined
 * when the meeting has none.
 */
export function instructionsSheet(dictionary: ImportDictionary, lang: Language): XlsxSheetData | undefined {
  const fields = dictionary.formFields ?? [];
  const described = fields.filter((field) => !field.retired && isAnswerField(field));
  if (described.length === 0) return undefined;
  const rows = described.map((field) => [
    localText(field.label, lang),
    field.ask_at_door && field.required
      ? TEXT.atDoor[lang]
      : requiredInImport(field)
        ? TEXT.yes[lang]
        : TEXT.no[lang],
    TYPES[field.type][lang],
    joinIn(lang, notesOf(field, fields, dictionary, lang)),
  ]);
  return {
    name: TEXT.sheet[lang],
    header: [TEXT.column[lang], TEXT.required[lang], TEXT.type[lang], TEXT.notes[lang]],
    widths: [
      Math.max(16, ...rows.map((row) => Math.min(40, row[0]!.length * 2 + 4))),
      16,
      14,
      Math.max(40, ...rows.map((row) => Math.min(100, row[3]!.length + 4))),
    ],
    rows,
  };
}

/** What a cell of several choices says when selected (Excel's input message): they are separated by ";". */
export function severalPrompt(field: FormField, lang: Language): string {
  return fill(TEXT.severalPrompt[lang], { label: localText(field.label, lang) });
}
