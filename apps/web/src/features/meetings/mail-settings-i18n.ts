import { registerFeatureCatalogue } from '../../lib/i18n.ts';

/*
 * Strings of the mail settings drawer (section 'meetingMail'), apart from the meeting list's own
 * (i18n.ts): they load with the drawer, not with the back office's first screen.
 */
const zhTw = {
  title: '郵件設定',
  noServer: '未設定郵件伺服器：郵件會在寄件箱中等候發送',
  readOnly: '您沒有編輯會議的權限，只能查看郵件設定。',
  loadFailed: '郵件設定載入失敗',
  confirmationEnabled: '嘉賓報名後發送確認郵件',
  reminder: '提醒郵件',
  reminderEnabled: '發送提醒郵件',
  reminderHours: '提前時數',
  hoursBefore: '小時前',
  reminderHelp: '在會議開始前發送；按日程報名的會議在每個日程開始前發送。可設 1 至 336 小時。',
  lookupCodeByEmail: '手機查詢嘉賓碼時，另需輸入寄到嘉賓電郵的驗證碼',
  lookupCodeByEmailHelp:
    '開啟後，只知道手機號碼不能在簽到頁取得嘉賓碼：嘉賓還要輸入寄到報名電郵的 6 位數驗證碼。適用於嘉賓碼可憑以入場、而手機號碼容易被他人得知的會議（例如公開的講者名單）。沒有電郵地址的嘉賓須由服務台協助。',
  lookupCodeNoServer: '未設定郵件伺服器：開啟後嘉賓收不到驗證碼，無法以手機號碼取得嘉賓碼。',
  texts: '郵件內容',
  textsHelp: '大括號中的佔位符會替換成每位嘉賓的資料。保持預設的內容會隨系統更新。',
  types: {
    confirmation: '報名確認',
    enrolment_update: '日程更新',
    reminder: '會議提醒',
    certificate: '出席證明',
  },
  subject: '主旨',
  body: '內容',
  edited: '已修改',
  isDefault: '預設內容',
  resetDefault: '恢復預設',
  save: '儲存',
  cancel: '取消',
  close: '關閉',
};

type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  title: '邮件设置',
  noServer: '未配置邮件服务器：邮件会在发件箱中等待发送',
  readOnly: '您没有编辑会议的权限，只能查看邮件设置。',
  loadFailed: '邮件设置加载失败',
  confirmationEnabled: '嘉宾报名后发送确认邮件',
  reminder: '提醒邮件',
  reminderEnabled: '发送提醒邮件',
  reminderHours: '提前小时数',
  hoursBefore: '小时前',
  reminderHelp: '在会议开始前发送；按日程报名的会议在每个日程开始前发送。可设 1 至 336 小时。',
  lookupCodeByEmail: '手机查询嘉宾码时，另需输入发送到嘉宾邮箱的验证码',
  lookupCodeByEmailHelp:
    '开启后，仅凭手机号码不能在签到页取得嘉宾码：嘉宾还需输入发送到报名邮箱的 6 位数验证码。适用于嘉宾码可凭以入场、而手机号码容易被他人得知的会议（例如公开的讲者名单）。没有邮箱地址的嘉宾须由服务台协助。',
  lookupCodeNoServer: '未配置邮件服务器：开启后嘉宾收不到验证码，无法凭手机号码取得嘉宾码。',
  texts: '邮件内容',
  textsHelp: '大括号中的占位符会替换为每位嘉宾的信息。保持默认的内容会随系统更新。',
  types: {
    confirmation: '报名确认',
    enrolment_update: '日程更新',
    reminder: '会议提醒',
    certificate: '出席证明',
  },
  subject: '主题',
  body: '正文',
  edited: '已修改',
  isDefault: '默认内容',
  resetDefault: '恢复默认',
  save: '保存',
  cancel: '取消',
  close: '关闭',
};

const en: Catalogue = {
  title: 'Mail settings',
  noServer: 'No mail server configured: messages wait in the outbox',
  readOnly: 'You can view these settings but not change them (no permission to edit meetings).',
  loadFailed: 'The mail settings could not be loaded',
  confirmationEnabled: 'Send a confirmation on sign-up',
  reminder: 'Reminder',
  reminderEnabled: 'Send a reminder',
  reminderHours: 'Hours before the start',
  hoursBefore: 'hours before the start',
  reminderHelp:
    'Sent before the meeting starts, or before each session for date-schedule meetings: 1 to 336 hours.',
  lookupCodeByEmail: "Phone look-up also needs a code sent to the guest's e-mail",
  lookupCodeByEmailHelp:
    'When on, a phone number alone no longer opens a guest code on the check-in page: the guest also enters a 6-digit code sent to the address they signed up with. Use it when the guest code lets people in and phone numbers are easy to come by (a published speaker list, for example). Guests without an e-mail address are helped at the desk.',
  lookupCodeNoServer:
    'No mail server configured: with this on, guests get no code and cannot look up their guest code by phone.',
  texts: 'Texts',
  textsHelp:
    "Placeholders in braces are replaced with each guest's details. Texts left as the default follow the product's wording when it changes.",
  types: {
    confirmation: 'Confirmation',
    enrolment_update: 'Session update',
    reminder: 'Reminder',
    certificate: 'Certificate',
  },
  subject: 'Subject',
  body: 'Body',
  edited: 'Edited',
  isDefault: 'Default text',
  resetDefault: 'Reset to default',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
};

registerFeatureCatalogue('meetingMail', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
