import { nameIn, type Language, type Localized } from '@meetflow/shared/languages';
import type { CmeRecordEntry } from '@meetflow/shared/schemas/cme';
import { localDate } from '../../lib/local-time.ts';
import { creditsText, datesText, groupedCode } from '../certificates/certificate-content.ts';
import type { ListingInput } from '../certificates/listing-pdf.ts';
import { totalCredits } from './cme-records.ts';

/** A doctor's CME transcript as a listing (drawn by the certificates' PDF worker). */

const T = {
  title: { 'zh-tw': '持續醫學教育學分紀錄', 'zh-cn': '继续医学教育学分记录', en: 'CME transcript' },
  name: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: 'Name' },
  licence: { 'zh-tw': '執業編號', 'zh-cn': '执业编号', en: 'Licence number' },
  organization: { 'zh-tw': '主辦機構', 'zh-cn': '主办机构', en: 'Organisation' },
  meeting: { 'zh-tw': '會議', 'zh-cn': '会议', en: 'Meeting' },
  dates: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Dates' },
  credits: { 'zh-tw': '學分', 'zh-cn': '学分', en: 'Credits' },
  code: { 'zh-tw': '證書驗證碼', 'zh-cn': '证书验证码', en: 'Certificate code' },
  total: { 'zh-tw': '學分合計：{total}', 'zh-cn': '学分合计：{total}', en: 'Total credits: {total}' },
  none: { 'zh-tw': '—', 'zh-cn': '—', en: '—' },
  footer: {
    'zh-tw': '{organization}・{date} 產生・學分只計已發出且未撤銷的證書',
    'zh-cn': '{organization}・{date} 生成・学分只计已发出且未撤销的证书',
    en: '{organization} · made {date} · credits count issued, unrevoked certificates only',
  },
} satisfies Record<string, Localized>;

export interface TranscriptFacts {
  person: { name: string; licence_number: string };
  organization: string;
  entries: readonly CmeRecordEntry[];
  language: Language;
  timeZone: string;
  now: number;
}

export function transcriptListing(facts: TranscriptFacts): ListingInput {
  const { language: lang, timeZone } = facts;
  const total = creditsText(totalCredits(facts.entries));
  const colon = lang === 'en' ? ': ' : '：';
  return {
    language: lang,
    title: T.title[lang],
    lines: [
      `${T.name[lang]}${colon}${facts.person.name}`,
      `${T.licence[lang]}${colon}${facts.person.licence_number || T.none[lang]}`,
      `${T.organization[lang]}${colon}${facts.organization}`,
    ],
    // A grouped code (29 characters, no break) needs a third of the width.
    columns: [
      { header: T.meeting[lang], share: 34 },
      { header: T.dates[lang], share: 20 },
      { header: T.credits[lang], share: 9, align: 'right' },
      { header: T.code[lang], share: 37 },
    ],
    rows: facts.entries.map((e) => [
      nameIn(lang, e.meeting_name, e.meeting_name_cn, e.meeting_name_en),
      datesText(e.start_at, e.end_at, timeZone),
      creditsText(e.credits),
      e.certificate_code ? groupedCode(e.certificate_code) : T.none[lang],
    ]),
    closing: T.total[lang].replace('{total}', total),
    footer: T.footer[lang]
      .replace('{organization}', facts.organization)
      .replace('{date}', localDate(facts.now, timeZone)),
  };
}

/** The file's name: no personal data beyond what the doctor downloads for themselves. */
export function transcriptFileName(now: number, timeZone: string): string {
  return `cme-transcript-${localDate(now, timeZone)}.pdf`;
}
