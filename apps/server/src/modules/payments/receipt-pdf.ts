import { LANGUAGES, type Language, type Localized } from '@meetflow/shared/languages';
import { formatAmount } from '@meetflow/shared/schemas/payments';
import type { ListingInput } from '../certificates/listing-pdf.ts';
import type { ReceiptContent } from './receipts.ts';

/*
 * A receipt or credit note as a listing, drawn by the certificates' PDF worker (Noto Sans TC/SC
 * embedded as subsets). Trilingual: every label, the meeting's name and each line's description are
 * printed in the guest's language first and then in the other two (a text the same in two languages
 * once), so an accountant in Macao, Hong Kong, Taiwan or the mainland reads the same document. It
 * is drawn from the receipt's frozen content alone: every download is the same receipt.
 */

const T = {
  receipt: { 'zh-tw': '收據', 'zh-cn': '收据', en: 'Receipt' },
  credit_note: { 'zh-tw': '退款單', 'zh-cn': '退款单', en: 'Credit note' },
  number: { 'zh-tw': '編號', 'zh-cn': '编号', en: 'No.' },
  date: { 'zh-tw': '日期', 'zh-cn': '日期', en: 'Date' },
  payer: { 'zh-tw': '抬頭', 'zh-cn': '抬头', en: 'Made out to' },
  attendee: { 'zh-tw': '參加者', 'zh-cn': '参加者', en: 'Attendee' },
  meeting: { 'zh-tw': '會議', 'zh-cn': '会议', en: 'Meeting' },
  reference: { 'zh-tw': '訂單參考編號', 'zh-cn': '订单参考编号', en: 'Order reference' },
  method: { 'zh-tw': '付款方式', 'zh-cn': '付款方式', en: 'Paid by' },
  refundMethod: { 'zh-tw': '退款方式', 'zh-cn': '退款方式', en: 'Refunded by' },
  refersTo: { 'zh-tw': '原收據', 'zh-cn': '原收据', en: 'Refers to receipt' },
  orderTotal: { 'zh-tw': '訂單總額', 'zh-cn': '订单总额', en: 'Order total' },
  item: { 'zh-tw': '項目', 'zh-cn': '项目', en: 'Item' },
  price: { 'zh-tw': '金額', 'zh-cn': '金额', en: 'Price' },
  discount: { 'zh-tw': '折扣', 'zh-cn': '折扣', en: 'Discount' },
  net: { 'zh-tw': '小計', 'zh-cn': '小计', en: 'Net' },
  received: { 'zh-tw': '實收金額', 'zh-cn': '实收金额', en: 'Amount received' },
  refunded: { 'zh-tw': '退款金額', 'zh-cn': '退款金额', en: 'Amount refunded' },
  erased: { 'zh-tw': '（已刪除）', 'zh-cn': '（已删除）', en: '(erased)' },
  footer: {
    'zh-tw': '本文件由電腦發出，毋須簽署',
    'zh-cn': '本文件由电脑开具，无需签署',
    en: 'Computer-generated; no signature required',
  },
} satisfies Record<string, Localized>;

const METHODS: Record<string, Localized> = {
  transfer: { 'zh-tw': '銀行轉帳', 'zh-cn': '银行转账', en: 'Bank transfer' },
  statement: { 'zh-tw': '銀行轉帳', 'zh-cn': '银行转账', en: 'Bank transfer' },
  fps: { 'zh-tw': '轉數快', 'zh-cn': '转数快', en: 'FPS' },
  stripe: {
    'zh-tw': '網上付款（信用卡、支付寶、微信支付）',
    'zh-cn': '网上支付（信用卡、支付宝、微信支付）',
    en: 'Online (card, Alipay, WeChat Pay)',
  },
  cash: { 'zh-tw': '現金', 'zh-cn': '现金', en: 'Cash' },
  card_terminal: { 'zh-tw': '信用卡（櫃檯）', 'zh-cn': '信用卡（柜台）', en: 'Card (at the desk)' },
};

/** The guest's language first, then the others in the product's order. */
function order(first: Language): Language[] {
  return [first, ...LANGUAGES.filter((l) => l !== first)];
}

/** A text in the three languages, the guest's first, each distinct non-empty one once: 'a / b / c'. */
export function trilingual(text: Localized, first: Language, separator = ' / '): string {
  const seen: string[] = [];
  for (const lang of order(first)) {
    const value = text[lang].trim();
    if (value && !seen.includes(value)) seen.push(value);
  }
  return seen.join(separator);
}

/** 'Label / 標籤：value' with the colon of the language printed first. */
function line(label: Localized, value: string, first: Language): string {
  return `${trilingual(label, first)}${first === 'en' ? ': ' : '：'}${value}`;
}

const money = (currency: string, minor: number) => `${currency} ${formatAmount(minor)}`;

export function receiptListing(content: ReceiptContent): ListingInput {
  const lang = content.language;
  const credit = content.kind === 'credit_note';
  const { payer } = content;
  const erased = trilingual(T.erased, lang);
  const name = payer.name || erased;
  const madeOutTo = payer.kind === 'institution' ? payer.institution || erased : name;
  // The issuer's name and address as the organisation wrote them, each distinct language once.
  const issuerText = trilingual(content.issuer.text, lang, '\n');
  const methods = content.method
    .split(',')
    .map((m) => (METHODS[m] ? trilingual(METHODS[m], lang) : m))
    .join(', ');
  // The issuer's own words when the organisation wrote them, else its name.
  const issuerName = content.issuer.text[lang].split('\n')[0]?.trim() || content.issuer.organization;
  const lines = [
    issuerText || content.issuer.organization,
    '',
    line(T.number, content.number, lang),
    line(T.date, content.issued_on, lang),
    line(T.payer, madeOutTo, lang),
    ...(payer.kind === 'institution' ? [line(T.attendee, name, lang)] : []),
    line(T.meeting, trilingual(content.meeting, lang), lang),
    line(T.reference, content.order_reference, lang),
    line(credit ? T.refundMethod : T.method, methods, lang),
    ...(credit && content.refers_to.length > 0 ? [line(T.refersTo, content.refers_to.join(', '), lang)] : []),
    ...(content.amount !== content.order_total || credit
      ? [line(T.orderTotal, money(content.currency, content.order_total), lang)]
      : []),
  ];
  const columnHeader = (label: Localized) => trilingual(label, lang);
  return {
    language: lang,
    title: trilingual(credit ? T.credit_note : T.receipt, lang),
    lines,
    columns: [
      { header: columnHeader(T.item), share: 46 },
      { header: `${columnHeader(T.price)} (${content.currency})`, share: 18, align: 'right' },
      { header: columnHeader(T.discount), share: 18, align: 'right' },
      { header: columnHeader(T.net), share: 18, align: 'right' },
    ],
    rows: content.lines.map((l) => [
      trilingual(l.description, lang),
      formatAmount(l.amount),
      l.discount > 0 ? `-${formatAmount(l.discount)}` : '—',
      formatAmount(l.amount - l.discount),
    ]),
    closing: line(credit ? T.refunded : T.received, money(content.currency, content.amount), lang),
    footer: [issuerName, content.number, T.footer[lang], ...(lang === 'en' ? [] : [T.footer.en])].join(' · '),
  };
}

/** The file's name: the receipt's number, nothing personal. */
export function receiptFileName(content: Pick<ReceiptContent, 'number'>): string {
  return `${content.number}.pdf`;
}
