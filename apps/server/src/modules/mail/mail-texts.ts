import type { Language } from '@meetflow/shared/languages';
import type { MailKind } from './mail-render-types.ts';

export interface MailText {
  subject: string;
  body: string;
}

/*
 * The app's own subject and body of each guest e-mail, used when the organiser has not written one.
 * Placeholders as in MAIL_PLACEHOLDERS. Only values that are always present ({meeting}, {start},
 * {code}, {link}) are used here: an empty place would leave a broken sentence, and the details block
 * under the body shows the place and the sessions anyway. Chinese quotes follow each script's usage
 * (「」 in Traditional, “” in Simplified).
 */
const DEFAULT_TEXTS: Record<MailKind, Record<Language, MailText>> = {
  confirmation: {
    'zh-tw': {
      subject: '報名成功：{meeting}',
      body: '感謝您報名參加「{meeting}」，您的報名已經確認。\n會議將於 {start} 開始，入場時請出示下方的二維碼。',
    },
    'zh-cn': {
      subject: '报名成功：{meeting}',
      body: '感谢您报名参加“{meeting}”，您的报名已经确认。\n会议将于 {start} 开始，入场时请出示下方的二维码。',
    },
    en: {
      subject: 'Registration confirmed: {meeting}',
      body: 'Thank you for registering for {meeting}. Your place is confirmed.\nThe meeting starts on {start}. Please show the QR code below at the entrance.',
    },
  },
  enrolment_update: {
    'zh-tw': {
      subject: '場次已更新：{meeting}',
      body: '您在「{meeting}」報名的場次已經更新，以下是您目前的場次。\n入場時請出示下方的二維碼。',
    },
    'zh-cn': {
      subject: '场次已更新：{meeting}',
      body: '您在“{meeting}”报名的场次已经更新，以下是您目前的场次。\n入场时请出示下方的二维码。',
    },
    en: {
      subject: 'Your sessions have changed: {meeting}',
      body: 'Your sessions for {meeting} have been updated; your current sessions are listed below.\nPlease show the QR code below at the entrance.',
    },
  },
  reminder: {
    'zh-tw': {
      subject: '會議提醒：{meeting}',
      body: '溫馨提示，「{meeting}」將於 {start} 開始。\n入場時請出示下方的二維碼，期待與您見面。',
    },
    'zh-cn': {
      subject: '会议提醒：{meeting}',
      body: '温馨提示，“{meeting}”将于 {start} 开始。\n入场时请出示下方的二维码，期待与您见面。',
    },
    en: {
      subject: 'Reminder: {meeting}',
      body: 'A reminder that {meeting} starts on {start}.\nPlease show the QR code below at the entrance. We look forward to seeing you.',
    },
  },
  code: {
    'zh-tw': {
      subject: '您的嘉賓碼：{meeting}',
      body: '以下是您參加「{meeting}」的嘉賓碼：{code}\n入場時請出示下方的二維碼。',
    },
    'zh-cn': {
      subject: '您的嘉宾码：{meeting}',
      body: '以下是您参加“{meeting}”的嘉宾码：{code}\n入场时请出示下方的二维码。',
    },
    en: {
      subject: 'Your guest code: {meeting}',
      body: 'Here is your guest code for {meeting}: {code}\nPlease show the QR code below at the entrance.',
    },
  },
  login_code: {
    'zh-tw': {
      subject: '{login_code} 是您的驗證碼：{meeting}',
      body: '您正在簽到頁面查詢「{meeting}」的嘉賓碼。\n驗證碼：{login_code}\n驗證碼 10 分鐘內有效。如非本人操作，請忽略此郵件。',
    },
    'zh-cn': {
      subject: '{login_code} 是您的验证码：{meeting}',
      body: '您正在签到页面查询“{meeting}”的嘉宾码。\n验证码：{login_code}\n验证码 10 分钟内有效。如非本人操作，请忽略此邮件。',
    },
    en: {
      subject: '{login_code} is your verification code: {meeting}',
      body: 'You asked for your guest code for {meeting} on the check-in page.\nVerification code: {login_code}\nIt is valid for 10 minutes. If this was not you, ignore this message.',
    },
  },
  broadcast: {
    'zh-tw': {
      subject: '「{meeting}」最新消息',
      body: '「{meeting}」有最新消息，詳情請瀏覽嘉賓頁面：{link}',
    },
    'zh-cn': {
      subject: '“{meeting}”最新消息',
      body: '“{meeting}”有最新消息，详情请浏览嘉宾页面：{link}',
    },
    en: {
      subject: 'News from {meeting}',
      body: 'There is news about {meeting}. Please see the guest page for details: {link}',
    },
  },
  // The certificate itself is the attachment; its verification link is printed on it, so the mail
  // needs no more of the guest's data than their name in the greeting.
  certificate: {
    'zh-tw': {
      subject: '您的出席證明：{meeting}',
      body: '感謝您出席「{meeting}」。\n您的出席證明已附於本郵件（PDF 檔案），證明上印有核實連結，可供查證其真偽。',
    },
    'zh-cn': {
      subject: '您的出席证明：{meeting}',
      body: '感谢您出席“{meeting}”。\n您的出席证明已附于本邮件（PDF 文件），证明上印有验证链接，可供核实其真伪。',
    },
    en: {
      subject: 'Your certificate of attendance: {meeting}',
      body: 'Thank you for attending {meeting}.\nYour certificate of attendance is attached to this message as a PDF. It can be verified at the link printed on it.',
    },
  },
  // A group booking's contact (issue 45): the link to the group's page, which lists every code.
  group_link: {
    'zh-tw': {
      subject: '團體報名已完成：{meeting}',
      body: '您為 {size} 位參加者報名「{meeting}」已完成，每位參加者亦會收到自己的確認郵件及二維碼。\n請保存下方連結：團體頁面列出所有參加者的嘉賓碼，亦可在該頁取消個別參加者或重寄確認郵件。',
    },
    'zh-cn': {
      subject: '团体报名已完成：{meeting}',
      body: '您为 {size} 位参加者报名“{meeting}”已完成，每位参加者也会收到自己的确认邮件及二维码。\n请保存下方链接：团体页面列出所有参加者的嘉宾码，也可在该页取消个别参加者或重寄确认邮件。',
    },
    en: {
      subject: 'Group booking done: {meeting}',
      body: "You have registered {size} attendees for {meeting}; each of them also receives their own confirmation with their QR code.\nKeep the link below: the group's page lists every attendee's code, and there you can cancel an attendee or send their confirmation again.",
    },
  },
  // An application awaiting the organiser's approval (issue 45): no code until it is approved; the
  // button opens the guest page, which shows the application's state (and, once rejected, why).
  application_received: {
    'zh-tw': {
      subject: '已收到您的報名申請：{meeting}',
      body: '我們已收到您參加「{meeting}」的報名申請，主辦單位審核後會以電郵通知您結果。\n審核期間可按下方按鈕查看申請狀態。申請獲批准後，您會收到載有嘉賓碼及二維碼的確認郵件。',
    },
    'zh-cn': {
      subject: '已收到您的报名申请：{meeting}',
      body: '我们已收到您参加“{meeting}”的报名申请，主办单位审核后会以邮件通知您结果。\n审核期间可点击下方按钮查看申请状态。申请获批准后，您会收到载有嘉宾码及二维码的确认邮件。',
    },
    en: {
      subject: 'Application received: {meeting}',
      body: 'We have received your application to attend {meeting}. The organiser decides on it and will tell you the outcome by e-mail.\nUntil then, the button below shows its state. Once it is approved, you will receive a confirmation with your guest code and QR code.',
    },
  },
  application_rejected: {
    'zh-tw': {
      subject: '報名申請未獲批准：{meeting}',
      body: '很抱歉，您參加「{meeting}」的報名申請未獲主辦單位批准。\n原因：{reason}\n如有疑問，請與主辦單位聯絡。',
    },
    'zh-cn': {
      subject: '报名申请未获批准：{meeting}',
      body: '很抱歉，您参加“{meeting}”的报名申请未获主办单位批准。\n原因：{reason}\n如有疑问，请与主办单位联系。',
    },
    en: {
      subject: 'Application not approved: {meeting}',
      body: 'We are sorry: the organiser of {meeting} has not approved your application.\nReason: {reason}\nIf you have any questions, please contact the organiser.',
    },
  },
  // An invitee of an imported list (issue 45), not a guest yet: the button opens the sign-up page
  // with their personal code, which takes one sign-up; {invited_as} is a sentence or empty.
  invitation: {
    'zh-tw': {
      subject: '誠邀您參加：{meeting}',
      body: '誠邀您參加「{meeting}」，會議將於 {start} 開始。\n請按下方按鈕報名：此連結只供您本人使用一次，請勿轉寄。\n{invited_as}',
    },
    'zh-cn': {
      subject: '诚邀您参加：{meeting}',
      body: '诚邀您参加“{meeting}”，会议将于 {start} 开始。\n请点击下方按钮报名：此链接只供您本人使用一次，请勿转发。\n{invited_as}',
    },
    en: {
      subject: 'You are invited: {meeting}',
      body: 'You are invited to {meeting}, which starts on {start}.\nPlease register with the button below: the link is yours alone and works once, so do not forward it.\n{invited_as}',
    },
  },
  // A seat freed up for someone on a waiting list: the button accepts it (on a page, never by the click alone).
  waitlist_offer: {
    'zh-tw': {
      subject: '候補名額：{meeting}{session}',
      body: '「{meeting}」{session}有名額空出，現為您保留至 {until}。\n請於此時間前按下方按鈕接受；逾期名額將讓予下一位候補者。如不需要，亦可在同一頁面放棄。',
    },
    'zh-cn': {
      subject: '候补名额：{meeting}{session}',
      body: '“{meeting}”{session}有名额空出，现为您保留至 {until}。\n请于此时间前点击下方按钮接受；逾期名额将让予下一位候补者。如不需要，也可在同一页面放弃。',
    },
    en: {
      subject: 'A seat for you: {meeting}{session}',
      body: 'A seat has come free at {meeting}{session} and is held for you until {until}.\nAccept it with the button below before then; after that it goes to the next person on the waiting list. You can also decline it on the same page.',
    },
  },
  // An evaluation (issue 43) after the meeting or session: the button opens it on the guest page;
  // {unlock} is a sentence of its own where the certificate waits for it, else empty.
  evaluation_invitation: {
    'zh-tw': {
      subject: '請填寫問卷：{evaluation}',
      body: '感謝您出席「{meeting}」{session}。\n請按下方按鈕填寫「{evaluation}」，只需幾分鐘。\n{unlock}',
    },
    'zh-cn': {
      subject: '请填写问卷：{evaluation}',
      body: '感谢您出席“{meeting}”{session}。\n请点击下方按钮填写“{evaluation}”，只需几分钟。\n{unlock}',
    },
    en: {
      subject: 'Your evaluation: {evaluation}',
      body: 'Thank you for attending {meeting}{session}.\nPlease take a few minutes to complete "{evaluation}" with the button below.\n{unlock}',
    },
  },
  evaluation_reminder: {
    'zh-tw': {
      subject: '提醒：請填寫問卷：{evaluation}',
      body: '您出席了「{meeting}」{session}，尚未填寫「{evaluation}」。\n請按下方按鈕填寫。\n{unlock}',
    },
    'zh-cn': {
      subject: '提醒：请填写问卷：{evaluation}',
      body: '您出席了“{meeting}”{session}，尚未填写“{evaluation}”。\n请点击下方按钮填写。\n{unlock}',
    },
    en: {
      subject: 'Reminder: your evaluation: {evaluation}',
      body: 'You attended {meeting}{session} and have not yet completed "{evaluation}".\nPlease complete it with the button below.\n{unlock}',
    },
  },
  // Paid registration (issue 44): the receipt or credit note is the attachment; the guest page
  // lists them too. No code here: the confirmation that the place is theirs is a mail of its own.
  receipt: {
    'zh-tw': {
      subject: '收據 {number}：{meeting}',
      body: '感謝您的付款。我們已收到您為「{meeting}」支付的 {amount}。\n收據 {number} 已附於本郵件（PDF 檔案），亦可在嘉賓頁面下載。',
    },
    'zh-cn': {
      subject: '收据 {number}：{meeting}',
      body: '感谢您的付款。我们已收到您为“{meeting}”支付的 {amount}。\n收据 {number} 已附于本邮件（PDF 文件），也可在嘉宾页面下载。',
    },
    en: {
      subject: 'Receipt {number}: {meeting}',
      body: 'Thank you for your payment. We have received {amount} for {meeting}.\nReceipt {number} is attached to this message as a PDF; you can also download it from your guest page.',
    },
  },
  credit_note: {
    'zh-tw': {
      subject: '退款單 {number}：{meeting}',
      body: '「{meeting}」的主辦單位已為您退款 {amount}。\n退款單 {number} 已附於本郵件（PDF 檔案）。款項退回所需時間視乎付款方式而定。',
    },
    'zh-cn': {
      subject: '退款单 {number}：{meeting}',
      body: '“{meeting}”的主办单位已为您退款 {amount}。\n退款单 {number} 已附于本邮件（PDF 文件）。款项退回所需时间视付款方式而定。',
    },
    en: {
      subject: 'Credit note {number}: {meeting}',
      body: 'The organiser of {meeting} has refunded {amount} to you.\nCredit note {number} is attached to this message as a PDF. How long the money takes to reach you depends on how you paid.',
    },
  },
};

/** The app's default subject and body (with placeholders) of a kind of mail in a language. */
export function defaultMailText(kind: MailKind, language: Language): MailText {
  return DEFAULT_TEXTS[kind][language];
}

/** The fixed words around the body: greeting, labels, button and footer. */
export interface MailLabels {
  /** '{name}' is replaced by the guest's name. */
  greeting: string;
  time: string;
  dates: string;
  place: string;
  sessions: string;
  cancelledSessions: string;
  allDay: string;
  guestCode: string;
  qrHint: string;
  qrAlt: string;
  button: string;
  /** The button of an offer from a waiting list. */
  offerButton: string;
  /** The button of the mail to a group's contact: the group's page. */
  groupButton: string;
  /** The button of an evaluation's invitation and reminder. */
  evaluationButton: string;
  /** The button of a personal invitation: its sign-up page. */
  invitationButton: string;
  /** A personal invitation's `{invited_as}`: '{type}' is the registration type's name. */
  invitedAs: string;
  /** An evaluation mail's `{unlock}` where the certificate waits for it. */
  evaluationUnlocks: string;
  linkFallback: string;
  footer: string;
  unsubscribe: string;
  /** Between the two ends of a time range. */
  to: string;
}

const LABELS: Record<Language, MailLabels> = {
  'zh-tw': {
    greeting: '{name} 您好：',
    time: '時間',
    dates: '日期',
    place: '地點',
    sessions: '您的場次',
    cancelledSessions: '已取消的場次',
    allDay: '全日',
    guestCode: '嘉賓碼',
    qrHint: '入場時請出示此二維碼。',
    qrAlt: '嘉賓二維碼',
    button: '查看嘉賓資訊',
    offerButton: '接受或放棄名額',
    groupButton: '查看團體報名',
    evaluationButton: '填寫問卷',
    invitationButton: '立即報名',
    invitedAs: '您將以「{type}」身份報名。',
    evaluationUnlocks: '完成此問卷後即可解鎖您的出席證書。',
    linkFallback: '如按鈕無法使用，請複製以下連結到瀏覽器開啟：',
    footer: '此郵件由系統自動發送，請勿直接回覆。',
    unsubscribe: '取消訂閱此類郵件',
    to: ' 至 ',
  },
  'zh-cn': {
    greeting: '{name} 您好：',
    time: '时间',
    dates: '日期',
    place: '地点',
    sessions: '您的场次',
    cancelledSessions: '已取消的场次',
    allDay: '全天',
    guestCode: '嘉宾码',
    qrHint: '入场时请出示此二维码。',
    qrAlt: '嘉宾二维码',
    button: '查看嘉宾信息',
    offerButton: '接受或放弃名额',
    groupButton: '查看团体报名',
    evaluationButton: '填写问卷',
    invitationButton: '立即报名',
    invitedAs: '您将以“{type}”身份报名。',
    evaluationUnlocks: '完成此问卷后即可解锁您的出席证书。',
    linkFallback: '如按钮无法使用，请复制以下链接到浏览器打开：',
    footer: '此邮件由系统自动发送，请勿直接回复。',
    unsubscribe: '退订此类邮件',
    to: ' 至 ',
  },
  en: {
    greeting: 'Dear {name},',
    time: 'Time',
    dates: 'Dates',
    place: 'Place',
    sessions: 'Your sessions',
    cancelledSessions: 'Cancelled sessions',
    allDay: 'All day',
    guestCode: 'Guest code',
    qrHint: 'Show this QR code at the entrance.',
    qrAlt: 'Guest QR code',
    button: 'Open my guest page',
    offerButton: 'Accept or decline the seat',
    groupButton: "Open the group's page",
    evaluationButton: 'Complete the evaluation',
    invitationButton: 'Register now',
    invitedAs: 'You will register as {type}.',
    evaluationUnlocks: 'Complete it to unlock your certificate of attendance.',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: 'This message was sent automatically; please do not reply to it.',
    unsubscribe: 'Unsubscribe from these e-mails',
    to: ' – ',
  },
};

export function mailLabels(language: Language): MailLabels {
  return LABELS[language];
}
