/**
 * The error catalogue's entries for group bookings (issue 45): codes 40063–40069, 40965–40969; spread into ERRORS (errors.ts).
 */
export const GROUP_ERRORS = {
  GROUPS_NOT_OFFERED: {
    code: 40063,
    status: 400,
    message: {
      'zh-tw': '此會議不接受團體報名',
      'zh-cn': '此会议不接受团体报名',
      en: 'This meeting does not take group bookings',
    },
  },
  GROUP_TOO_LARGE: {
    code: 40064,
    status: 400,
    message: {
      'zh-tw': '團體人數超過此會議的上限',
      'zh-cn': '团体人数超过此会议的上限',
      en: 'The group has more attendees than this meeting allows',
    },
  },
  GROUP_PHONE_REPEATED: {
    code: 40065,
    status: 400,
    message: {
      'zh-tw': '團體中有兩位參加者使用相同的手機號碼',
      'zh-cn': '团体中有两位参加者使用相同的手机号码',
      en: 'Two attendees of the group have the same phone number',
    },
  },
  GROUP_TOKEN_INVALID: {
    code: 40066,
    status: 400,
    message: {
      'zh-tw': '團體連結無效，請使用報名後收到的連結',
      'zh-cn': '团体链接无效，请使用报名后收到的链接',
      en: 'The group link is not valid; use the link you received after booking',
    },
  },
  GROUP_ATTENDEE_UNKNOWN: {
    code: 40067,
    status: 400,
    message: {
      'zh-tw': '此參加者不屬於這個團體',
      'zh-cn': '此参加者不属于这个团体',
      en: 'This attendee is not in the group',
    },
  },
  GROUP_SEATS_SHORT: {
    code: 40965,
    status: 409,
    message: {
      'zh-tw': '名額不足以容納整個團體，沒有任何人報名成功',
      'zh-cn': '名额不足以容纳整个团体，没有任何人报名成功',
      en: 'Not enough seats for the whole group; no one was signed up',
    },
  },
  GROUPS_NEED_APPROVAL: {
    code: 40966,
    status: 409,
    message: {
      'zh-tw': '此會議的報名需經審核，暫不接受團體報名，請逐一報名',
      'zh-cn': '此会议的报名需经审核，暂不接受团体报名，请逐一报名',
      en: 'Sign-ups to this meeting need approval; group bookings are not taken, please sign up one by one',
    },
  },
  /** No longer answered since paid groups are taken (decision 0106); kept so the code is never reused. */
  GROUPS_PAID_MEETING: {
    code: 40967,
    status: 409,
    message: {
      'zh-tw': '此會議需付費，暫不接受團體報名，請逐一報名',
      'zh-cn': '此会议需付费，暂不接受团体报名，请逐一报名',
      en: 'This meeting is paid; group bookings are not taken, please sign up one by one',
    },
  },
  GROUP_ATTENDEE_CANCELLED: {
    code: 40968,
    status: 409,
    message: {
      'zh-tw': '此參加者的報名已取消',
      'zh-cn': '此参加者的报名已取消',
      en: "This attendee's sign-up is already cancelled",
    },
  },
  GROUP_DISCOUNT_CODE_UNSUPPORTED: {
    code: 40068,
    status: 400,
    message: {
      'zh-tw': '團體報名暫不接受折扣碼，請移除折扣碼後再送出',
      'zh-cn': '团体报名暂不接受折扣码，请移除折扣码后再提交',
      en: 'Discount codes are not taken for group bookings yet; remove the code and send again',
    },
  },
  GROUP_ORDER_UNPAID: {
    code: 40969,
    status: 409,
    message: {
      'zh-tw': '團體的訂單尚未付款，不能只取消其中一位參加者；請先付款，或請主辦單位取消整筆訂單',
      'zh-cn': '团体的订单尚未付款，不能只取消其中一位参加者；请先付款，或请主办单位取消整笔订单',
      en: "The group's order is not paid yet, so one attendee cannot be cancelled alone; pay first, or ask the organiser to cancel the whole order",
    },
  },
} as const;
