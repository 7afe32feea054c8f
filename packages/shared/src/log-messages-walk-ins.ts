/** System-log messages of walk-ins at the door (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const WALK_IN_LOG_MESSAGES = {
  'walk_ins.registered': {
    'zh-tw': '現場登記：會議 #{meeting_id} 的嘉賓 #{guest_id}，入口 {station}',
    'zh-cn': '现场登记：会议 #{meeting_id} 的嘉宾 #{guest_id}，入口 {station}',
    en: 'Walk-in registered at the door: guest #{guest_id} of meeting #{meeting_id}, station {station}',
  },
  'walk_ins.registered_over_capacity': {
    'zh-tw': '現場登記（超出名額）：會議 #{meeting_id} 的嘉賓 #{guest_id}，入口 {station}',
    'zh-cn': '现场登记（超出名额）：会议 #{meeting_id} 的嘉宾 #{guest_id}，入口 {station}',
    en: 'Walk-in admitted over capacity: guest #{guest_id} of meeting #{meeting_id}, station {station}',
  },
  'walk_ins.merged': {
    'zh-tw': '現場登記併入已報名嘉賓 #{guest_id}（會議 #{meeting_id}，入口 {station}）',
    'zh-cn': '现场登记并入已报名嘉宾 #{guest_id}（会议 #{meeting_id}，入口 {station}）',
    en: 'Walk-in merged into guest #{guest_id} who had signed up (meeting #{meeting_id}, station {station})',
  },
  'walk_ins.synced': {
    'zh-tw':
      '離線現場登記上傳：會議 #{meeting_id}，入口 {station}：新增 {admitted} 位，超出名額 {over_capacity} 位，併入 {merged} 位，衝突 {conflicts} 筆',
    'zh-cn':
      '离线现场登记上传：会议 #{meeting_id}，入口 {station}：新增 {admitted} 位，超出名额 {over_capacity} 位，并入 {merged} 位，冲突 {conflicts} 条',
    en: 'Offline walk-ins uploaded at meeting #{meeting_id}, station {station}: {admitted} admitted, {over_capacity} over capacity, {merged} merged, {conflicts} conflicts',
  },
} as const;
