import { i18n } from '../../../lib/i18n.ts';

/*
 * Strings of the certificate verification page (section 'verify'), all three languages in its own
 * small chunk: like the unsubscribe page, it knows no meeting and follows the visitor's browser.
 */
const zhTw = {
  language: '語言',
  title: '驗證出席證書',
  intro: '輸入證書上印有的驗證碼，或掃描證書上的二維碼，以確認證書是否真確。',
  codeLabel: '證書驗證碼',
  codeHint: '24 個英文字母及數字，例如 ABCD-EFGH-…；可不輸入連字號，大小寫皆可。',
  codeInvalid: '驗證碼應有 24 個英文字母及數字（現有 {{count}} 個）',
  submit: '驗證',
  checking: '正在查核…',
  valid: '證書真確',
  validHint: '此證書由主辦單位簽發，資料如下。',
  revoked: '此證書已被撤銷',
  revokedOn: '撤銷日期：{{date}}',
  revokedHint: '主辦單位已撤銷此證書，證書不再有效。',
  notFound: '查無此驗證碼的證書',
  notFoundHint: '請核對驗證碼是否與證書上的相同。',
  holder: '持有人',
  meeting: '會議',
  dates: '會議日期',
  issued: '簽發日期',
  code: '驗證碼',
  network: '網絡連線失敗，請檢查網絡後重試',
  failed: '查核失敗，請稍後再試',
  retry: '重試',
  another: '驗證其他證書',
  cmeRecord: '醫生：查看我在各會議的 CME 學分記錄',
};

export type VerifyCatalogue = typeof zhTw;

const zhCn: VerifyCatalogue = {
  language: '语言',
  title: '验证出席证书',
  intro: '输入证书上印有的验证码，或扫描证书上的二维码，以确认证书是否真实。',
  codeLabel: '证书验证码',
  codeHint: '24 个英文字母及数字，例如 ABCD-EFGH-…；可不输入连字符，大小写均可。',
  codeInvalid: '验证码应有 24 个英文字母及数字（现有 {{count}} 个）',
  submit: '验证',
  checking: '正在核查…',
  valid: '证书真实有效',
  validHint: '此证书由主办单位签发，信息如下。',
  revoked: '此证书已被撤销',
  revokedOn: '撤销日期：{{date}}',
  revokedHint: '主办单位已撤销此证书，证书不再有效。',
  notFound: '查无此验证码的证书',
  notFoundHint: '请核对验证码是否与证书上的相同。',
  holder: '持有人',
  meeting: '会议',
  dates: '会议日期',
  issued: '签发日期',
  code: '验证码',
  network: '网络连接失败，请检查网络后重试',
  failed: '核查失败，请稍后再试',
  retry: '重试',
  another: '验证其他证书',
  cmeRecord: '医生：查看我在各会议的 CME 学分记录',
};

const en: VerifyCatalogue = {
  language: 'Language',
  title: 'Verify a certificate of attendance',
  intro: 'Enter the code printed on the certificate, or scan its QR code, to check that it is genuine.',
  codeLabel: 'Certificate code',
  codeHint: '24 letters and digits, e.g. ABCD-EFGH-…; dashes and case do not matter.',
  codeInvalid: 'A code has 24 letters and digits (this one has {{count}})',
  submit: 'Verify',
  checking: 'Checking…',
  valid: 'Genuine certificate',
  validHint: 'This certificate was issued by the organisers, to:',
  revoked: 'This certificate was revoked',
  revokedOn: 'Revoked on {{date}}',
  revokedHint: 'The organisers have revoked this certificate; it is no longer valid.',
  notFound: 'No certificate with this code',
  notFoundHint: 'Check that the code is the same as on the certificate.',
  holder: 'Holder',
  meeting: 'Meeting',
  dates: 'Meeting dates',
  issued: 'Issued on',
  code: 'Code',
  network: 'Network connection failed. Check your connection and try again.',
  failed: 'The check failed, please try again later',
  retry: 'Retry',
  another: 'Verify another certificate',
  cmeRecord: 'Doctors: see my CME record across meetings',
};

export const VERIFY_CATALOGUES = { 'zh-tw': zhTw, 'zh-cn': zhCn, en } as const;

for (const [lang, catalogue] of Object.entries(VERIFY_CATALOGUES)) {
  i18n.addTexts(lang as keyof typeof VERIFY_CATALOGUES, { verify: catalogue }, true);
}
