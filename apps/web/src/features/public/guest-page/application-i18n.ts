import { registerFeatureCatalogue } from '../../../lib/i18n.ts';

/** What an applicant sees while the organiser decides (issue 45); zh-tw is the source. */
const zhTw = {
  received: '已收到您的申請',
  receivedText: '主辦單位會審核您的報名，結果將以電郵通知您。',
  title: '報名申請',
  pending: '等待主辦單位審核',
  pendingText: '審核通過後，您的報名編號（QR 碼）會在此頁顯示，並以電郵寄給您。',
  pendingSeat: '您的名額已為您保留，直至主辦單位作出決定。',
  mailReceived: '已收到您的報名申請，通知已寄至 {{email}}；由主辦單位審核決定。',
  rejected: '您的申請未獲接納',
  reason: '原因',
  withdrawn: '此申請已撤回',
  submittedAt: '提交時間',
  decidedAt: '處理時間',
};
type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  received: '已收到您的申请',
  receivedText: '主办单位会审核您的报名，结果将以邮件通知您。',
  title: '报名申请',
  pending: '等待主办单位审核',
  pendingText: '审核通过后，您的报名编号（二维码）会在此页显示，并以邮件发送给您。',
  pendingSeat: '您的名额已为您保留，直至主办单位作出决定。',
  mailReceived: '已收到您的报名申请，通知已发送至 {{email}}；由主办单位审核决定。',
  rejected: '您的申请未获接纳',
  reason: '原因',
  withdrawn: '此申请已撤回',
  submittedAt: '提交时间',
  decidedAt: '处理时间',
};

const en: Catalogue = {
  received: 'Application received',
  receivedText: 'The organiser will decide on your sign-up; we will e-mail you the outcome.',
  title: 'Your application',
  pending: "Awaiting the organiser's approval",
  pendingText: 'Once approved, your guest code (QR code) appears on this page and is e-mailed to you.',
  pendingSeat: 'Your seat is held for you until the organiser decides.',
  mailReceived: 'Your application was received (a note went to {{email}}); the organiser decides.',
  rejected: 'Your application was not accepted',
  reason: 'Reason',
  withdrawn: 'This application was withdrawn',
  submittedAt: 'Submitted',
  decidedAt: 'Decided',
};

registerFeatureCatalogue('pubApproval', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
