/**
 * The error catalogue's entries for walk-ins at the door (issue 45): codes 40080–40089, 40340–40349, 40977–40979; spread into ERRORS (errors.ts).
 */
export const WALK_IN_ERRORS = {
  WALK_IN_MEETING_FULL: {
    code: 40977,
    status: 409,
    message: {
      'zh-tw': '會議名額已滿。如仍要讓此訪客入場，請選擇「仍然入場」，此嘉賓將標示為超出名額',
      'zh-cn': '会议名额已满。如仍要让此访客入场，请选择“仍然入场”，此嘉宾将标示为超出名额',
      en: 'The meeting is full. To let this visitor in all the same, choose "Admit anyway": the guest is flagged as over capacity',
    },
  },
  WALK_IN_PHONE_NOT_ADMITTED: {
    code: 40978,
    status: 409,
    message: {
      'zh-tw': '此電話號碼屬於一位不能在入口入場的嘉賓（已取消報名或未付款）',
      'zh-cn': '此电话号码属于一位不能在入口入场的嘉宾（已取消报名或未付款）',
      en: 'This phone number belongs to a guest who cannot be admitted at the door (cancelled or unpaid)',
    },
  },
  WALK_IN_NONCE_REUSED: {
    code: 40979,
    status: 409,
    message: {
      'zh-tw': '此現場登記編號已用於另一次登記，請重新提交',
      'zh-cn': '此现场登记编号已用于另一次登记，请重新提交',
      en: 'This walk-in id was already used for another entry; submit it again',
    },
  },
  WALK_IN_PAID_MEETING: {
    code: 40340,
    status: 403,
    message: {
      'zh-tw': '此會議需付費報名，不能在入口現場登記。請訪客先在網上報名，再到登記處付款',
      'zh-cn': '此会议需付费报名，不能在入口现场登记。请访客先在网上报名，再到登记处付款',
      en: 'This is a paid meeting: walk-ins cannot be registered at the door. The visitor signs up online first, then pays at the registration desk',
    },
  },
} as const;
