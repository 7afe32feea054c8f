/**
 * The error catalogue's entries for approval (issue 45): codes 40040–40044, 40470–40474, 40921–40929 (a walk-in with an applicant's phone: 40928); spread into ERRORS (errors.ts).
 */
export const APPROVAL_ERRORS = {
  REJECT_REASON_REQUIRED: {
    code: 40040,
    status: 400,
    message: {
      'zh-tw': '拒絕時請填寫原因',
      'zh-cn': '拒绝时请填写原因',
      en: 'Please give the reason for the rejection',
    },
  },
  APPROVAL_USER_TYPE_UNKNOWN: {
    code: 40041,
    status: 400,
    message: {
      'zh-tw': '所選的報名類型不屬於此會議',
      'zh-cn': '所选的报名类型不属于此会议',
      en: 'A chosen registration type is not one of this meeting',
    },
  },
  APPLICATION_NOT_FOUND: {
    code: 40470,
    status: 404,
    message: { 'zh-tw': '找不到此申請', 'zh-cn': '找不到此申请', en: 'No such application' },
  },
  APPLICATION_DECIDED: {
    code: 40921,
    status: 409,
    message: {
      'zh-tw': '此申請已審核',
      'zh-cn': '此申请已审核',
      en: 'This application has already been decided',
    },
  },
  ALREADY_APPLIED: {
    code: 40922,
    status: 409,
    message: {
      'zh-tw': '此手機號碼已提交報名申請，請等候審核結果',
      'zh-cn': '此手机号码已提交报名申请，请等候审核结果',
      en: 'This phone number has already applied; please wait for the decision',
    },
  },
  APPLICATION_WAITING: {
    code: 40924,
    status: 409,
    message: {
      'zh-tw': '報名申請尚未獲核准',
      'zh-cn': '报名申请尚未获核准',
      en: 'The application has not been approved',
    },
  },
  GUEST_AWAITING_APPROVAL: {
    code: 40925,
    status: 409,
    message: {
      'zh-tw': '此嘉賓的報名尚待審核',
      'zh-cn': '此嘉宾的报名尚待审核',
      en: 'This guest is awaiting approval',
    },
  },
  GUEST_PENDING_APPROVAL: {
    code: 40926,
    status: 409,
    message: {
      'zh-tw': '您的報名尚待主辦單位審核，獲批准後才會寄出載有嘉賓碼的確認郵件',
      'zh-cn': '您的报名尚待主办单位审核，获批准后才会寄出载有嘉宾码的确认邮件',
      en: 'Your sign-up awaits the organiser’s approval; the confirmation with your code is sent once it is approved',
    },
  },
  APPROVAL_PAID_MEETING: {
    code: 40923,
    status: 409,
    message: {
      'zh-tw': '收費會議暫不支援報名審核',
      'zh-cn': '收费会议暂不支持报名审核',
      en: 'Approval is not available for a paid meeting yet',
    },
  },
  APPLICATION_PHONE_SIGNED_UP: {
    code: 40927,
    status: 409,
    message: {
      'zh-tw': '此申請的手機號碼已是本會議的嘉賓，不能批准。請拒絕此申請，或先取消該嘉賓',
      'zh-cn': '此申请的手机号码已是本会议的嘉宾，不能批准。请拒绝此申请，或先取消该嘉宾',
      en: 'This application’s phone number is already a guest of the meeting, so it cannot be approved. Reject the application, or cancel that guest first',
    },
  },
  WALK_IN_APPLICATION_PENDING: {
    code: 40928,
    status: 409,
    message: {
      'zh-tw':
        '此電話號碼已提交報名申請（未保留名額），尚待主辦單位審核，不能現場登記入場。請主辦單位先審核該申請',
      'zh-cn':
        '此电话号码已提交报名申请（未保留名额），尚待主办单位审核，不能现场登记入场。请主办单位先审核该申请',
      en: 'This phone number has an application (without a held seat) awaiting the organiser’s decision, so it cannot be registered at the door. The organiser decides on that application first',
    },
  },
} as const;
