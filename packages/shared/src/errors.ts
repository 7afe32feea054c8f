import { PAYMENT_ERRORS } from './errors-payments.ts';
import { APPROVAL_ERRORS } from './errors-approval.ts';
import { INVITATION_ERRORS } from './errors-invitations.ts';
import { MEMBER_ERRORS } from './errors-members.ts';
import { GROUP_ERRORS } from './errors-groups.ts';
import { WALK_IN_ERRORS } from './errors-walk-ins.ts';
import type { Language, Localized } from './languages.ts';

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
  ALREADY_WAITING: {
    code: 40955,
    status: 409,
    message: {
      'zh-tw': '此手機號碼已在候補名單上，請到簽到頁面查看排位',
      'zh-cn': '此手机号码已在候补名单上，请到签到页面查看排位',
      en: 'This phone number is already on the waiting list; see your place on the check-in page',
    },
  },
  WAITLIST_FULL: {
    code: 40956,
    status: 409,
    message: {
      'zh-tw': '名額已滿，候補名單亦已滿',
      'zh-cn': '名额已满，候补名单亦已满',
      en: 'Full, and the waiting list is full too',
    },
  },
  OFFER_NOT_OPEN: {
    code: 40957,
    status: 409,
    message: {
      'zh-tw': '此候補名額已不能接受（已過期、已接受或已放棄）',
      'zh-cn': '此候补名额已不能接受（已过期、已接受或已放弃）',
      en: 'This seat can no longer be accepted (the offer expired, or was accepted or declined)',
    },
  },
  WAITLIST_ENTRY_NOT_FOUND: {
    code: 40452,
    status: 404,
    message: {
      'zh-tw': '候補記錄不存在或已離開名單',
      'zh-cn': '候补记录不存在或已离开名单',
      en: 'This waiting-list place does not exist or has left the list',
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
  IMPORT_XLS_NOT_SUPPORTED: {
    code: 41511,
    status: 415,
    message: {
      'zh-tw':
        '這是 Excel 97–2003 活頁簿（.xls），無法匯入：請在 Excel 按「另存新檔」，存成 Excel 活頁簿（.xlsx）或 CSV 後再上傳',
      'zh-cn':
        '这是 Excel 97–2003 工作簿（.xls），无法导入：请在 Excel 中点击“另存为”，保存为 Excel 工作簿（.xlsx）或 CSV 后再上传',
      en: 'This is an Excel 97–2003 workbook (.xls), which cannot be imported: in Excel, use Save As to save it as an Excel Workbook (.xlsx) or CSV, and upload that',
    },
  },
  IMPORT_XLS_NOT_SUPPORTED_XLSX_ONLY: {
    code: 41512,
    status: 415,
    message: {
      'zh-tw':
        '這是 Excel 97–2003 活頁簿（.xls），無法匯入：請在 Excel 按「另存新檔」，存成 Excel 活頁簿（.xlsx）後再上傳',
      'zh-cn':
        '这是 Excel 97–2003 工作簿（.xls），无法导入：请在 Excel 中点击“另存为”，保存为 Excel 工作簿（.xlsx）后再上传',
      en: 'This is an Excel 97–2003 workbook (.xls), which cannot be imported: in Excel, use Save As to save it as an Excel Workbook (.xlsx), and upload that',
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
  BROADCAST_RECIPIENTS_CHANGED: {
    code: 40980,
    status: 409,
    message: {
      'zh-tw': '收件人數目已改變，請再次確認後發送',
      'zh-cn': '收件人数目已改变，请再次确认后发送',
      en: 'The number of recipients has changed: confirm again before sending',
    },
  },
  NO_OWN_EMAIL: {
    code: 40060,
    status: 400,
    message: {
      'zh-tw': '請先在個人設定中填寫您的電郵地址',
      'zh-cn': '请先在个人设置中填写您的电邮地址',
      en: 'Add your e-mail address in your personal settings first',
    },
  },
  LOGIN_CODE_WRONG: {
    code: 40061,
    status: 400,
    message: {
      'zh-tw': '驗證碼錯誤或已過期',
      'zh-cn': '验证码错误或已过期',
      en: 'Wrong or expired verification code',
    },
  },
  NO_GUEST_EMAIL: {
    code: 40062,
    status: 400,
    message: {
      'zh-tw': '此報名沒有電郵地址，請聯絡主辦單位',
      'zh-cn': '此报名没有电邮地址，请联系主办单位',
      en: 'This sign-up has no e-mail address: please contact the organiser',
    },
  },
  // Bulk import (issue 16).
  IMPORT_FILE_UNSAFE: {
    code: 40075,
    status: 400,
    message: {
      'zh-tw': '檔案解壓後過大或結構異常，已拒絕處理',
      'zh-cn': '文件解压后过大或结构异常，已拒绝处理',
      en: 'The file unpacks to far more than a spreadsheet should, or is damaged: refused',
    },
  },
  IMPORT_TEXT_TOO_LONG: {
    code: 40079,
    status: 400,
    message: {
      'zh-tw': '檔案的文字過長：每個儲存格最多 1,000 個字元，每行最多 10,000 個字元',
      'zh-cn': '文件的文字过长：每个单元格最多 1,000 个字符，每行最多 10,000 个字符',
      en: 'The file holds text too long to import: at most 1,000 characters a cell and 10,000 a row',
    },
  },
  IMPORT_EMPTY: {
    code: 40076,
    status: 400,
    message: {
      'zh-tw': '檔案沒有資料行（第一行須為標題）',
      'zh-cn': '文件没有数据行（第一行须为标题）',
      en: 'The file has no data rows (the first row must be the headers)',
    },
  },
  IMPORT_MAPPING_INCOMPLETE: {
    code: 40077,
    status: 400,
    message: {
      'zh-tw': '欄位對應不完整：區號及手機號碼必須對應，其他欄位只能對應一次',
      'zh-cn': '字段对应不完整：区号及手机号码必须对应，其他字段只能对应一次',
      en: 'Incomplete column mapping: area code and phone must be mapped, other fields at most once',
    },
  },
  IMPORT_WRONG_MEETING_TYPE: {
    code: 40078,
    status: 400,
    message: {
      'zh-tw': '只有日期日程會議可以匯入日程',
      'zh-cn': '只有日期日程会议可以导入日程',
      en: 'Only date-schedule meetings have sessions to import',
    },
  },
  IMPORT_ALREADY_STARTED: {
    code: 40990,
    status: 409,
    message: {
      'zh-tw': '此匯入已開始，不能再修改',
      'zh-cn': '此导入已开始，不能再修改',
      en: 'This import has started and can no longer be changed',
    },
  },
  IMPORT_TOO_MANY_ROWS: {
    code: 41320,
    status: 413,
    message: {
      'zh-tw': '檔案資料行過多（上限 30,000 行）',
      'zh-cn': '文件数据行过多（上限 30,000 行）',
      en: 'The file has too many rows (at most 30,000)',
    },
  },
  CERTIFICATE_NOT_FOUND: {
    code: 40460,
    status: 404,
    message: { 'zh-tw': '查無此證書', 'zh-cn': '查无此证书', en: 'No such certificate' },
  },
  CERTIFICATE_REVOKED: {
    code: 40960,
    status: 409,
    message: {
      'zh-tw': '此證書已被撤銷',
      'zh-cn': '此证书已被撤销',
      en: 'This certificate has been revoked',
    },
  },
  CERTIFICATE_NOT_AVAILABLE: {
    code: 40961,
    status: 409,
    message: {
      'zh-tw': '尚未取得出席證書',
      'zh-cn': '尚未取得出席证书',
      en: 'The certificate of attendance has not been earned yet',
    },
  },
  EVALUATION_ANSWERED: {
    code: 40962,
    status: 409,
    message: {
      'zh-tw': '此評估問卷已有回覆，不能刪除；可改為關閉',
      'zh-cn': '此评估问卷已有回复，不能删除；可改为关闭',
      en: 'This evaluation has answers and cannot be deleted; close it instead',
    },
  },
  EVALUATION_ALREADY_ANSWERED: {
    code: 40963,
    status: 409,
    message: {
      'zh-tw': '您已填寫此評估問卷',
      'zh-cn': '您已填写此评估问卷',
      en: 'You have already answered this evaluation',
    },
  },
  EVALUATION_CLOSED: {
    code: 40964,
    status: 409,
    message: {
      'zh-tw': '此評估問卷已截止',
      'zh-cn': '此评估问卷已截止',
      en: 'This evaluation is closed',
    },
  },
  EVALUATION_NOT_ELIGIBLE: {
    code: 40330,
    status: 403,
    message: {
      'zh-tw': '未達出席要求，不能填寫此評估問卷',
      'zh-cn': '未达出席要求，不能填写此评估问卷',
      en: 'The attendance required to answer this evaluation has not been met',
    },
  },
  PERSONAL_DATA_PURGED: {
    code: 40975,
    status: 409,
    message: {
      'zh-tw': '此會議的嘉賓個人資料已被刪除',
      'zh-cn': '此会议的嘉宾个人信息已被删除',
      en: "This meeting's guest personal data has already been erased",
    },
  },
  MEETING_NOT_OVER: {
    code: 40976,
    status: 409,
    message: {
      'zh-tw': '會議尚未結束，不能立即刪除嘉賓資料（可先刪除會議）',
      'zh-cn': '会议尚未结束，不能立即删除嘉宾信息（可先删除会议）',
      en: "The meeting has not ended: its guests' data can be erased now only once it is over or deleted",
    },
  },
  WEBHOOK_URL_TAKEN: {
    code: 40940,
    status: 409,
    message: {
      'zh-tw': '同一組織範圍內已有傳送到此網址的端點，每個事件會送達兩次；請編輯現有端點',
      'zh-cn': '同一组织范围内已有发送到此网址的端点，每个事件会送达两次；请编辑现有端点',
      en: 'An endpoint with this URL already exists for the same organisation scope: every event would arrive twice. Edit that endpoint instead',
    },
  },
  SESSION_REQUIRED: {
    code: 40320,
    status: 403,
    message: {
      'zh-tw': '此操作需要登入後台，不能使用 API 權杖',
      'zh-cn': '此操作需要登录后台，不能使用 API 令牌',
      en: 'This action needs a signed-in session; an API token cannot do it',
    },
  },
  ...PAYMENT_ERRORS,
  ...APPROVAL_ERRORS,
  ...INVITATION_ERRORS,
  ...MEMBER_ERRORS,
  ...GROUP_ERRORS,
  ...WALK_IN_ERRORS,
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, lang: Language): string {
  return ERRORS[name].message[lang];
}
