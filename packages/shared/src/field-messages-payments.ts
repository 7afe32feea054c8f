import type { Localized } from './languages.ts';

/**
 * The field messages of paid registration (issue 44), spread into FIELD_MESSAGES (field-messages.ts);
 * apart only for the catalogue's length. Add new keys at the end.
 */
export const PAYMENT_FIELD_MESSAGES = {
  amountRequired: { 'zh-tw': '請輸入金額', 'zh-cn': '请输入金额', en: 'Please enter the amount' },
  amountInvalid: {
    'zh-tw': '金額須為不小於 0 的數目，最多兩位小數',
    'zh-cn': '金额须为不小于 0 的数目，最多两位小数',
    en: 'An amount of 0 or more, with at most two decimals',
  },
  discountCodeFormat: {
    'zh-tw': '優惠碼須為 3 至 40 個英文字母、數字、_ 或 -',
    'zh-cn': '优惠码须为 3 至 40 个英文字母、数字、_ 或 -',
    en: 'A code of 3 to 40 letters, digits, _ or -',
  },
  discountCodeTaken: {
    'zh-tw': '此會議已有相同的優惠碼',
    'zh-cn': '此会议已有相同的优惠码',
    en: 'This meeting already has that code',
  },
  discountPercentRange: {
    'zh-tw': '百分比須為 1 至 100',
    'zh-cn': '百分比须为 1 至 100',
    en: 'A percentage from 1 to 100',
  },
  discountItemNotInMeeting: {
    'zh-tw': '所選收費項目不屬於此會議',
    'zh-cn': '所选收费项目不属于此会议',
    en: 'A chosen price does not belong to this meeting',
  },
  validUntilBeforeFrom: {
    'zh-tw': '結束時間須在開始時間之後',
    'zh-cn': '结束时间须在开始时间之后',
    en: 'The end must come after the start',
  },
  maxUsesBelowUsed: {
    'zh-tw': '不能少於已使用的次數（0 表示不限）',
    'zh-cn': '不能少于已使用的次数（0 表示不限）',
    en: 'At least the number of uses so far (0: no maximum)',
  },
  priceNameRequired: {
    'zh-tw': '請輸入票種名稱（至少繁體中文）',
    'zh-cn': '请输入票种名称（至少繁体中文）',
    en: 'Name the ticket (at least in Traditional Chinese)',
  },
  priceUserTypeTaken: {
    'zh-tw': '此報名類型已有收費項目',
    'zh-cn': '此报名类型已有收费项目',
    en: 'This registration type already has a price',
  },
  priceSessionTaken: {
    'zh-tw': '此場次已有收費項目',
    'zh-cn': '此场次已有收费项目',
    en: 'This session already has a price',
  },
  earlyBirdIncomplete: {
    'zh-tw': '早鳥價與早鳥截止日須同時填寫',
    'zh-cn': '早鸟价与早鸟截止日须同时填写',
    en: 'Give the early-bird price and its last day together',
  },
  earlyAmountNotLower: {
    'zh-tw': '早鳥價須低於正價',
    'zh-cn': '早鸟价须低于正价',
    en: 'The early-bird price must be lower than the price',
  },
  fpsNeedsHkd: {
    'zh-tw': '轉數快只適用於港元收費',
    'zh-cn': '转数快只适用于港元收费',
    en: 'FPS takes Hong Kong dollars only',
  },
  fpsNeedsProxy: {
    'zh-tw': '請先在組織的收款帳戶設定轉數快識別碼',
    'zh-cn': '请先在组织的收款账户设置转数快识别码',
    en: "Set an FPS proxy in the organisation's payment account first",
  },
  stripeNotConfigured: {
    'zh-tw': '此伺服器未設定 Stripe 網上付款',
    'zh-cn': '此服务器未配置 Stripe 在线支付',
    en: 'Stripe is not configured on this server',
  },
  fpsIdFormat: {
    'zh-tw': '轉數快識別碼須為 7 至 9 位數字',
    'zh-cn': '转数快识别码须为 7 至 9 位数字',
    en: 'An FPS ID has 7 to 9 digits',
  },
  fpsMobileFormat: {
    'zh-tw': '香港手提電話號碼：+852 加 8 位數字',
    'zh-cn': '香港手机号码：+852 加 8 位数字',
    en: 'A Hong Kong mobile number: +852 and 8 digits',
  },
  fpsProxyRequired: {
    'zh-tw': '請輸入轉數快識別碼、手提電話或電郵',
    'zh-cn': '请输入转数快识别码、手机号码或电邮',
    en: 'Enter the FPS ID, mobile number or e-mail address',
  },
  fpsProxyTypeRequired: {
    'zh-tw': '請選擇轉數快收款方式',
    'zh-cn': '请选择转数快收款方式',
    en: 'Choose the kind of FPS proxy',
  },
  fpsEmailTooLong: {
    'zh-tw': '轉數快電郵地址最多 79 個字元',
    'zh-cn': '转数快电邮地址最多 79 个字符',
    en: 'An FPS e-mail address has at most 79 characters',
  },
  emvAsciiOnly: {
    'zh-tw': '轉數快二維碼只接受英文字母、數字及英文標點',
    'zh-cn': '转数快二维码只接受英文字母、数字及英文标点',
    en: 'FPS QR codes take English letters, digits and punctuation only',
  },
} as const satisfies Record<string, Localized>;
