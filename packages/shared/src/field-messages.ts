import type { Language, Localized } from './languages.ts';
import { FORM_RULE_MESSAGES } from './form-messages.ts';
import { PAYMENT_FIELD_MESSAGES } from './field-messages-payments.ts';
import { APPROVAL_FIELD_MESSAGES } from './field-messages-approval.ts';
import { INVITATION_FIELD_MESSAGES } from './field-messages-invitations.ts';
import { MEMBER_FIELD_MESSAGES } from './field-messages-members.ts';
import { GROUP_FIELD_MESSAGES } from './field-messages-groups.ts';
import { WALK_IN_FIELD_MESSAGES } from './field-messages-walk-ins.ts';

/** Field-level validation messages, keyed by what went wrong. `{n}` is replaced by a bound. */
export const FIELD_MESSAGES = {
  ...FORM_RULE_MESSAGES,
  tooShort: { 'zh-tw': '至少 {n} 個字元', 'zh-cn': '至少 {n} 个字符', en: 'At least {n} characters' },
  tooLong: { 'zh-tw': '最多 {n} 個字元', 'zh-cn': '最多 {n} 个字符', en: 'At most {n} characters' },
  tooSmall: { 'zh-tw': '不能小於 {n}', 'zh-cn': '不能小于 {n}', en: 'Must be at least {n}' },
  tooBig: { 'zh-tw': '不能大於 {n}', 'zh-cn': '不能大于 {n}', en: 'Must be at most {n}' },
  invalidType: { 'zh-tw': '格式不正確', 'zh-cn': '格式不正确', en: 'Invalid value' },
  invalidOption: { 'zh-tw': '選項不正確', 'zh-cn': '选项不正确', en: 'Not one of the allowed values' },
  unknownField: { 'zh-tw': '不允許的欄位', 'zh-cn': '不允许的字段', en: 'Unknown field' },
  accountRequired: { 'zh-tw': '請輸入帳號', 'zh-cn': '请输入账号', en: 'Please enter the account' },
  passwordRequired: { 'zh-tw': '請輸入密碼', 'zh-cn': '请输入密码', en: 'Please enter the password' },
  captchaRequired: {
    'zh-tw': '請輸入驗證碼',
    'zh-cn': '请输入验证码',
    en: 'Please enter the verification code',
  },
  accountFormat: {
    'zh-tw': '帳號須為 3 至 64 個字元，只可使用英文字母、數字及 _ . -',
    'zh-cn': '账号须为 3 至 64 个字符，只可使用英文字母、数字及 _ . -',
    en: 'The account needs 3 to 64 characters: letters, digits, _ . or -',
  },
  tokenNameRequired: {
    'zh-tw': '請輸入權杖名稱',
    'zh-cn': '请输入令牌名称',
    en: 'Please name the token',
  },
  tokenPermissionsRequired: {
    'zh-tw': '請至少選擇一項權限',
    'zh-cn': '请至少选择一项权限',
    en: 'Choose at least one permission',
  },
  tokenPermissionNotHeld: {
    'zh-tw': '權杖不能擁有您本身沒有的權限',
    'zh-cn': '令牌不能拥有您本身没有的权限',
    en: 'A token cannot have a permission you do not hold',
  },
  tokenExpiryInvalid: {
    'zh-tw': '到期日須在今天之後，且不超過十年',
    'zh-cn': '到期日须在今天之后，且不超过十年',
    en: 'The expiry must be in the future and within ten years',
  },
  webhookUrlRequired: {
    'zh-tw': '請輸入接收網址',
    'zh-cn': '请输入接收网址',
    en: 'Please enter the receiving URL',
  },
  webhookUrlInvalid: {
    'zh-tw': '網址須以 http:// 或 https:// 開頭',
    'zh-cn': '网址须以 http:// 或 https:// 开头',
    en: 'The URL must start with http:// or https://',
  },
  webhookUrlPrivate: {
    'zh-tw': '此網址不是可連線的公開位址（不可傳送至本機、內部網絡或保留位址）',
    'zh-cn': '此网址不是可连接的公开地址（不可发送至本机、内部网络或保留地址）',
    en: 'The URL must lead to a public address (not loopback, private or link-local)',
  },
  webhookEventsRequired: {
    'zh-tw': '請至少選擇一種事件',
    'zh-cn': '请至少选择一种事件',
    en: 'Choose at least one event',
  },
  nameRequired: { 'zh-tw': '請輸入名稱', 'zh-cn': '请输入名称', en: 'Please enter the name' },
  organizationNameRequired: {
    'zh-tw': '請輸入組織名稱',
    'zh-cn': '请输入组织名称',
    en: 'Please enter the organisation name',
  },
  organizationRequired: { 'zh-tw': '請選擇組織', 'zh-cn': '请选择组织', en: 'Please select an organisation' },
  regionInvalid: {
    'zh-tw': '請選擇中國內地、中國香港、中國澳門或中國台灣',
    'zh-cn': '请选择中国内地、中国香港、中国澳门或中国台湾',
    en: 'Choose Mainland China, Hong Kong, Macao or Taiwan',
  },
  areaCodeInvalid: {
    'zh-tw': '請選擇 +86、+852、+853 或 +886',
    'zh-cn': '请选择 +86、+852、+853 或 +886',
    en: 'Choose +86, +852, +853 or +886',
  },
  roleRequired: { 'zh-tw': '請選擇角色', 'zh-cn': '请选择角色', en: 'Please select a role' },
  passwordTooWeak: {
    'zh-tw': '密碼至少 8 個字元，且不能與帳號相同',
    'zh-cn': '密码至少 8 个字符，且不能与账号相同',
    en: 'The password needs at least 8 characters and must differ from the account',
  },
  passwordCommon: {
    'zh-tw': '此密碼太常見，容易被猜中，請換一個',
    'zh-cn': '此密码太常见，容易被猜中，请换一个',
    en: 'This password is too common and easy to guess; choose another',
  },
  passwordGuessable: {
    'zh-tw': '此密碼容易被猜中，請用更長的密碼，例如幾個不相關的詞',
    'zh-cn': '此密码容易被猜中，请用更长的密码，例如几个不相关的词',
    en: 'This password is easy to guess; use a longer one, such as a few unrelated words',
  },
  colorInvalid: {
    'zh-tw': '請輸入 #RRGGBB 格式的顏色',
    'zh-cn': '请输入 #RRGGBB 格式的颜色',
    en: 'Enter a colour as #RRGGBB',
  },
  languageOrderInvalid: {
    'zh-tw': '語言順序須包含繁體中文、簡體中文與英文各一次',
    'zh-cn': '语言顺序须包含繁体中文、简体中文与英文各一次',
    en: 'The language order must name Traditional Chinese, Simplified Chinese and English once each',
  },
  meetingNameRequired: {
    'zh-tw': '請輸入會議名稱（繁體中文）',
    'zh-cn': '请输入会议名称（繁体中文）',
    en: 'Please enter the meeting name (Traditional Chinese)',
  },
  meetingNameCnRequired: {
    'zh-tw': '請輸入會議名稱（簡體中文）',
    'zh-cn': '请输入会议名称（简体中文）',
    en: 'Please enter the meeting name (Simplified Chinese)',
  },
  meetingNameEnRequired: {
    'zh-tw': '請輸入會議名稱（英文）',
    'zh-cn': '请输入会议名称（英文）',
    en: 'Please enter the meeting name (English)',
  },
  meetingTimeRequired: {
    'zh-tw': '請選擇會議時間',
    'zh-cn': '请选择会议时间',
    en: 'Please select the meeting time',
  },
  meetingTimeOrder: {
    'zh-tw': '結束時間必須晚於開始時間',
    'zh-cn': '结束时间必须晚于开始时间',
    en: 'The end time must be after the start time',
  },
  meetingTypeRequired: {
    'zh-tw': '請選擇會議類型',
    'zh-cn': '请选择会议类型',
    en: 'Please select the meeting type',
  },
  bannerRequired: { 'zh-tw': '請上傳橫幅圖片', 'zh-cn': '请上传横幅图片', en: 'Please upload the banner' },
  registrationDeadlineAfterEnd: {
    'zh-tw': '報名截止時間不能晚於會議結束時間',
    'zh-cn': '报名截止时间不能晚于会议结束时间',
    en: 'The registration deadline cannot be after the end of the meeting',
  },
  bannerFileInvalid: {
    'zh-tw': '橫幅必須是已上傳的 JPEG、PNG 或 WebP 圖片',
    'zh-cn': '横幅必须是已上传的 JPEG、PNG 或 WebP 图片',
    en: 'The banner must be an uploaded JPEG, PNG or WebP image',
  },
  certificateBackgroundInvalid: {
    'zh-tw': '背景必須是已上傳的 JPEG 或 PNG 圖片',
    'zh-cn': '背景必须是已上传的 JPEG 或 PNG 图片',
    en: 'The background must be an uploaded JPEG or PNG image',
  },
  sessionCreditsDuplicate: {
    'zh-tw': '同一場次只能設定一次學分',
    'zh-cn': '同一场次只能设置一次学分',
    en: 'A session can have its credits set only once',
  },
  sessionNotInMeeting: {
    'zh-tw': '所選場次不屬於此會議',
    'zh-cn': '所选场次不属于此会议',
    en: 'A chosen session does not belong to this meeting',
  },
  pdfFileInvalid: {
    'zh-tw': '必須是已上傳的 PDF 檔案',
    'zh-cn': '必须是已上传的 PDF 文件',
    en: 'This must be an uploaded PDF file',
  },
  startTimeRequired: {
    'zh-tw': '請選擇開始時間',
    'zh-cn': '请选择开始时间',
    en: 'Please select the start time',
  },
  endTimeRequired: { 'zh-tw': '請選擇結束時間', 'zh-cn': '请选择结束时间', en: 'Please select the end time' },
  timeFormat: { 'zh-tw': '時間格式應為 HH:mm', 'zh-cn': '时间格式应为 HH:mm', en: 'Use the HH:mm format' },
  endTimeBeforeStart: {
    'zh-tw': '結束時間必須晚於開始時間',
    'zh-cn': '结束时间必须晚于开始时间',
    en: 'The end time must be after the start time',
  },
  scheduleNameRequired: {
    'zh-tw': '請輸入日程名稱',
    'zh-cn': '请输入日程名称',
    en: 'Please enter the schedule name',
  },
  signupLimitRequired: {
    'zh-tw': '請輸入報名人數上限',
    'zh-cn': '请输入报名人数上限',
    en: 'Please enter signup limit count',
  },
  signupLimitBelowCount: {
    'zh-tw': '不能低於目前已報名人數',
    'zh-cn': '不能低于当前已报名人数',
    en: 'Cannot be lower than the number of sign-ups already taken',
  },
  scheduleDateRequired: { 'zh-tw': '請選擇日期', 'zh-cn': '请选择日期', en: 'Please select the date' },
  scheduleDateOutsideMeeting: {
    'zh-tw': '日期必須在會議日期之內',
    'zh-cn': '日期必须在会议日期之内',
    en: "The date must be within the meeting's dates",
  },
  meetingTimeNotFound: {
    'zh-tw': '此時段不存在',
    'zh-cn': '此时段不存在',
    en: 'This time slot does not exist',
  },
  userTypeNameRequired: {
    'zh-tw': '請輸入使用者類型名稱',
    'zh-cn': '请输入用户类型名称',
    en: 'Please enter the user type name',
  },
  consentRequired: {
    'zh-tw': '請閱讀並同意私隱聲明',
    'zh-cn': '请阅读并同意隐私声明',
    en: 'Please read and agree to the privacy notice',
  },
  consentNoticeChanged: {
    'zh-tw': '私隱聲明剛剛更新，請重新載入頁面並再次閱讀',
    'zh-cn': '隐私声明刚刚更新，请重新加载页面并再次阅读',
    en: 'The privacy notice has just changed: please reload the page and read it again',
  },
  privacyNoticeTooLong: {
    'zh-tw': '私隱聲明不可超過 5000 字',
    'zh-cn': '隐私声明不可超过 5000 字',
    en: 'The privacy notice can be at most 5,000 characters',
  },
  retentionDaysRequired: {
    'zh-tw': '請輸入保存天數',
    'zh-cn': '请输入保存天数',
    en: 'Please enter the retention period in days',
  },
  retentionDaysInvalid: {
    'zh-tw': '保存天數須為 1 至 3650 之間的整數',
    'zh-cn': '保存天数须为 1 至 3650 之间的整数',
    en: 'The retention period must be a whole number of days from 1 to 3650',
  },
  purgeConfirmMismatch: {
    'zh-tw': '輸入的會議名稱不相符',
    'zh-cn': '输入的会议名称不相符',
    en: 'The meeting name you typed does not match',
  },
  scheduleRequired: { 'zh-tw': '請勾選日程', 'zh-cn': '请勾选日程', en: 'Please check schedule' },
  scheduleNotInMeeting: {
    'zh-tw': '所選日程不屬於此會議',
    'zh-cn': '所选日程不属于此会议',
    en: 'The selected session does not belong to this meeting',
  },
  userTypeNotInMeeting: {
    'zh-tw': '此使用者類型不屬於此會議',
    'zh-cn': '此用户类型不属于此会议',
    en: 'This user type does not belong to this meeting',
  },
  categoryNameRequired: {
    'zh-tw': '請輸入學院類別名稱',
    'zh-cn': '请输入学院类别名称',
    en: 'Please enter the college category name',
  },
  dictionaryTypeRequired: {
    'zh-tw': '請輸入字典類型',
    'zh-cn': '请输入字典类型',
    en: 'Please enter the dictionary type',
  },
  dictionaryTypeFormat: {
    'zh-tw': '只能使用小寫字母、數字和底線，最多 64 個字元',
    'zh-cn': '只能使用小写字母、数字和下划线，最多 64 个字符',
    en: 'Use lower-case letters, digits and underscores, at most 64',
  },
  dictionaryLabelRequired: {
    'zh-tw': '請輸入字典標籤',
    'zh-cn': '请输入字典标签',
    en: 'Please enter the dictionary label',
  },
  dictionaryValueRequired: {
    'zh-tw': '請輸入字典值',
    'zh-cn': '请输入字典值',
    en: 'Dictionary value required',
  },
  dictionaryValueTaken: {
    'zh-tw': '此類型下已有相同的值',
    'zh-cn': '此类型下已有相同的值',
    en: 'This value already exists for this type',
  },
  areaCodeRequired: { 'zh-tw': '請選擇區號', 'zh-cn': '请选择区号', en: 'Please select the area code' },
  phoneRequired: {
    'zh-tw': '請輸入手機號碼',
    'zh-cn': '请输入手机号码',
    en: 'Please enter the phone number',
  },
  phoneInvalid: { 'zh-tw': '手機號碼無效', 'zh-cn': '手机号码无效', en: 'Invalid phone' },
  loginCodeInvalid: {
    'zh-tw': '請輸入郵件中的 6 位數字驗證碼',
    'zh-cn': '请输入邮件中的 6 位数字验证码',
    en: 'Enter the 6-digit code from the e-mail',
  },
  phoneTaken: {
    'zh-tw': '此手機號碼已登記於本會議',
    'zh-cn': '此手机号码已登记于本会议',
    en: 'This phone number is already registered for this meeting',
  },
  emailRequired: { 'zh-tw': '請輸入電郵地址', 'zh-cn': '请输入电邮地址', en: 'Please enter the email' },
  guestNameRequired: { 'zh-tw': '請輸入姓名', 'zh-cn': '请输入姓名', en: 'Please enter the name' },
  genderRequired: { 'zh-tw': '請選擇性別', 'zh-cn': '请选择性别', en: 'Please select the gender' },
  localGuestRequired: {
    'zh-tw': '請選擇是否本地嘉賓',
    'zh-cn': '请选择是否本地嘉宾',
    en: 'Please select whether you are a local guest',
  },
  contactNumberRequired: {
    'zh-tw': '請輸入聯絡電話（機構）',
    'zh-cn': '请输入联系电话（机构）',
    en: 'Please enter the contact number',
  },
  contactPhoneRequired: {
    'zh-tw': '請輸入聯絡人手機',
    'zh-cn': '请输入联系人手机',
    en: 'Please enter the contact phone',
  },
  nameZhRequired: {
    'zh-tw': '請輸入中文姓名或 NA',
    'zh-cn': '请输入中文姓名或 NA',
    en: 'Please enter the Chinese name or NA',
  },
  nameEnRequired: {
    'zh-tw': '請輸入英文姓名或 NA',
    'zh-cn': '请输入英文姓名或 NA',
    en: 'Please enter the English name or NA',
  },
  userTypeRequired: {
    'zh-tw': '請選擇報名類型',
    'zh-cn': '请选择报名类型',
    en: 'Please select the registration type',
  },
  licenseNumberRequired: {
    'zh-tw': '請輸入執照號碼／證書號碼或 NA',
    'zh-cn': '请输入执照号码／证书号码或 NA',
    en: 'Please enter the license or certificate number, or NA',
  },
  collegeCategoryNotInMeeting: {
    'zh-tw': '此學院類別不屬於此會議',
    'zh-cn': '此学院类别不属于此会议',
    en: 'This college category does not belong to this meeting',
  },
  scheduleNotForUserType: {
    'zh-tw': '所選日程不開放給此報名類型',
    'zh-cn': '所选日程不开放给此报名类型',
    en: 'A selected session is not open to this registration type',
  },
  // Bulk import (issue 16): what a row of a file can get wrong beyond the form's own rules.
  sessionNotFound: {
    'zh-tw': '找不到此日程：{text}',
    'zh-cn': '找不到此日程：{text}',
    en: 'No such session: {text}',
  },
  sessionAmbiguous: {
    'zh-tw': '多個日程同名，請加上日期：{text}',
    'zh-cn': '多个日程同名，请加上日期：{text}',
    en: 'Several sessions have this name, add the date: {text}',
  },
  duplicateInFile: {
    'zh-tw': '與第 {n} 行的區號及手機號碼相同',
    'zh-cn': '与第 {n} 行的区号及手机号码相同',
    en: 'Same area code and phone as row {n}',
  },
  existingGuest: {
    'zh-tw': '已是此會議的嘉賓（相同區號及手機號碼）',
    'zh-cn': '已是此会议的嘉宾（相同区号及手机号码）',
    en: 'Already a guest of this meeting (same area code and phone)',
  },
  meetingFullRow: { 'zh-tw': '會議名額已滿', 'zh-cn': '会议名额已满', en: 'The meeting is full' },
  sessionFullRow: {
    'zh-tw': '日程名額已滿：{text}',
    'zh-cn': '日程名额已满：{text}',
    en: 'The session is full: {text}',
  },
  // The schedule workbook (sessions, registration types, college categories).
  importColumnMissing: {
    'zh-tw': '工作表缺少此欄位：{text}',
    'zh-cn': '工作表缺少此列：{text}',
    en: 'The sheet has no column {text}',
  },
  importSheetRepeated: {
    'zh-tw': '此類工作表出現多於一次：{text}',
    'zh-cn': '此类工作表出现多于一次：{text}',
    en: 'This kind of sheet appears more than once: {text}',
  },
  importDuplicateRow: {
    'zh-tw': '與第 {n} 行重複',
    'zh-cn': '与第 {n} 行重复',
    en: 'Repeats row {n}',
  },
  importAmbiguous: {
    'zh-tw': '有多個現有項目符合：{text}',
    'zh-cn': '有多个现有项目符合：{text}',
    en: 'Several existing entries match: {text}',
  },
  importDateFormat: {
    'zh-tw': '日期應為 YYYY-MM-DD 格式的有效日期',
    'zh-cn': '日期应为 YYYY-MM-DD 格式的有效日期',
    en: 'Enter a real date as YYYY-MM-DD',
  },
  importWholeNumber: {
    'zh-tw': '請輸入整數（0 為不限）',
    'zh-cn': '请输入整数（0 为不限）',
    en: 'Enter a whole number (0 = no limit)',
  },
  importSessionsRequired: {
    'zh-tw': '請列出至少一個日程',
    'zh-cn': '请列出至少一个日程',
    en: 'Name at least one session',
  },
  importRowsInvalid: {
    'zh-tw': '活頁簿有 {n} 處問題，請修正後重新上傳',
    'zh-cn': '工作簿有 {n} 处问题，请修正后重新上传',
    en: 'The workbook has {n} problems: fix them and upload it again',
  },
  formKeyTaken: {
    'zh-tw': '此代號已被使用',
    'zh-cn': '此代号已被使用',
    en: 'This key is already used in the form',
  },
  formOptionsRequired: {
    'zh-tw': '請至少加入一個選項',
    'zh-cn': '请至少加入一个选项',
    en: 'Add at least one option',
  },
  formLimitsInverted: {
    'zh-tw': '下限不能大於上限',
    'zh-cn': '下限不能大于上限',
    en: 'The lower limit cannot be above the upper limit',
  },
  formConditionSource: {
    'zh-tw': '條件只可依據前面的選擇題或是非題',
    'zh-cn': '条件只可依据前面的选择题或是非题',
    en: 'A condition can only depend on an earlier choice or yes/no field',
  },
  formFieldAnswered: {
    'zh-tw': '此欄位已有回覆，不能更改類型或刪除，只可停用',
    'zh-cn': '此字段已有回复，不能更改类型或删除，只可停用',
    en: 'This field has answers: its type cannot change and it cannot be deleted, only retired',
  },
  ratingPoints: {
    'zh-tw': '評分須有 2 至 10 個等級',
    'zh-cn': '评分须有 2 至 10 个等级',
    en: 'A rating needs 2 to 10 points',
  },
  quizWithoutQuestion: {
    'zh-tw': '設定合格分數前，請至少為一題設定正確答案',
    'zh-cn': '设定合格分数前，请至少为一题设定正确答案',
    en: 'Set the correct answer of at least one question before a pass mark',
  },
  evaluationScopeTaken: {
    'zh-tw': '此會議或場次已有評估問卷',
    'zh-cn': '此会议或场次已有评估问卷',
    en: 'This meeting or session already has an evaluation',
  },
  evaluationAnonymityFixed: {
    'zh-tw': '已有回覆，不能更改是否匿名',
    'zh-cn': '已有回复，不能更改是否匿名',
    en: 'Answers have been given: whether it is anonymous can no longer change',
  },
  evaluationScopeFixed: {
    'zh-tw': '已有回覆，不能更改問卷所屬的會議或場次',
    'zh-cn': '已有回复，不能更改问卷所属的会议或场次',
    en: 'Answers have been given: the meeting or session it evaluates can no longer change',
  },
  formOptionAnswered: {
    'zh-tw': '此選項已有回覆，不能刪除',
    'zh-cn': '此选项已有回复，不能删除',
    en: 'This option has answers and cannot be removed',
  },
  ...PAYMENT_FIELD_MESSAGES,
  ...APPROVAL_FIELD_MESSAGES,
  ...INVITATION_FIELD_MESSAGES,
  ...MEMBER_FIELD_MESSAGES,
  ...GROUP_FIELD_MESSAGES,
  ...WALK_IN_FIELD_MESSAGES,
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

/** The message in a language; `{n}` is replaced by a bound and `{text}` by the value it is about. */
export function fieldMessage(
  key: FieldMessageKey,
  lang: Language,
  bound?: number | bigint,
  text?: string,
): string {
  return FIELD_MESSAGES[key][lang].replace('{n}', String(bound ?? '')).replace('{text}', text ?? '');
}
