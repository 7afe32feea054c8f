import { registerFeatureCatalogue } from '../../../lib/i18n.ts';

/**
 * Texts of the evaluation page (t('pubEval.…')): they load with its chunk, so the sign-up page
 * downloads none of them. The guest page's evaluation section speaks from the 'pub' catalogue.
 */
const zhTw = {
  anonymous: '本問卷為匿名問卷：您的答案與您的姓名分開保存，任何人都無法把答案連結到您。',
  named: '本問卷為實名問卷：主辦單位會看到您的姓名及答案。',
  quizNote: '部分問題為測驗題，答對 {{mark}}% 或以上為合格。',
  quizNoteNoMark: '部分問題為測驗題。',
  closesOn: '截止日期：{{day}}',
  submit: '提交答案',
  submitting: '提交中…',
  thanksTitle: '謝謝您的回饋！',
  thanksBody: '您的答案已收到。',
  quizResult: '測驗：答對 {{right}} / {{total}} 題（{{percent}}%）',
  quizPassed: '您已通過測驗。',
  quizFailed: '未達合格分數（{{mark}}%），證書暫未能解鎖。',
  unlocked: '您的證書已解鎖',
  completedTitle: '您已完成此問卷',
  completedBody: '每位嘉賓只需填寫一次，謝謝您。',
  alreadyAnswered: '您的答案早前已經提交（可能在其他裝置）。',
  closedTitle: '此問卷已截止',
  closedBody: '主辦單位已不再收集此問卷的答案。',
  notFoundTitle: '找不到此問卷',
  notFoundBody: '問卷不存在，或只開放給出席了相關會議或日程的嘉賓。',
  sendFailed: '未能提交答案：{{reason}}',
  back: '返回我的嘉賓頁',
};

const zhCn: typeof zhTw = {
  anonymous: '本问卷为匿名问卷：您的答案与您的姓名分开保存，任何人都无法把答案关联到您。',
  named: '本问卷为实名问卷：主办单位会看到您的姓名及答案。',
  quizNote: '部分问题为测验题，答对 {{mark}}% 或以上为合格。',
  quizNoteNoMark: '部分问题为测验题。',
  closesOn: '截止日期：{{day}}',
  submit: '提交答案',
  submitting: '提交中…',
  thanksTitle: '谢谢您的反馈！',
  thanksBody: '您的答案已收到。',
  quizResult: '测验：答对 {{right}} / {{total}} 题（{{percent}}%）',
  quizPassed: '您已通过测验。',
  quizFailed: '未达合格分数（{{mark}}%），证书暂未能解锁。',
  unlocked: '您的证书已解锁',
  completedTitle: '您已完成此问卷',
  completedBody: '每位嘉宾只需填写一次，谢谢您。',
  alreadyAnswered: '您的答案早前已经提交（可能在其他设备）。',
  closedTitle: '此问卷已截止',
  closedBody: '主办单位已不再收集此问卷的答案。',
  notFoundTitle: '找不到此问卷',
  notFoundBody: '问卷不存在，或只开放给出席了相关会议或日程的嘉宾。',
  sendFailed: '未能提交答案：{{reason}}',
  back: '返回我的嘉宾页',
};

const en: typeof zhTw = {
  anonymous:
    'Your answers are anonymous: they are kept apart from your name, and no one can link them to you.',
  named: 'This evaluation is named: the organiser sees your answers with your name.',
  quizNote: 'Some questions are a quiz: {{mark}}% right answers pass.',
  quizNoteNoMark: 'Some questions are a quiz.',
  closesOn: 'Open until {{day}}',
  submit: 'Submit answers',
  submitting: 'Submitting…',
  thanksTitle: 'Thank you for your feedback!',
  thanksBody: 'Your answers have been received.',
  quizResult: 'Quiz: {{right}} of {{total}} right ({{percent}}%)',
  quizPassed: 'You passed the quiz.',
  quizFailed: 'Below the pass mark ({{mark}}%): the certificate stays locked.',
  unlocked: 'Your certificate is unlocked',
  completedTitle: 'You have completed this evaluation',
  completedBody: 'Each guest answers once. Thank you.',
  alreadyAnswered: 'Your answers were already received (perhaps from another device).',
  closedTitle: 'This evaluation is closed',
  closedBody: 'The organiser no longer takes answers to it.',
  notFoundTitle: 'Evaluation not found',
  notFoundBody: 'It does not exist, or it is open only to guests who attended the meeting or session.',
  sendFailed: 'Your answers could not be sent: {{reason}}',
  back: 'Back to my guest page',
};

registerFeatureCatalogue('pubEval', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
