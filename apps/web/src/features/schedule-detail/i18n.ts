import { registerFeatureCatalogue } from '../../lib/i18n.ts';

const zhTw = {
  meeting: '會議',
  selectMeeting: '請選擇會議',
  session: '日程',
  date: '日期',
  timeSlot: '時段',
  enrolled: '已報名／上限',
  unlimited: '不限',
  checkedIn: '已簽到',
  inside: '場內',
  waiting: '候補',
  export: '匯出日程明細',
  guests: '已報名嘉賓',
  guest: '嘉賓',
  userType: '報名類型',
  status: '出席狀態',
  enrolledAt: '報名時間',
  lastInAt: '最近入場',
  lastOutAt: '最近離場',
  statuses: { checked_in: '已簽到', not_checked_in: '未簽到', left: '已離場' },
  noGuests: '尚無嘉賓報名此日程',
};

type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  meeting: '会议',
  selectMeeting: '请选择会议',
  session: '日程',
  date: '日期',
  timeSlot: '时段',
  enrolled: '已报名／上限',
  unlimited: '不限',
  checkedIn: '已签到',
  inside: '场内',
  waiting: '候补',
  export: '导出日程明细',
  guests: '已报名嘉宾',
  guest: '嘉宾',
  userType: '报名类型',
  status: '出席状态',
  enrolledAt: '报名时间',
  lastInAt: '最近入场',
  lastOutAt: '最近离场',
  statuses: { checked_in: '已签到', not_checked_in: '未签到', left: '已离场' },
  noGuests: '暂无嘉宾报名此日程',
};

const en: Catalogue = {
  meeting: 'Meeting',
  selectMeeting: 'Select a meeting',
  session: 'Session',
  date: 'Date',
  timeSlot: 'Time',
  enrolled: 'Enrolled / limit',
  unlimited: 'unlimited',
  checkedIn: 'Checked in',
  inside: 'Inside',
  waiting: 'Waiting',
  export: 'Export schedule detail',
  guests: 'Enrolled guests',
  guest: 'Guest',
  userType: 'Registration type',
  status: 'Attendance',
  enrolledAt: 'Enrolled',
  lastInAt: 'Latest entry',
  lastOutAt: 'Latest exit',
  statuses: { checked_in: 'Checked in', not_checked_in: 'Not checked in', left: 'Left' },
  noGuests: 'No guest has enrolled in this session yet',
};

registerFeatureCatalogue('scheduleDetail', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
