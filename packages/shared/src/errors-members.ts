/**
 * The error catalogue's entries for the organisation's member list (issue 45): codes 40051–40059, 40941–40949; spread into ERRORS (errors.ts).
 */
export const MEMBER_ERRORS = {
  MEMBER_PRICE_REFUSED: {
    code: 40051,
    status: 400,
    message: {
      'zh-tw': '此票種只供會員報名：您填寫的執照號碼及姓名與本機構的會員名單不符',
      'zh-cn': '此票种只供会员报名：您填写的执照号码及姓名与本机构的会员名单不符',
      en: "This ticket is for members only: the licence number and name you gave do not match the organisation's member list",
    },
  },
  MEMBER_IMPORT_COLUMNS_MISSING: {
    code: 40052,
    status: 400,
    message: {
      'zh-tw': '檔案的第一列須有「執照號碼」一欄，以及「中文姓名」或「英文姓名」一欄：請使用範本',
      'zh-cn': '文件的第一行须有“执照号码”一栏，以及“中文姓名”或“英文姓名”一栏：请使用模板',
      en: 'The first row must have a "Licence number" column and a "Chinese name" or "English name" column: please use the template',
    },
  },
  MEMBER_IMPORT_NOTHING_VALID: {
    code: 40053,
    status: 400,
    message: {
      'zh-tw': '此檔案沒有可匯入的有效列',
      'zh-cn': '此文件没有可导入的有效行',
      en: 'The file has no valid row to import',
    },
  },
  MEMBER_IMPORT_ALREADY_APPLIED: {
    code: 40941,
    status: 409,
    message: {
      'zh-tw': '此檔案已經匯入或正在匯入',
      'zh-cn': '此文件已经导入或正在导入',
      en: 'This file has already been imported or is being imported',
    },
  },
  MEMBER_IMPORT_ABANDONED: {
    code: 40942,
    status: 409,
    message: {
      'zh-tw': '此次匯入中斷太久，已標示為失敗：請重新上傳檔案',
      'zh-cn': '此次导入中断太久，已标记为失败：请重新上传文件',
      en: 'This import stopped for too long and was marked as failed: please upload the file again',
    },
  },
} as const;
