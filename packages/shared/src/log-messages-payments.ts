/**
 * System-log messages of paid registration (issue 44), spread into LOG_MESSAGES (log-messages.ts);
 * apart only for the catalogue's length. Amounts are given formatted with their currency.
 */
export const PAYMENT_LOG_MESSAGES = {
  'payments.settings_updated': {
    'zh-tw': '更新會議 #{meeting_id}（{meeting_name}）的收費設定：{changes}',
    'zh-cn': '更新会议 #{meeting_id}（{meeting_name}）的收费设置：{changes}',
    en: 'Updated the payment settings of meeting #{meeting_id} ({meeting_name}): {changes}',
  },
  'payments.account_updated': {
    'zh-tw': '更新組織 #{organization_id} 的收款帳戶',
    'zh-cn': '更新组织 #{organization_id} 的收款账户',
    en: 'Updated the payment account of organisation #{organization_id}',
  },
  'payments.price_saved': {
    'zh-tw': '儲存會議 #{meeting_id} 的收費項目 #{price_item_id}（{amount}）',
    'zh-cn': '保存会议 #{meeting_id} 的收费项目 #{price_item_id}（{amount}）',
    en: 'Saved price #{price_item_id} ({amount}) of meeting #{meeting_id}',
  },
  'payments.price_retired': {
    'zh-tw': '停用會議 #{meeting_id} 的收費項目 #{price_item_id}',
    'zh-cn': '停用会议 #{meeting_id} 的收费项目 #{price_item_id}',
    en: 'Retired price #{price_item_id} of meeting #{meeting_id}',
  },
  'payments.price_deleted': {
    'zh-tw': '刪除會議 #{meeting_id} 的收費項目 #{price_item_id}',
    'zh-cn': '删除会议 #{meeting_id} 的收费项目 #{price_item_id}',
    en: 'Deleted price #{price_item_id} of meeting #{meeting_id}',
  },
  'payments.code_saved': {
    'zh-tw': '儲存會議 #{meeting_id} 的優惠碼 {code}',
    'zh-cn': '保存会议 #{meeting_id} 的优惠码 {code}',
    en: 'Saved discount code {code} of meeting #{meeting_id}',
  },
  'payments.code_deleted': {
    'zh-tw': '刪除會議 #{meeting_id} 的優惠碼 {code}',
    'zh-cn': '删除会议 #{meeting_id} 的优惠码 {code}',
    en: 'Deleted discount code {code} of meeting #{meeting_id}',
  },
  'payments.order_created': {
    'zh-tw': '嘉賓 #{guest_id} 的訂單 {reference}：{amount}，保留座位至 {hold_until}',
    'zh-cn': '嘉宾 #{guest_id} 的订单 {reference}：{amount}，保留座位至 {hold_until}',
    en: 'Order {reference} of guest #{guest_id}: {amount}, seat held until {hold_until}',
  },
  'payments.order_expired': {
    'zh-tw': '訂單 {reference} 逾期未付款，已釋出座位',
    'zh-cn': '订单 {reference} 逾期未付款，已释放座位',
    en: 'Order {reference} was not paid in time: its seat was freed',
  },
  'payments.order_cancelled': {
    'zh-tw': '取消訂單 {reference}',
    'zh-cn': '取消订单 {reference}',
    en: 'Cancelled order {reference}',
  },
  'payments.payment_received': {
    'zh-tw': '訂單 {reference} 收到付款 {amount}（{method}）',
    'zh-cn': '订单 {reference} 收到付款 {amount}（{method}）',
    en: 'Order {reference} received a payment of {amount} ({method})',
  },
  'payments.payment_late': {
    'zh-tw': '訂單 {reference} 在保留期後收到付款 {amount}：{outcome}',
    'zh-cn': '订单 {reference} 在保留期后收到付款 {amount}：{outcome}',
    en: 'Order {reference} was paid {amount} after its hold expired: {outcome}',
  },
  'payments.refunded': {
    'zh-tw': '訂單 {reference} 退款 {amount}',
    'zh-cn': '订单 {reference} 退款 {amount}',
    en: 'Refunded {amount} of order {reference}',
  },
  'payments.receipt_issued': {
    'zh-tw': '發出收據 {number}（訂單 {reference}）',
    'zh-cn': '开出收据 {number}（订单 {reference}）',
    en: 'Issued receipt {number} (order {reference})',
  },
  'payments.statement_imported': {
    'zh-tw': '匯入會議 #{meeting_id} 的銀行月結單：{paid} 筆付款入帳，{skipped} 筆略過',
    'zh-cn': '导入会议 #{meeting_id} 的银行对账单：{paid} 笔付款入账，{skipped} 笔略过',
    en: 'Imported a bank statement for meeting #{meeting_id}: {paid} payments recorded, {skipped} skipped',
  },
  'payments.proof_uploaded': {
    'zh-tw': '嘉賓上載了訂單 {reference} 的付款證明',
    'zh-cn': '嘉宾上传了订单 {reference} 的付款证明',
    en: 'The guest uploaded a proof of payment for order {reference}',
  },
  'payments.exported': {
    'zh-tw': '匯出會議 #{meeting_id} 的付款紀錄',
    'zh-cn': '导出会议 #{meeting_id} 的付款记录',
    en: 'Exported the payments of meeting #{meeting_id}',
  },
  'payments.receipt_downloaded': {
    'zh-tw': '下載收據 {number}（訂單 {reference}）',
    'zh-cn': '下载收据 {number}（订单 {reference}）',
    en: 'Downloaded receipt {number} (order {reference})',
  },
  'payments.credit_note_issued': {
    'zh-tw': '發出退款單 {number}（訂單 {reference}）',
    'zh-cn': '开出退款单 {number}（订单 {reference}）',
    en: 'Issued credit note {number} (order {reference})',
  },
  'payments.stripe_checkout': {
    'zh-tw': '訂單 {reference} 前往 Stripe 付款 {amount}',
    'zh-cn': '订单 {reference} 前往 Stripe 付款 {amount}',
    en: 'Order {reference} went to Stripe to pay {amount}',
  },
  'payments.stripe_refund_recorded': {
    'zh-tw': '訂單 {reference} 在 Stripe 退款 {amount}，已記錄',
    'zh-cn': '订单 {reference} 在 Stripe 退款 {amount}，已记录',
    en: 'Recorded a refund of {amount} made in Stripe for order {reference}',
  },
  'payments.payer_updated': {
    'zh-tw': '嘉賓更改了訂單 {reference} 的收據抬頭（{payer_kind}）',
    'zh-cn': '嘉宾更改了订单 {reference} 的收据抬头（{payer_kind}）',
    en: 'The guest changed who the receipt of order {reference} is made out to ({payer_kind})',
  },
  'payments.proof_downloaded': {
    'zh-tw': '下載訂單 {reference} 的付款證明',
    'zh-cn': '下载订单 {reference} 的付款证明',
    en: 'Downloaded the proof of payment of order {reference}',
  },
  'payments.fields_changed': {
    'zh-tw': '變更了 {fields}',
    'zh-cn': '变更了 {fields}',
    en: 'changed {fields}',
  },
  'payments.order_refund_due': {
    'zh-tw': '訂單 {reference} 未付清（已收 {amount}），已釋出座位，待退款',
    'zh-cn': '订单 {reference} 未付清（已收 {amount}），已释放座位，待退款',
    en: 'Order {reference} was not paid in full ({amount} received): its seat was freed, refund due',
  },
} as const;
