import { i18n } from '../../../lib/i18n.ts';

/*
 * Strings of the unsubscribe page (section 'unsub'), all three languages in its own small chunk: the
 * page knows no meeting and so follows the visitor's browser, whatever language that is.
 */
const zhTw = {
  language: '語言',
  title: '取消訂閱主辦方郵件',
  intro:
    '如不想再收到主辦方就此會議群發給嘉賓的郵件，請在此取消訂閱。報名確認、日程更新、會議提醒和您要求的嘉賓碼郵件仍會照常寄出。',
  submit: '取消訂閱',
  working: '處理中…',
  done: '您將不再收到主辦方就此會議發送的郵件；報名確認和提醒郵件仍會寄出。',
  invalid: '此連結無效。請從郵件中開啟完整的連結，或聯絡主辦單位。',
  failed: '處理失敗，請稍後再試',
  network: '網絡連線失敗，請稍後再試',
};

export type UnsubscribeCatalogue = typeof zhTw;

const zhCn: UnsubscribeCatalogue = {
  language: '语言',
  title: '退订主办方邮件',
  intro:
    '如不想再收到主办方就此会议群发给嘉宾的邮件，请在此退订。报名确认、日程更新、会议提醒和您请求的嘉宾码邮件仍会照常发送。',
  submit: '退订',
  working: '处理中…',
  done: '您将不再收到主办方就此会议发送的邮件；报名确认和提醒邮件仍会发送。',
  invalid: '此链接无效。请从邮件中打开完整的链接，或联系主办单位。',
  failed: '处理失败，请稍后再试',
  network: '网络连接失败，请稍后再试',
};

const en: UnsubscribeCatalogue = {
  language: 'Language',
  title: "Unsubscribe from organisers' messages",
  intro:
    'No longer want the messages the organisers send to the guests of this meeting? Unsubscribe here. Confirmations, session updates, reminders and the codes you ask for still arrive.',
  submit: 'Unsubscribe',
  working: 'Working…',
  done: "You will no longer receive organisers' messages for this meeting; confirmations and reminders still arrive.",
  invalid: 'This link is not valid. Open the whole link from the email, or contact the organiser.',
  failed: 'Something went wrong, please try again later',
  network: 'Network connection failed, please try again later',
};

export const UNSUBSCRIBE_CATALOGUES = { 'zh-tw': zhTw, 'zh-cn': zhCn, en } as const;

for (const [lang, catalogue] of Object.entries(UNSUBSCRIBE_CATALOGUES)) {
  i18n.addTexts(lang as keyof typeof UNSUBSCRIBE_CATALOGUES, { unsub: catalogue }, true);
}
