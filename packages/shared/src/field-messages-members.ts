/** Field messages of the organisation's member list (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const MEMBER_FIELD_MESSAGES = {
  licenceRequired: { 'zh-tw': '請填寫執照號碼', 'zh-cn': '请填写执照号码', en: 'Give the licence number' },
  memberNameRequired: {
    'zh-tw': '請填寫中文或英文姓名',
    'zh-cn': '请填写中文或英文姓名',
    en: 'Give the Chinese or the English name',
  },
  validUntilInvalid: {
    'zh-tw': '有效期須為日期（例如 2027-12-31）',
    'zh-cn': '有效期须为日期（例如 2027-12-31）',
    en: 'Valid until must be a date (e.g. 2027-12-31)',
  },
  licenceRepeated: {
    'zh-tw': '此執照號碼在檔案較前的列已出現',
    'zh-cn': '此执照号码在文件较前的行已出现',
    en: 'This licence number is on an earlier row of the file',
  },
  memberFieldTooLong: {
    'zh-tw': '內容過長',
    'zh-cn': '内容过长',
    en: 'Too long',
  },
  memberOnlySession: {
    'zh-tw': '會員價只適用於報名費或票種，不適用於場次',
    'zh-cn': '会员价只适用于报名费或票种，不适用于场次',
    en: 'A member price is for a registration fee or ticket, not for a session',
  },
} as const;
