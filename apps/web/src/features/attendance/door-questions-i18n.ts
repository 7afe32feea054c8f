import { registerFeatureCatalogue } from '../../lib/i18n.ts';

/** The questions asked at the door (issue 42): the operator's station and the self check-in kiosk. */
const zhTw = {
  title: '入場問題',
  guestTitle: '入場前請回答以下問題',
  lead: '{{name}} 尚未回答以下問題。',
  save: '儲存回答',
  skip: '略過',
  skipHint: '按 Esc 略過',
  yes: '是',
  no: '否',
  choose: '請選擇',
  notAtDoor: '此題須於嘉賓頁面或由主辦方填寫，入口無法回答。',
  saved: '回答已儲存',
  queued: '回答已保存在本機，將隨掃描一併上傳',
  failed: '回答未能儲存，請重試或略過',
  thanks: '謝謝！',
};

type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  title: '入场问题',
  guestTitle: '入场前请回答以下问题',
  lead: '{{name}} 尚未回答以下问题。',
  save: '保存回答',
  skip: '跳过',
  skipHint: '按 Esc 跳过',
  yes: '是',
  no: '否',
  choose: '请选择',
  notAtDoor: '此题须在嘉宾页面或由主办方填写，入口无法回答。',
  saved: '回答已保存',
  queued: '回答已保存在本机，将随扫描一并上传',
  failed: '回答未能保存，请重试或跳过',
  thanks: '谢谢！',
};

const en: Catalogue = {
  title: 'Questions at the door',
  guestTitle: 'A few questions before you go in',
  lead: '{{name}} has not answered these yet.',
  save: 'Save answers',
  skip: 'Skip',
  skipHint: 'Esc skips',
  yes: 'Yes',
  no: 'No',
  choose: 'Choose',
  notAtDoor: 'Answered on the guest’s page or by the organiser; not at the door.',
  saved: 'Answers saved',
  queued: 'Answers kept on this station; they go up with the scans',
  failed: 'The answers could not be saved; try again or skip',
  thanks: 'Thank you!',
};

registerFeatureCatalogue('doorQuestions', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
