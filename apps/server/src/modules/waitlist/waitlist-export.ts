import type { Localized } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import type { WaitlistAdminEntry, WaitlistStatus } from '@meetflow/shared/schemas/waitlist';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';

/** A waiting list as a sheet: the line in order, then what became of the others. */

export const WAITLIST_STATUS_TEXT: Record<WaitlistStatus, Localized> = {
  waiting: { 'zh-tw': '候補中', 'zh-cn': '候补中', en: 'Waiting' },
  offered: { 'zh-tw': '已提供名額', 'zh-cn': '已提供名额', en: 'Offered a seat' },
  promoted: { 'zh-tw': '已轉正', 'zh-cn': '已转正', en: 'Given a seat' },
  expired: { 'zh-tw': '逾期未接受', 'zh-cn': '逾期未接受', en: 'Offer lapsed' },
  declined: { 'zh-tw': '已放棄', 'zh-cn': '已放弃', en: 'Declined' },
  left: { 'zh-tw': '已離開', 'zh-cn': '已离开', en: 'Left the list' },
  removed: { 'zh-tw': '已移除', 'zh-cn': '已移除', en: 'Removed' },
};

const T = {
  sheet: { 'zh-tw': '候補名單', 'zh-cn': '候补名单', en: 'Waiting list' },
  position: { 'zh-tw': '排位', 'zh-cn': '排位', en: 'Position' },
  name: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: 'Name' },
  phone: { 'zh-tw': '手機號碼', 'zh-cn': '手机号码', en: 'Phone' },
  email: { 'zh-tw': '電郵', 'zh-cn': '邮箱', en: 'E-mail' },
  language: { 'zh-tw': '語言', 'zh-cn': '语言', en: 'Language' },
  status: { 'zh-tw': '狀態', 'zh-cn': '状态', en: 'Status' },
  joinedAt: { 'zh-tw': '加入時間', 'zh-cn': '加入时间', en: 'Joined at' },
  offerExpiresAt: { 'zh-tw': '名額保留至', 'zh-cn': '名额保留至', en: 'Offer held until' },
  decidedAt: { 'zh-tw': '處理時間', 'zh-cn': '处理时间', en: 'Left the list at' },
  decidedBy: { 'zh-tw': '處理人', 'zh-cn': '处理人', en: 'By' },
  guestId: { 'zh-tw': '嘉賓編號', 'zh-cn': '嘉宾编号', en: 'Guest ID' },
} satisfies Record<string, Localized>;

export function waitlistSheet(rows: WaitlistAdminEntry[]): PreparedSheet {
  const columns: XlsxColumn<WaitlistAdminEntry>[] = [
    { header: T.position, width: 8, type: 'number', value: (r) => r.position },
    { header: T.name, width: 20, value: (r) => r.display_name },
    // As the guest export writes phones: one format in every file.
    { header: T.phone, width: 18, value: (r) => formatPhone(r.phone, r.area_code) },
    { header: T.email, width: 28, value: (r) => r.email },
    { header: T.language, width: 8, value: (r) => r.language },
    { header: T.status, width: 14, value: (r, lang) => WAITLIST_STATUS_TEXT[r.status][lang] },
    { header: T.joinedAt, width: 20, type: 'datetime', value: (r) => r.joined_at },
    { header: T.offerExpiresAt, width: 20, type: 'datetime', value: (r) => r.offer_expires_at },
    { header: T.decidedAt, width: 20, type: 'datetime', value: (r) => r.decided_at },
    { header: T.decidedBy, width: 14, value: (r) => r.decided_by ?? '' },
    { header: T.guestId, width: 10, type: 'number', value: (r) => r.guest_id },
  ];
  async function* each() {
    yield* rows;
  }
  return xlsxSheet({ name: T.sheet, columns, rows: each() });
}
