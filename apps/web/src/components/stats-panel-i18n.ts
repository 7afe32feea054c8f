import { registerFeatureCatalogue } from '../lib/i18n.ts';

// The live statistics panel's strings, registered with the panel (the scan station, the records page and
// the dashboard show it).

const zhTw = {
  title: '今日統計',
  signedUp: '已報名',
  waiting: '候補名單：{{count}}',
  checkedInToday: '今日已簽到',
  inside: '場內人數',
  left: '已離場',
  live: '即時',
  reconnecting: '重新連線中',
};

const zhCn = {
  title: '今日统计',
  signedUp: '已报名',
  waiting: '候补名单：{{count}}',
  checkedInToday: '今日已签到',
  inside: '场内人数',
  left: '已离场',
  live: '实时',
  reconnecting: '重新连接中',
};

const en = {
  title: "Today's statistics",
  signedUp: 'Signed up',
  waiting: 'Waiting list: {{count}}',
  checkedInToday: 'Checked in today',
  inside: 'Inside now',
  left: 'Left',
  live: 'Live',
  reconnecting: 'Reconnecting',
};

registerFeatureCatalogue('statsPanel', { 'zh-tw': zhTw, 'zh-cn': zhCn, en });
