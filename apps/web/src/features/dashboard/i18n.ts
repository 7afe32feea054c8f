import { registerFeatureCatalogue } from '../../lib/i18n.ts';

const zhTw = {
  selectMeeting: '請選擇會議',
  wholeMeeting: '整個會議',
  arrivalDay: '到場日期',
  signups: '報名趨勢（每日）',
  signupsSeries: '報名人數',
  arrivals: '到場曲線（每 10 分鐘）',
  arrivalsSeries: '入場人次',
  noMeetings: '暫無會議',
  noSignups: '尚無報名',
  noArrivals: '當日尚無入場記錄',
  loadFailed: '資料載入失敗',
  retry: '重試',
  revenue: {
    title: '收入',
    thisMeeting: '本會議',
    allMeetings: '所有會議',
    received: '已收',
    refunded: '已退',
    net: '淨收入',
    pending: '待付款',
    ordersPaid_other: '{{count}} 張訂單已付款',
    ordersPending_other: '{{count}} 張訂單待付款',
  },
};

type Catalogue = typeof zhTw;

const zhCn: Catalogue = {
  selectMeeting: '请选择会议',
  wholeMeeting: '整个会议',
  arrivalDay: '到场日期',
  signups: '报名趋势（每日）',
  signupsSeries: '报名人数',
  arrivals: '到场曲线（每 10 分钟）',
  arrivalsSeries: '入场人次',
  noMeetings: '暂无会议',
  noSignups: '尚无报名',
  noArrivals: '当日尚无入场记录',
  loadFailed: '数据加载失败',
  retry: '重试',
  revenue: {
    title: '收入',
    thisMeeting: '本会议',
    allMeetings: '所有会议',
    received: '已收',
    refunded: '已退',
    net: '净收入',
    pending: '待付款',
    ordersPaid_other: '{{count}} 张订单已付款',
    ordersPending_other: '{{count}} 张订单待付款',
  },
};

/** English adds its singulars (`*_one`): apart, so that the catalogue's type lets them pass. */
const englishRevenue = {
  title: 'Revenue',
  thisMeeting: 'This meeting',
  allMeetings: 'All meetings',
  received: 'Received',
  refunded: 'Refunded',
  net: 'Net',
  pending: 'Awaiting payment',
  ordersPaid_one: '{{count}} order paid',
  ordersPaid_other: '{{count}} orders paid',
  ordersPending_one: '{{count}} order unpaid',
  ordersPending_other: '{{count}} orders unpaid',
};

const en: Catalogue = {
  selectMeeting: 'Select a meeting',
  wholeMeeting: 'Whole meeting',
  arrivalDay: 'Arrival day',
  signups: 'Sign-ups per day',
  signupsSeries: 'Sign-ups',
  arrivals: 'Arrivals per 10 minutes',
  arrivalsSeries: 'Entries',
  noMeetings: 'No meetings yet',
  noSignups: 'No sign-ups yet',
  noArrivals: 'No entries on this day',
  loadFailed: 'The data could not be loaded',
  retry: 'Retry',
  revenue: englishRevenue,
};

registerFeatureCatalogue('dashboard', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
