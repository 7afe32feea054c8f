import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Language, Localized } from '@meetflow/shared/languages';
import type { ImportIssue } from '@meetflow/shared/schemas/imports';
import { MEMBER_IMPORT_COLUMNS, type MemberImportColumn } from '@meetflow/shared/schemas/members';
import { AppError } from '../../lib/app-error.ts';
import type { SheetRow } from '../../lib/spreadsheet-reader.ts';
import { dateText } from '../imports/guest-import-answers.ts';
import { normalizeHeader } from '../imports/guest-import-fields.ts';
import { foldLicence, nameKeys } from './member-names.ts';

/*
 * A member list's rows as read from a spreadsheet: the header row names the columns (in any of the
 * three languages, or the other names people give them), each data row is judged on its own (a
 * licence number, a Chinese or English name, a real date or nothing), and a licence number repeated
 * further down the file is a problem of the later row: the first one wins.
 */

export const COLUMN_LABELS: Record<MemberImportColumn, Localized> = {
  licence_number: { 'zh-tw': '執照號碼', 'zh-cn': '执照号码', en: 'Licence number' },
  name_zh: { 'zh-tw': '中文姓名', 'zh-cn': '中文姓名', en: 'Chinese name' },
  name_en: { 'zh-tw': '英文姓名', 'zh-cn': '英文姓名', en: 'English name' },
  member_class: { 'zh-tw': '會員類別', 'zh-cn': '会员类别', en: 'Member class' },
  valid_until: { 'zh-tw': '有效期至', 'zh-cn': '有效期至', en: 'Valid until' },
};

const SYNONYMS: Record<MemberImportColumn, readonly string[]> = {
  licence_number: [
    'license number',
    'licence no',
    'license no',
    'licence no.',
    'license no.',
    'licence',
    'license',
    '執照編號',
    '执照编号',
    '牌照號碼',
    '牌照号码',
    '註冊編號',
    '注册编号',
    '會員編號',
    '会员编号',
  ],
  name_zh: ['中文名', '姓名', '中文名稱', 'name (chinese)', 'name_zh'],
  name_en: ['英文名', 'name (english)', 'name_en', 'name'],
  member_class: ['類別', '类别', '會員級別', '会员级别', 'class', 'membership', 'member type'],
  valid_until: ['有效期', '到期日', '有效日期', 'expiry', 'expiry date', 'expires', 'valid to'],
};

const HEADERS = new Map<string, MemberImportColumn>();
for (const column of MEMBER_IMPORT_COLUMNS) {
  for (const label of Object.values(COLUMN_LABELS[column])) HEADERS.set(normalizeHeader(label), column);
  for (const name of SYNONYMS[column]) HEADERS.set(normalizeHeader(name), column);
}

/** The longest text each column keeps (names: `name_keys` holds up to four keys of each). */
const MAX_CHARS: Record<MemberImportColumn, number> = {
  licence_number: 100,
  name_zh: 100,
  name_en: 100,
  member_class: 100,
  valid_until: 40,
};

/** Which column of the file holds what; MEMBER_IMPORT_COLUMNS_MISSING without a licence or a name. */
export function columnsOf(header: readonly string[]): Partial<Record<MemberImportColumn, number>> {
  const at: Partial<Record<MemberImportColumn, number>> = {};
  header.forEach((text, index) => {
    const column = HEADERS.get(normalizeHeader(text));
    if (column && at[column] === undefined) at[column] = index;
  });
  if (at.licence_number === undefined || (at.name_zh === undefined && at.name_en === undefined))
    throw new AppError('MEMBER_IMPORT_COLUMNS_MISSING');
  return at;
}

/** A row ready to be written. */
export interface MemberRow {
  row: number;
  licence_number: string;
  licence_key: string;
  name_zh: string;
  name_en: string;
  name_keys: string;
  member_class: string;
  valid_until: string | null;
}

function realDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Every data row judged: the valid rows in file order and the problems of the others. */
export async function judgeRows(
  header: readonly string[],
  rows: readonly SheetRow[],
  lang: Language,
): Promise<{ valid: MemberRow[]; issues: ImportIssue[]; invalid: number }> {
  const at = columnsOf(header);
  const valid: MemberRow[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  let invalid = 0;
  for (const { number, cells } of rows) {
    const cell = (column: MemberImportColumn) => {
      const index = at[column];
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const problems: { column: MemberImportColumn; key: FieldMessageKey }[] = [];
    const problem = (column: MemberImportColumn, key: FieldMessageKey) => problems.push({ column, key });
    for (const column of MEMBER_IMPORT_COLUMNS)
      if (cell(column).length > MAX_CHARS[column]) problem(column, 'memberFieldTooLong');
    const licenceKey = foldLicence(cell('licence_number'));
    if (licenceKey === '') problem('licence_number', 'licenceRequired');
    else if (seen.has(licenceKey)) problem('licence_number', 'licenceRepeated');
    if (cell('name_zh') === '' && cell('name_en') === '')
      problem(at.name_zh !== undefined ? 'name_zh' : 'name_en', 'memberNameRequired');
    const validText = cell('valid_until');
    const validUntil = validText === '' ? null : dateText(validText);
    if (validUntil !== null && !realDate(validUntil)) problem('valid_until', 'validUntilInvalid');
    if (problems.length > 0) {
      invalid += 1;
      const repeated = problems.every((p) => p.key === 'licenceRepeated');
      for (const p of problems)
        issues.push({
          row: number,
          kind: repeated ? 'duplicate_in_file' : 'invalid',
          column: header[at[p.column] ?? -1] ?? COLUMN_LABELS[p.column][lang],
          message: fieldMessage(p.key, lang),
        });
      continue;
    }
    seen.add(licenceKey);
    const keys = await nameKeys([cell('name_zh'), cell('name_en')]);
    valid.push({
      row: number,
      licence_number: cell('licence_number'),
      licence_key: licenceKey,
      name_zh: cell('name_zh'),
      name_en: cell('name_en'),
      name_keys: keys.join(' '),
      member_class: cell('member_class'),
      valid_until: validUntil,
    });
  }
  return { valid, issues, invalid };
}
