/** System-log messages of group bookings (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const GROUP_LOG_MESSAGES = {
  'groups.registered': {
    'zh-tw': '團體報名會議 #{meeting_id}（{meeting_name}）：團體 #{group_id}，{size} 人',
    'zh-cn': '团体报名会议 #{meeting_id}（{meeting_name}）：团体 #{group_id}，{size} 人',
    en: 'Group booking for meeting #{meeting_id} ({meeting_name}): group #{group_id}, {size} attendees',
  },
  'groups.attendee_cancelled': {
    'zh-tw': '團體 #{group_id} 的聯絡人取消嘉賓 #{guest_id}（會議 #{meeting_id}）',
    'zh-cn': '团体 #{group_id} 的联络人取消嘉宾 #{guest_id}（会议 #{meeting_id}）',
    en: 'The contact of group #{group_id} cancelled guest #{guest_id} (meeting #{meeting_id})',
  },
  'groups.mail_resent': {
    'zh-tw': '團體 #{group_id} 的聯絡人重寄嘉賓 #{guest_id} 的確認信（會議 #{meeting_id}）',
    'zh-cn': '团体 #{group_id} 的联络人重寄嘉宾 #{guest_id} 的确认信（会议 #{meeting_id}）',
    en: "The contact of group #{group_id} re-sent guest #{guest_id}'s confirmation (meeting #{meeting_id})",
  },
} as const;
