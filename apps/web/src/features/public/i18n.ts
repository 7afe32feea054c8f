import type { Language } from '@meetflow/shared/languages';
import { i18n } from '../../lib/i18n.ts';

/**
 * Strings of the visitor pages (section 'pub'). zh-tw ships with the pages; zh-cn and en load on
 * demand (about 2 KB gzip saved on the sign-up page). Not registerFeatureCatalogue, which takes all
 * three languages at once: ensurePublicStrings adds a language's section before the page shows it.
 */
const zhTw = {
  language: '語言',
  loading: '載入中…',
  retry: '重試',
  noMeeting: '查無會議資訊',
  loadFailed: '載入失敗，請檢查網絡後重試',
  networkError: '網絡連線失敗，請稍後再試',
  closedTitle: '報名已關閉',
  full: '報名人數已滿，感謝關注！',
  time: '時間',
  location: '地點',
  required: '必填',
  optional: '選填',
  pleaseSelect: '請選擇',
  errorSummary_other: '請修正以下 {{count}} 項資料：',
  name: '姓名',
  gender: '性別',
  male: '男',
  female: '女',
  localGuest: '是否澳門本地嘉賓',
  yes: '是',
  no: '否',
  areaCode: '區號',
  area86: '+86 中國內地',
  area852: '+852 香港',
  area853: '+853 澳門',
  area886: '+886 台灣',
  phone: '手機號碼',
  email: '電郵',
  institution: '機構名稱',
  jobTitle: '職位',
  contactName: '聯絡人姓名',
  contactNumber: '聯絡電話（機構）',
  contactPhone: '聯絡人手機',
  nameZh: '中文姓名',
  nameEn: '英文姓名',
  naHint: '如不適用請填寫 NA',
  organization: '機構',
  userType: '報名類型',
  licenseNumber: '執業編號／證書編號',
  other: '其他',
  academyMember: '是否學會會員／院士',
  collegeCategory: '專科類別',
  next: '下一步',
  back: '上一步',
  chooseSessions: '選擇日程',
  chooseSessionsHint: '請選擇您要參加的日程（可多選）。',
  seatsLeft_other: '尚餘 {{count}} 個名額',
  unlimited: '名額不限',
  sessionFull: '已滿',
  noSessions: '此報名類型暫無可報名的日程',
  confirmSignUp: '確認報名？',
  confirm: '確認',
  cancel: '取消',
  submitting: '提交中…',
  alreadySignedUpGo: '前往簽到取碼',
  err: {
    nameRequired: '請輸入姓名',
    genderRequired: '請選擇性別',
    localGuestRequired: '請選擇是否澳門本地嘉賓',
    areaCodeRequired: '請選擇區號',
    phoneRequired: '請輸入手機號碼',
    phoneInvalid: '手機號碼無效',
    emailRequired: '請輸入電郵',
    emailInvalid: '電郵格式不正確',
    contactNumberRequired: '請輸入聯絡電話',
    contactPhoneRequired: '請輸入聯絡人手機',
    nameZhRequired: '請輸入中文姓名或 NA',
    nameEnRequired: '請輸入英文姓名或 NA',
    userTypeRequired: '請選擇報名類型',
    licenseNumberRequired: '請輸入執業編號或 NA',
    scheduleRequired: '請至少選擇一個日程',
    codeRequired: '請輸入驗證碼',
    codeInvalid: '驗證碼為 6 位數字',
  },
  invalidInfo: '資料無效',
  guestCode: '嘉賓碼',
  sessions: '日程',
  viewToggle: '顯示內容',
  qrLabel: '嘉賓二維碼',
  qrFailed: '二維碼生成失敗',
  guide: '會議指南',
  schedule: '會議日程',
  goBack: '返回',
  signedUpAt: '報名時間',
  search: '搜尋日程',
  searchPlaceholder: '輸入關鍵字',
  enrolled: '已報名日程',
  canEnroll: '可報名日程',
  none: '暫無資料',
  noMatch: '沒有符合的資料',
  enrol: '報名',
  cancelEnrol: '取消報名',
  keepEnrol: '保留報名',
  confirmEnrol: '確認報名此日程？',
  confirmCancel: '確認取消此日程？',
  operationSuccess: '操作成功！',
  noSchedule: '尚未上傳會議日程',
  noGuide: '尚未上傳會議指南',
  pdfFailed: '文件載入失敗',
  pdfPage: '第 {{page}} 頁，共 {{total}} 頁',
  zoomHint: '可用雙指放大查看（最多 10 倍）',
  download: '下載 PDF 檔案',
  zoneNote: '時間為會議當地時間（{{zone}}，{{offset}}）',
  lookupCode: {
    title: '輸入電郵驗證碼',
    sent: '我們已把 6 位數驗證碼寄到 {{email}}。',
    hint: '驗證碼在 10 分鐘內有效。數分鐘內仍未收到，請查看垃圾郵件夾。',
    label: '驗證碼',
    fieldHint: '6 位數字',
    submit: '確認',
    resend: '重新寄送驗證碼',
    resent: '已再次要求寄送驗證碼到 {{email}}，請稍候片刻。',
    otherNumber: '使用其他手機號碼',
  },
  codeByEmail: {
    title: '以電郵取得嘉賓碼',
    intro: '輸入報名時填寫的電郵地址，我們會把嘉賓碼寄給您。',
    submit: '寄送嘉賓碼',
    sent: '如此電郵地址曾用於報名，嘉賓碼已在寄送途中。',
    sentHint: '數分鐘內仍未收到，請查看垃圾郵件夾。',
  },
  certificate: {
    title: '出席證書',
    timePresent: '出席時間',
    duration: '{{hours}} 小時 {{minutes}} 分鐘',
    minutes: '{{minutes}} 分鐘',
    credits: '學分',
    download: '下載證書（PDF）',
    downloading: '正在準備證書…',
    downloaded: '證書已下載。',
    notEarned: '尚未取得證書：達到主辦單位訂定的出席要求後，即可在此下載。',
    revoked: '此證書已被主辦單位撤銷。',
    failed: '證書下載失敗，請稍後再試',
  },
};

export type PublicCatalogue = typeof zhTw;

const SECTION = 'pub';
const loaders: Record<Exclude<Language, 'zh-tw'>, () => Promise<{ default: PublicCatalogue }>> = {
  'zh-cn': () => import('./i18n-zh-cn.ts'),
  en: () => import('./i18n-en.ts'),
};
const loaded = new Set<Language>(['zh-tw']);

function add(lang: Language, catalogue: PublicCatalogue) {
  i18n.addTexts(lang, { [SECTION]: catalogue }, true);
  loaded.add(lang);
}

add('zh-tw', zhTw);

/** Adds the visitor pages' strings of `lang` (no-op once loaded). */
export async function ensurePublicStrings(lang: Language): Promise<void> {
  if (loaded.has(lang) || lang === 'zh-tw') return;
  const { default: catalogue } = await loaders[lang]();
  add(lang, catalogue);
}

/** All three catalogues, for the unit test that keeps them complete. */
export async function allPublicCatalogues(): Promise<Record<Language, PublicCatalogue>> {
  const [zhCn, en] = await Promise.all([loaders['zh-cn'](), loaders.en()]);
  return { 'zh-tw': zhTw, 'zh-cn': zhCn.default, en: en.default };
}

export type PublicErrorKey = keyof PublicCatalogue['err'];
