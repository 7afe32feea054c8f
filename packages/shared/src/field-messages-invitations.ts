/** Field messages of invitations (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const INVITATION_FIELD_MESSAGES = {
  invitationCodeFormat: {
    'zh-tw': '請輸入 4–40 個英文字母、數字、- 或 _',
    'zh-cn': '请输入 4–40 个英文字母、数字、- 或 _',
    en: 'Use 4–40 letters, digits, - or _',
  },
  invitationCodeTaken: {
    'zh-tw': '此會議已有相同的邀請碼',
    'zh-cn': '此会议已有相同的邀请码',
    en: 'This meeting already has that code',
  },
  maxUsesMin: {
    'zh-tw': '至少 1 次',
    'zh-cn': '至少 1 次',
    en: 'At least 1',
  },
  invitationUsesBelowUsed: {
    'zh-tw': '不能少於已使用的次數',
    'zh-cn': '不能少于已使用的次数',
    en: 'At least the number of uses so far',
  },
  invitationTypeNotInMeeting: {
    'zh-tw': '此報名類型不屬於本會議',
    'zh-cn': '此报名类型不属于本会议',
    en: "This registration type is not one of the meeting's",
  },
  inviteeNameRequired: {
    'zh-tw': '請輸入受邀者姓名',
    'zh-cn': '请输入受邀者姓名',
    en: "Please enter the invitee's name",
  },
  inviteesRequired: {
    'zh-tw': '請至少列出一位受邀者',
    'zh-cn': '请至少列出一位受邀者',
    en: 'List at least one invitee',
  },
  inviteeEmailTwice: {
    'zh-tw': '此電郵地址在名單中出現多於一次',
    'zh-cn': '此电邮地址在名单中出现多于一次',
    en: 'This e-mail address is in the list more than once',
  },
} as const;
