import { nameIn, type Localized } from '@meetflow/shared/languages';
import { CME_RETURN_COLUMNS, cmeReturnColumns, type CmeReturnColumn } from '@meetflow/shared/schemas/cme';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import { datesText, groupedCode } from '../certificates/certificate-content.ts';
import type { Certificate } from './cme-records.ts';

/*
 * The organisation's yearly return: one row per linked attendee per meeting that started in the
 * year, in the columns the organiser chose (all, until they save a choice).
 */

export interface ReturnRow {
  person_name: string;
  licence_number: string;
  email: string;
  meeting_name: string;
  meeting_name_cn: string;
  meeting_name_en: string;
  start_at: number;
  end_at: number;
  certificate: Certificate | undefined;
}

const T = {
  sheet: { 'zh-tw': '年度學分申報', 'zh-cn': '年度学分申报', en: 'CME return' },
  name: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: 'Name' },
  licence_number: { 'zh-tw': '執業編號', 'zh-cn': '执业编号', en: 'Licence number' },
  email: { 'zh-tw': '電郵', 'zh-cn': '电邮', en: 'E-mail' },
  meeting: { 'zh-tw': '會議', 'zh-cn': '会议', en: 'Meeting' },
  dates: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Dates' },
  credits: { 'zh-tw': '學分', 'zh-cn': '学分', en: 'Credits' },
  certificate_code: { 'zh-tw': '證書驗證碼', 'zh-cn': '证书验证码', en: 'Certificate code' },
} satisfies Record<string, Localized>;

function column(key: CmeReturnColumn, timeZone: string): XlsxColumn<ReturnRow> {
  switch (key) {
    case 'name':
      return { header: T.name, width: 20, value: (r) => r.person_name };
    case 'licence_number':
      return { header: T.licence_number, width: 16, value: (r) => r.licence_number };
    case 'email':
      return { header: T.email, width: 28, value: (r) => r.email };
    case 'meeting':
      return {
        header: T.meeting,
        width: 36,
        value: (r, lang) => nameIn(lang, r.meeting_name, r.meeting_name_cn, r.meeting_name_en),
      };
    case 'dates':
      return { header: T.dates, width: 24, value: (r) => datesText(r.start_at, r.end_at, timeZone) };
    case 'credits':
      return { header: T.credits, width: 8, type: 'number', value: (r) => r.certificate?.credits ?? 0 };
    case 'certificate_code':
      return {
        header: T.certificate_code,
        width: 32,
        value: (r) => (r.certificate ? groupedCode(r.certificate.code) : ''),
      };
  }
}

/** The saved choice, or every column; a stored value that no longer reads is every column too. */
export function chosenColumns(stored: string | undefined): CmeReturnColumn[] {
  if (stored === undefined) return [...CME_RETURN_COLUMNS];
  const parsed = cmeReturnColumns.safeParse({ columns: JSON.parse(stored) as unknown });
  return parsed.success ? parsed.data.columns : [...CME_RETURN_COLUMNS];
}

export function returnSheet(
  rows: readonly ReturnRow[],
  columns: readonly CmeReturnColumn[],
  timeZone: string,
): PreparedSheet {
  async function* each() {
    yield* rows;
  }
  return xlsxSheet({ name: T.sheet, columns: columns.map((key) => column(key, timeZone)), rows: each() });
}
