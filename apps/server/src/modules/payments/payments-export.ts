import type { Localized } from '@meetflow/shared/languages';
import { MINOR_PER_MAJOR, receiptNumber, type RecordedMethod } from '@meetflow/shared/schemas/payments';
import type { Db } from '../../db/database.ts';
import { keysetRows } from '../../lib/export-pipeline.ts';
import { xlsxSheet, type PreparedSheet, type XlsxColumn } from '../../lib/xlsx-export.ts';
import { paymentsForExport, type ExportPaymentRow } from './payments.repository.ts';

/*
 * The accountant's file of a meeting (issue 44): one row per payment and per refund, oldest
 * first, in the export pipeline's keyset batches. Amounts in major units as numbers shown with two
 * decimals, refunds negative, so that a column's sum is what the meeting kept.
 */

export const PAYMENTS_EXPORT_TEXT = {
  sheet: { 'zh-tw': '付款紀錄', 'zh-cn': '付款记录', en: 'Payments' },
  date: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Date' },
  kind: { 'zh-tw': '類別', 'zh-cn': '类别', en: 'Type' },
  reference: { 'zh-tw': '訂單編號', 'zh-cn': '订单编号', en: 'Order reference' },
  guest: { 'zh-tw': '嘉賓', 'zh-cn': '嘉宾', en: 'Guest' },
  institution: { 'zh-tw': '機構', 'zh-cn': '机构', en: 'Institution' },
  method: { 'zh-tw': '付款方式', 'zh-cn': '付款方式', en: 'Method' },
  amount: { 'zh-tw': '金額', 'zh-cn': '金额', en: 'Amount' },
  currency: { 'zh-tw': '貨幣', 'zh-cn': '货币', en: 'Currency' },
  receipt: { 'zh-tw': '收據／退款單編號', 'zh-cn': '收据／退款单编号', en: 'Receipt / credit note' },
  recordedBy: { 'zh-tw': '經手人', 'zh-cn': '经手人', en: 'Recorded by' },
  payment: { 'zh-tw': '付款', 'zh-cn': '付款', en: 'Payment' },
  refund: { 'zh-tw': '退款', 'zh-cn': '退款', en: 'Refund' },
} as const satisfies Record<string, Localized>;

export const METHOD_TEXT: Record<RecordedMethod, Localized> = {
  transfer: { 'zh-tw': '銀行轉帳', 'zh-cn': '银行转账', en: 'Bank transfer' },
  fps: { 'zh-tw': '轉數快', 'zh-cn': '转数快', en: 'FPS' },
  stripe: { 'zh-tw': '網上付款', 'zh-cn': '网上付款', en: 'Online (card, Alipay, WeChat Pay)' },
  cash: { 'zh-tw': '現金', 'zh-cn': '现金', en: 'Cash' },
  card_terminal: { 'zh-tw': '刷卡機', 'zh-cn': '刷卡机', en: 'Card terminal' },
  statement: { 'zh-tw': '銀行月結單', 'zh-cn': '银行对账单', en: 'Bank statement' },
};

const T = PAYMENTS_EXPORT_TEXT;

const COLUMNS: XlsxColumn<ExportPaymentRow>[] = [
  { header: T.date, width: 20, type: 'datetime', value: (p) => p.created_at },
  { header: T.kind, width: 8, value: (p, lang) => T[p.kind][lang] },
  { header: T.reference, width: 14, value: (p) => p.reference },
  {
    header: T.guest,
    width: 20,
    value: (p) => p.name || p.name_zh || p.name_en || p.payer_name,
  },
  {
    header: T.institution,
    width: 28,
    value: (p) => (p.payer_kind === 'institution' && p.payer_institution) || p.institution || p.organization,
  },
  {
    header: T.method,
    width: 16,
    value: (p, lang) => METHOD_TEXT[p.method as RecordedMethod]?.[lang] ?? p.method,
  },
  {
    header: T.amount,
    width: 14,
    type: 'amount',
    value: (p) => ((p.kind === 'refund' ? -1 : 1) * p.amount) / MINOR_PER_MAJOR,
  },
  { header: T.currency, width: 8, value: (p) => p.currency },
  {
    header: T.receipt,
    width: 18,
    value: (p) =>
      p.receipt_kind && p.receipt_year !== null && p.receipt_number !== null
        ? receiptNumber(p.receipt_kind, p.receipt_year, p.receipt_number)
        : null,
  },
  { header: T.recordedBy, width: 16, value: (p) => p.recorded_by },
];

/** The meeting's payments and refunds as one sheet, read in keyset batches as the file streams. */
export function paymentsSheet(db: Db, meetingId: number): PreparedSheet {
  return xlsxSheet({
    name: T.sheet,
    columns: COLUMNS,
    rows: keysetRows((last: ExportPaymentRow | undefined, size) =>
      paymentsForExport(db, meetingId, last?.id ?? 0, size),
    ),
  });
}
