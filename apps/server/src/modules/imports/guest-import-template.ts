import { columnsAsRows, xlsxBuffer } from '../../lib/xlsx-template.ts';
import { listSource, type XlsxSheetData } from '../../lib/xlsx-writer.ts';
import { AREA_CODES } from '@meetflow/shared/constants';
import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import { IMPORT_ROWS_MAX, type GuestImportField } from '@meetflow/shared/schemas/imports';
import { FIELD_LABELS, fieldsOf } from './guest-import-fields.ts';
import type { ImportDictionary } from './guest-import-rows.ts';
import { answerColumns, instructionsSheet, severalPrompt } from './guest-import-template-fields.ts';

/*
 * The guest file template of a meeting, in the reader's language: the meeting type's columns
 * (required ones marked *), then one per field of the meeting's own form (guest-import-template-fields.ts,
 * with a sheet of instructions), and drop-down lists for the area codes, yes/no, gender, the meeting's
 * registration types, college categories and sessions and its own fields' choices, kept on a hidden
 * last sheet (a list typed into the validation itself is limited to 255 characters), written by our
 * own XLSX writer.
 */

const REQUIRED: Record<ImportDictionary['meetingType'], readonly GuestImportField[]> = {
  general: [
    'name',
    'gender',
    'local_guest',
    'area_code',
    'phone',
    'email',
    'contact_number',
    'contact_phone',
  ],
  date_schedule: [
    'name_zh',
    'name_en',
    'area_code',
    'phone',
    'email',
    'user_type',
    'license_number',
    'session',
  ],
};

/** Session columns in the template; a file may have any number, and a cell may name several. */
const SESSION_COLUMNS = 3;

const TEXT: Record<'guests' | 'lists' | 'yes' | 'no' | 'male' | 'female', Localized> = {
  guests: { 'zh-tw': '嘉賓', 'zh-cn': '嘉宾', en: 'Guests' },
  lists: { 'zh-tw': '選項', 'zh-cn': '选项', en: 'Lists' },
  yes: { 'zh-tw': '是', 'zh-cn': '是', en: 'Yes' },
  no: { 'zh-tw': '否', 'zh-cn': '否', en: 'No' },
  male: { 'zh-tw': '男', 'zh-cn': '男', en: 'Male' },
  female: { 'zh-tw': '女', 'zh-cn': '女', en: 'Female' },
};

/** How a session is named in the template: its date and its name, which the import recognises. */
export function sessionLabel(session: ImportDictionary['sessions'][number], lang: Language): string {
  return `${session.date} ${nameIn(lang, session.name, session.name_cn, session.name_en)}`;
}

/** Phones and licence numbers stay text: Excel would drop a leading zero or write 8.53E+10. */
const TEXT_FIELDS: ReadonlySet<GuestImportField> = new Set([
  'phone',
  'license_number',
  'contact_phone',
  'contact_number',
]);

export function guestImportTemplate(dictionary: ImportDictionary, lang: Language): Promise<Buffer> {
  return xlsxBuffer(guestTemplateSheets(dictionary, lang));
}

/** The template's sheets: the guests' (headers only) and the hidden one of the drop-downs' choices. */
export function guestTemplateSheets(dictionary: ImportDictionary, lang: Language): XlsxSheetData[] {
  const names = (entries: readonly { name: string; name_cn: string; name_en: string }[]) =>
    entries.map((e) => nameIn(lang, e.name, e.name_cn, e.name_en));
  const choices: Partial<Record<GuestImportField, string[]>> = {
    area_code: AREA_CODES.map((option) => option.label[lang]),
    gender: [TEXT.male[lang], TEXT.female[lang]],
    local_guest: [TEXT.yes[lang], TEXT.no[lang]],
    academy_member: [TEXT.yes[lang], TEXT.no[lang]],
    user_type: names(dictionary.userTypes),
    college_category: names(dictionary.collegeCategories),
    session: dictionary.sessions.map((s) => sessionLabel(s, lang)),
  };
  const lists: { field: GuestImportField; header: string; values: string[] }[] = [];
  for (const [field, values] of Object.entries(choices) as [GuestImportField, string[]][]) {
    if (values.length > 0 && fieldsOf(dictionary.meetingType).includes(field))
      lists.push({ field, header: FIELD_LABELS[field][lang], values });
  }
  const own = answerColumns(dictionary.formFields ?? [], lang);
  const ownLists = own.flatMap((column, i) =>
    column.choices.length > 0 ? [{ column: i, header: column.header, values: column.choices }] : [],
  );

  const required = new Set(REQUIRED[dictionary.meetingType]);
  const columns = fieldsOf(dictionary.meetingType).flatMap(
    (field): { field: GuestImportField; header: string }[] =>
      field === 'session'
        ? Array.from({ length: SESSION_COLUMNS }, (_, i) => ({
            field,
            header: `${FIELD_LABELS[field][lang]} ${i + 1}`,
          }))
        : [{ field, header: FIELD_LABELS[field][lang] }],
  );
  const header = columns.map(({ field, header }, i) =>
    required.has(field) && !(field === 'session' && i > 0 && columns[i - 1]!.field === 'session')
      ? `${header} *`
      : header,
  );
  const validations = columns.flatMap(({ field }, column) => {
    const list = lists.findIndex((l) => l.field === field);
    if (list < 0) return [];
    const source = listSource(TEXT.lists[lang], list, lists[list]!.values.length);
    // Several sessions may share one cell ("a; b"): that list helps, it does not forbid.
    return [{ column, lastRow: IMPORT_ROWS_MAX + 1, source, strict: field !== 'session' }];
  });
  const ownValidations = ownLists.map(({ column, values }, i) => ({
    column: columns.length + column,
    lastRow: IMPORT_ROWS_MAX + 1,
    source: listSource(TEXT.lists[lang], lists.length + i, values.length),
    // Several choices may share one cell ("a; b"): that list helps, it does not forbid.
    strict: !own[column]!.several,
    ...(own[column]!.several ? { prompt: severalPrompt(own[column]!.field, lang) } : {}),
  }));
  const instructions = instructionsSheet(dictionary, lang);
  return [
    {
      name: TEXT.guests[lang],
      header: [...header, ...own.map((column) => column.header)],
      widths: [...columns, ...own].map(({ header }) => Math.max(12, Math.min(40, header.length * 2 + 4))),
      rows: [],
      textColumns: [
        ...columns.flatMap(({ field }, i) => (TEXT_FIELDS.has(field) ? [i] : [])),
        ...own.flatMap((column, i) => (column.text ? [columns.length + i] : [])),
      ],
      validations: [...validations, ...ownValidations],
    },
    ...(instructions ? [instructions] : []),
    {
      name: TEXT.lists[lang],
      header: [...lists, ...ownLists].map((list) => list.header.replace(/ \*$/, '')),
      widths: [],
      rows: columnsAsRows([...lists, ...ownLists].map((l) => l.values)),
      hidden: true,
    },
  ];
}
