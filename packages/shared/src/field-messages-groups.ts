/** Field messages of group bookings (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const GROUP_FIELD_MESSAGES = {
  groupAttendeesRequired: {
    'zh-tw': '請加入參加者',
    'zh-cn': '请加入参加者',
    en: 'Please add the attendees',
  },
  groupTooSmall: {
    'zh-tw': '團體至少要有兩位參加者',
    'zh-cn': '团体至少要有两位参加者',
    en: 'A group has at least two attendees',
  },
  groupTooLarge: {
    'zh-tw': '團體人數超過上限',
    'zh-cn': '团体人数超过上限',
    en: 'The group has too many attendees',
  },
  groupPhoneRepeated: {
    'zh-tw': '另一位參加者已使用此手機號碼',
    'zh-cn': '另一位参加者已使用此手机号码',
    en: 'Another attendee has this phone number',
  },
} as const;
