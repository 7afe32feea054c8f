import { nameIn, type Localized } from '@meetflow/shared/languages';
import { CERTIFICATE_STATE_TEXT } from '@meetflow/shared/certificate-states';
import type { CertificateRow } from '@meetflow/shared/schemas/certificates';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import { groupedCode, hoursText } from './certificate-content.ts';

/** The certificate list as a sheet: who earned what, and the state of their certificate. */

const T = {
  sheet: { 'zh-tw': '證書', 'zh-cn': '证书', en: 'Certificates' },
  guestId: { 'zh-tw': '嘉賓編號', 'zh-cn': '嘉宾编号', en: 'Guest ID' },
  name: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: 'Name' },
  institution: { 'zh-tw': '機構', 'zh-cn': '机构', en: 'Institution' },
  hours: { 'zh-tw': '出席時數', 'zh-cn': '出席时数', en: 'Time present' },
  minutes: { 'zh-tw': '出席分鐘', 'zh-cn': '出席分钟', en: 'Minutes present' },
  credits: { 'zh-tw': '學分', 'zh-cn': '学分', en: 'Credits' },
  sessions: { 'zh-tw': '出席場次', 'zh-cn': '出席场次', en: 'Sessions attended' },
  days: { 'zh-tw': '出席日數', 'zh-cn': '出席日数', en: 'Days present' },
  state: { 'zh-tw': '狀態', 'zh-cn': '状态', en: 'State' },
  code: { 'zh-tw': '驗證碼', 'zh-cn': '验证码', en: 'Verification code' },
  issuedAt: { 'zh-tw': '發出時間', 'zh-cn': '发出时间', en: 'Issued at' },
  revokedAt: { 'zh-tw': '撤銷時間', 'zh-cn': '撤销时间', en: 'Revoked at' },
} satisfies Record<string, Localized>;

type Session = { name: string; name_cn: string; name_en: string };

export function certificateSheet(rows: CertificateRow[], sessions: Map<number, Session>): PreparedSheet {
  const columns: XlsxColumn<CertificateRow>[] = [
    { header: T.guestId, width: 10, type: 'number', value: (r) => r.guest_id },
    { header: T.name, width: 20, value: (r) => r.name },
    { header: T.institution, width: 24, value: (r) => r.institution },
    { header: T.hours, width: 16, value: (r, lang) => hoursText(r.minutes, lang) },
    { header: T.minutes, width: 10, type: 'number', value: (r) => r.minutes },
    { header: T.credits, width: 8, type: 'number', value: (r) => r.credits },
    {
      header: T.sessions,
      width: 36,
      value: (r, lang) =>
        r.sessions
          .flatMap((id) => {
            const s = sessions.get(id);
            return s ? [nameIn(lang, s.name, s.name_cn, s.name_en)] : [];
          })
          .join(', '),
    },
    { header: T.days, width: 8, type: 'number', value: (r) => r.days_present },
    { header: T.state, width: 10, value: (r, lang) => CERTIFICATE_STATE_TEXT[r.state][lang] },
    { header: T.code, width: 32, value: (r) => (r.code ? groupedCode(r.code) : '') },
    { header: T.issuedAt, width: 20, type: 'datetime', value: (r) => r.issued_at },
    { header: T.revokedAt, width: 20, type: 'datetime', value: (r) => r.revoked_at },
  ];
  async function* each() {
    yield* rows;
  }
  return xlsxSheet({ name: T.sheet, columns, rows: each() });
}
