import type { Language, Localized } from './languages.ts';
import { FORM_RULE_MESSAGES } from './form-messages.ts';

interface CatalogueEntry {
  code: number;
  status: number;
  message: Localized;
}

/**
 * The error catalogue: a stable numeric code, the HTTP status it travels with and its message
 * in each language. Codes never change meaning once published; add new ones instead.
 */
export const ERRORS = {
  OK: { code: 0, status: 200, message: { 'zh-tw': '成功', 'zh-cn': '成功', en: 'Success' } },
  BAD_REQUEST: {
    code: 40000,
    status: 400,
    message: { 'zh-tw': '請求格式不正確', 'zh-cn': '请求格式不正确', en: 'Malformed request' },
  },
  VALIDATION_FAILED: {
    code: 40001,
    status: 400,
    message: { 'zh-tw': '輸入不合法', 'zh-cn': '输入不合法', en: 'Illegal input' },
  },
  CAPTCHA_INVALID: {
    code: 40002,
    status: 400,
    message: {
      'zh-tw': '驗證碼錯誤或已過期，請重新輸入',
      'zh-cn': '验证码错误或已过期，请重新输入',
      en: 'The verification code is wrong or has expired, please try again',
    },
  },
  PASSWORD_INCORRECT: {
    code: 40003,
    status: 400,
    message: {
      'zh-tw': '目前密碼不正確',
      'zh-cn': '当前密码不正确',
      en: 'The current password is incorrect',
    },
  },
  UNAUTHORIZED: {
    code: 40100,
    status: 401,
    message: { 'zh-tw': '請先登入', 'zh-cn': '请先登录', en: 'Please log in first' },
  },
  TOKEN_EXPIRED: {
    code: 40101,
    status: 401,
    message: { 'zh-tw': 'token已過期', 'zh-cn': 'token已过期', en: 'token expired' },
  },
  INVALID_CREDENTIALS: {
    code: 40102,
    status: 401,
    message: {
      'zh-tw': '帳號或密碼錯誤',
      'zh-cn': '账号或密码错误',
      en: 'Incorrect account or password',
    },
  },
  SESSION_REVOKED: {
    code: 40103,
    status: 401,
    message: {
      'zh-tw': '登入狀態已失效，請重新登入',
      'zh-cn': '登录状态已失效，请重新登录',
      en: 'Your session has ended, please log in again',
    },
  },
  FORBIDDEN: {
    code: 40300,
    status: 403,
    message: {
      'zh-tw': '沒有權限執行此操作',
      'zh-cn': '没有权限执行此操作',
      en: 'You do not have permission to do this',
    },
  },
  GLOBAL_ENTRY_ADMIN_ONLY: {
    code: 40310,
    status: 403,
    message: {
      'zh-tw': '這是所有組織共用的資料，只有管理員可以修改',
      'zh-cn': '这是所有组织共用的数据，只有管理员可以修改',
      en: 'This entry is shared by all organisations; only an administrator may change it',
    },
  },
  NOT_FOUND: {
    code: 40400,
    status: 404,
    message: { 'zh-tw': '找不到資源', 'zh-cn': '找不到资源', en: 'Not found' },
  },
  CONFLICT: {
    code: 40900,
    status: 409,
    message: {
      'zh-tw': '資料已被修改或已存在',
      'zh-cn': '数据已被修改或已存在',
      en: 'The data already exists or has changed',
    },
  },
  ORGANIZATION_NAME_TAKEN: {
    code: 40910,
    status: 409,
    message: {
      'zh-tw': '同一上級組織下已有同名的組織',
      'zh-cn': '同一上级组织下已有同名的组织',
      en: 'An organisation with this name already exists under the same parent',
    },
  },
  ORGANIZATION_HAS_CHILDREN: {
    code: 40911,
    status: 409,
    message: {
      'zh-tw': '此組織仍有下級組織，請先刪除或移走下級組織',
      'zh-cn': '此组织仍有下级组织，请先删除或移走下级组织',
      en: 'This organisation still has sub-organisations; delete or move them first',
    },
  },
  ORGANIZATION_HAS_USERS: {
    code: 40912,
    status: 409,
    message: {
      'zh-tw': '此組織仍有使用者，請先將使用者移到其他組織',
      'zh-cn': '此组织仍有用户，请先将用户移到其他组织',
      en: 'This organisation still has users; move them to another organisation first',
    },
  },
  ORGANIZATION_HAS_MEETINGS: {
    code: 40913,
    status: 409,
    message: {
      'zh-tw': '此組織仍有會議（包括已刪除的會議），無法刪除',
      'zh-cn': '此组织仍有会议（包括已删除的会议），无法删除',
      en: 'This organisation still has meetings (deleted ones included) and cannot be deleted',
    },
  },
  ORGANIZATION_HAS_DICTIONARY_ENTRIES: {
    code: 40920,
    status: 409,
    message: {
      'zh-tw': '此組織仍有自己的時段或學院類別，無法刪除',
      'zh-cn': '此组织仍有自己的时段或学院类别，无法删除',
      en: 'Time slots or college categories still belong to this organisation; it cannot be deleted',
    },
  },
  ORGANIZATION_MOVE_CYCLE: {
    code: 40914,
    status: 409,
    message: {
      'zh-tw': '不能將組織移到它自己或它的下級組織之下',
      'zh-cn': '不能将组织移到它自己或它的下级组织之下',
      en: 'An organisation cannot be moved under itself or one of its sub-organisations',
    },
  },
  ACCOUNT_TAKEN: {
    code: 40915,
    status: 409,
    message: {
      'zh-tw': '此帳號已被使用',
      'zh-cn': '此账号已被使用',
      en: 'This account is already in use',
    },
  },
  SELF_CHANGE_REFUSED: {
    code: 40916,
    status: 409,
    message: {
      'zh-tw': '不能停用自己的帳號或更改自己的角色',
      'zh-cn': '不能停用自己的账号或更改自己的角色',
      en: 'You cannot disable your own account or change your own role',
    },
  },
  LAST_ADMINISTRATOR: {
    code: 40917,
    status: 409,
    message: {
      'zh-tw': '至少要保留一位啟用中的管理員',
      'zh-cn': '至少要保留一位启用中的管理员',
      en: 'At least one enabled administrator must remain',
    },
  },
  MEETING_TIME_IN_USE: {
    code: 40930,
    status: 409,
    message: {
      'zh-tw': '此時段仍被日程使用，無法刪除',
      'zh-cn': '此时段仍被日程使用，无法删除',
      en: 'This time slot is still used by sessions and cannot be deleted',
    },
  },
  USER_TYPE_IN_USE: {
    code: 40935,
    status: 409,
    message: {
      'zh-tw': '此使用者類型仍有嘉賓使用（包括已取消的報名），無法刪除',
      'zh-cn': '此用户类型仍有嘉宾使用（包括已取消的报名），无法删除',
      en: 'Guests (cancelled sign-ups included) still hold this user type; it cannot be deleted',
    },
  },
  COLLEGE_CATEGORY_IN_USE: {
    code: 40936,
    status: 409,
    message: {
      'zh-tw': '此學院類別仍有嘉賓使用（包括已取消的報名），無法刪除',
      'zh-cn': '此学院类别仍有嘉宾使用（包括已取消的报名），无法删除',
      en: 'Guests (cancelled sign-ups included) still carry this college category; it cannot be deleted',
    },
  },
  SCHEDULE_HAS_SIGNUPS: {
    code: 40931,
    status: 409,
    message: {
      'zh-tw': '此日程已有報名，無法刪除',
      'zh-cn': '此日程已有报名，无法删除',
      en: 'This session already has sign-ups and cannot be deleted',
    },
  },
  SIGNUP_LIMIT_BELOW_COUNT: {
    code: 40932,
    status: 409,
    message: {
      'zh-tw': '報名人數上限不能低於目前已報名人數',
      'zh-cn': '报名人数上限不能低于当前已报名人数',
      en: 'The sign-up limit cannot be lower than the number of sign-ups already taken',
    },
  },
  SCHEDULE_ONLY_OF_USER_TYPE: {
    code: 40933,
    status: 409,
    message: {
      'zh-tw': '此日程是某個使用者類型唯一可報名的日程，請先修改該使用者類型',
      'zh-cn': '此日程是某个用户类型唯一可报名的日程，请先修改该用户类型',
      en: 'This session is the only session of a user type; change that user type first',
    },
  },
  DICTIONARY_VALUE_TAKEN: {
    code: 40934,
    status: 409,
    message: {
      'zh-tw': '此類型下已有相同的字典值',
      'zh-cn': '此类型下已有相同的字典值',
      en: 'This value already exists for this dictionary type',
    },
  },
  NO_MEETING: {
    code: 40450,
    status: 404,
    message: { 'zh-tw': '查無會議資訊', 'zh-cn': '查无会议信息', en: 'No meeting info' },
  },
  INVALID_INFO: {
    code: 40451,
    status: 404,
    message: { 'zh-tw': '資料無效', 'zh-cn': '资料无效', en: 'Invalid info' },
  },
  GUEST_TOKEN_INVALID: {
    code: 40150,
    status: 401,
    message: {
      'zh-tw': '訪客憑證無效，請重新取碼',
      'zh-cn': '访客凭证无效，请重新取码',
      en: 'Your guest pass is not valid, please retrieve your code again',
    },
  },
  REGISTRATION_CLOSED: {
    code: 40950,
    status: 409,
    message: { 'zh-tw': '報名已截止！', 'zh-cn': '报名已截止！', en: 'The registration has closed！' },
  },
  MEETING_FULL: {
    code: 40951,
    status: 409,
    message: { 'zh-tw': '報名人數已滿', 'zh-cn': '报名人数已满', en: 'The meeting is full' },
  },
  SESSION_FULL: {
    code: 40952,
    status: 409,
    message: { 'zh-tw': '此日程名額已滿', 'zh-cn': '此日程名额已满', en: 'This session is full' },
  },
  ALREADY_SIGNED_UP: {
    code: 40953,
    status: 409,
    message: {
      'zh-tw': '此手機號碼已報名本會議，請到簽到頁面取碼',
      'zh-cn': '此手机号码已报名本会议，请到签到页面取码',
      en: 'This phone number has already signed up for this meeting; retrieve your code on the check-in page',
    },
  },
  GUEST_PHONE_TAKEN: {
    code: 40954,
    status: 409,
    message: {
      'zh-tw': '此手機號碼已登記於本會議',
      'zh-cn': '此手机号码已登记于本会议',
      en: 'This phone number is already registered for this meeting',
    },
  },
  SESSION_NOT_ALLOWED: {
    code: 40050,
    status: 400,
    message: {
      'zh-tw': '您的報名類型不能報名此日程',
      'zh-cn': '您的报名类型不能报名此日程',
      en: 'Your registration type cannot enrol in this session',
    },
  },
  FILE_REQUIRED: {
    code: 40020,
    status: 400,
    message: {
      'zh-tw': '請選擇要上傳的檔案',
      'zh-cn': '请选择要上传的文件',
      en: 'Please choose a file to upload',
    },
  },
  FILE_TOO_LARGE: {
    code: 41310,
    status: 413,
    message: {
      'zh-tw': '檔案超過大小限制',
      'zh-cn': '文件超过大小限制',
      en: 'The file is larger than allowed',
    },
  },
  IMAGE_DIMENSIONS_TOO_LARGE: {
    code: 41311,
    status: 413,
    message: {
      'zh-tw': '圖片尺寸過大',
      'zh-cn': '图片尺寸过大',
      en: 'The image has too many pixels',
    },
  },
  FILE_TYPE_NOT_ALLOWED: {
    code: 41510,
    status: 415,
    message: {
      'zh-tw': '不支援此檔案類型',
      'zh-cn': '不支持此文件类型',
      en: 'This file type is not allowed',
    },
  },
  PAYLOAD_TOO_LARGE: {
    code: 41300,
    status: 413,
    message: { 'zh-tw': '上傳內容過大', 'zh-cn': '上传内容过大', en: 'The request is too large' },
  },
  URI_TOO_LONG: {
    code: 41400,
    status: 414,
    message: { 'zh-tw': '網址過長', 'zh-cn': '网址过长', en: 'The address is too long' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 41500,
    status: 415,
    message: { 'zh-tw': '不支援的內容類型', 'zh-cn': '不支持的内容类型', en: 'Unsupported content type' },
  },
  RATE_LIMITED: {
    code: 42900,
    status: 429,
    message: {
      'zh-tw': '嘗試次數過多，請稍後再試',
      'zh-cn': '尝试次数过多，请稍后再试',
      en: 'Too many attempts, please try again later',
    },
  },
  SCAN_UNKNOWN_CODE: {
    code: 40970,
    status: 409,
    message: {
      'zh-tw': '無效的嘉賓碼',
      'zh-cn': '无效的嘉宾码',
      en: 'Unknown guest code',
    },
  },
  SCAN_GUEST_CANCELLED: {
    code: 40971,
    status: 409,
    message: {
      'zh-tw': '此嘉賓的報名已取消',
      'zh-cn': '此嘉宾的报名已取消',
      en: "This guest's registration has been cancelled",
    },
  },
  SCAN_OTHER_MEETING: {
    code: 40972,
    status: 409,
    message: {
      'zh-tw': '此嘉賓碼屬於其他會議',
      'zh-cn': '此嘉宾码属于其他会议',
      en: 'This guest code belongs to another meeting',
    },
  },
  SCAN_NOT_ENROLLED: {
    code: 40973,
    status: 409,
    message: {
      'zh-tw': '此嘉賓未報名此日程',
      'zh-cn': '此嘉宾未报名此日程',
      en: 'This guest is not enrolled in this session',
    },
  },
  SCAN_NONCE_REUSED: {
    code: 40974,
    status: 409,
    message: {
      'zh-tw': '此掃描編號已用於另一次掃描，請重新掃描',
      'zh-cn': '此扫描编号已用于另一次扫描，请重新扫描',
      en: 'This scan id was already used for a different scan; please scan again',
    },
  },
  SCAN_MANUAL_DIRECTION: {
    code: 40074,
    status: 400,
    message: {
      'zh-tw': '手動簽到／簽退須選擇入場或離場',
      'zh-cn': '手动签到／签退须选择入场或离场',
      en: 'A manual check-in or check-out needs entry or exit, not automatic',
    },
  },
  INTERNAL: {
    code: 50000,
    status: 500,
    message: {
      'zh-tw': '伺服器發生錯誤，請稍後再試',
      'zh-cn': '服务器发生错误，请稍后再试',
      en: 'Something went wrong on the server, please try again later',
    },
  },
  SERVICE_UNAVAILABLE: {
    code: 50300,
    status: 503,
    message: {
      'zh-tw': '服務正在重新啟動，請稍後再試',
      'zh-cn': '服务正在重新启动，请稍后再试',
      en: 'The service is restarting, please try again shortly',
    },
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, lang: Language): string {
  return ERRORS[name].message[lang];
}

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
  nameRequired: { 'zh-tw': '請輸入名稱', 'zh-cn': '请输入名称', en: 'Please enter the name' },
  organizationNameRequired: {
    'zh-tw': '請輸入組織名稱',
    'zh-cn': '请输入组织名称',
    en: 'Please enter the organisation name',
  },
  organizationRequired: { 'zh-tw': '請選擇組織', 'zh-cn': '请选择组织', en: 'Please select an organisation' },
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
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

export function fieldMessage(key: FieldMessageKey, lang: Language, bound?: number | bigint): string {
  return FIELD_MESSAGES[key][lang].replace('{n}', String(bound ?? ''));
}
