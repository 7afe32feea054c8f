import { registerFeatureCatalogue } from '../lib/i18n.ts';

/*
 * Strings of the mail preview and the placeholder buttons (section 'mailEditor'), shared by the
 * meeting's mail settings and the guest list's broadcasts; they load with whichever opens first.
 */
const zhTw = {
  preview: '預覽',
  previewWidth: '預覽寬度',
  phone: '手機',
  desktop: '電腦',
  previewFrame: '郵件預覽',
  previewNote: '以本會議的第一位嘉賓（沒有嘉賓時為示例嘉賓）顯示。',
  previewNoteExample: '以示例嘉賓顯示（本會議尚無嘉賓，或您無權查看嘉賓資料）。',
  previewIncomplete: '請填寫主旨和內容以顯示預覽。',
  previewFailed: '預覽載入失敗',
  previewUpdating: '更新預覽中…',
  subjectLabel: '主旨：',
  placeholders: '插入佔位符',
  answerPlaceholders: '插入嘉賓的答案',
  placeholderNames: {
    name: '嘉賓姓名',
    meeting: '會議名稱',
    start: '開始時間',
    end: '結束時間',
    place: '地點',
    code: '嘉賓碼',
    link: '嘉賓頁面連結',
    sessions: '已報名的日程',
    hours: '提前時數（提醒郵件）',
  },
};

type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  preview: '预览',
  previewWidth: '预览宽度',
  phone: '手机',
  desktop: '电脑',
  previewFrame: '邮件预览',
  previewNote: '以本会议的第一位嘉宾（没有嘉宾时为示例嘉宾）显示。',
  previewNoteExample: '以示例嘉宾显示（本会议尚无嘉宾，或您无权查看嘉宾资料）。',
  previewIncomplete: '请填写主题和正文以显示预览。',
  previewFailed: '预览加载失败',
  previewUpdating: '正在更新预览…',
  subjectLabel: '主题：',
  placeholders: '插入占位符',
  answerPlaceholders: '插入嘉宾的答案',
  placeholderNames: {
    name: '嘉宾姓名',
    meeting: '会议名称',
    start: '开始时间',
    end: '结束时间',
    place: '地点',
    code: '嘉宾码',
    link: '嘉宾页面链接',
    sessions: '已报名的日程',
    hours: '提前小时数（提醒邮件）',
  },
};

const en: Catalogue = {
  preview: 'Preview',
  previewWidth: 'Preview width',
  phone: 'Phone',
  desktop: 'Desktop',
  previewFrame: 'Mail preview',
  previewNote: "Shown with the meeting's first guest (an example guest when it has none).",
  previewNoteExample: 'Shown with an example guest (the meeting has no guests yet, or you may not see them).',
  previewIncomplete: 'Fill in the subject and the body to see the preview.',
  previewFailed: 'The preview could not be loaded',
  previewUpdating: 'Updating the preview…',
  subjectLabel: 'Subject: ',
  placeholders: 'Insert a placeholder',
  answerPlaceholders: "Insert the guest's answer",
  placeholderNames: {
    name: "Guest's name",
    meeting: 'Meeting name',
    start: 'Start time',
    end: 'End time',
    place: 'Location',
    code: 'Guest code',
    link: 'Link to the guest page',
    sessions: 'Sessions signed up for',
    hours: 'Hours before the start (reminders)',
  },
};

registerFeatureCatalogue('mailEditor', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
