/** System-log messages of invitations (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const INVITATION_LOG_MESSAGES = {
  'invitations.seats_set': {
    'zh-tw': '將會議 #{meeting_id} 的受邀保留名額設為 {reserved}',
    'zh-cn': '将会议 #{meeting_id} 的受邀保留名额设为 {reserved}',
    en: 'Set the invitee seats of meeting #{meeting_id} to {reserved}',
  },
  'invitations.code_saved': {
    'zh-tw': '儲存會議 #{meeting_id} 的邀請碼 #{invitation_id}',
    'zh-cn': '保存会议 #{meeting_id} 的邀请码 #{invitation_id}',
    en: 'Saved invitation #{invitation_id} of meeting #{meeting_id}',
  },
  'invitations.code_deleted': {
    'zh-tw': '刪除會議 #{meeting_id} 的邀請碼 #{invitation_id}',
    'zh-cn': '删除会议 #{meeting_id} 的邀请码 #{invitation_id}',
    en: 'Deleted invitation #{invitation_id} of meeting #{meeting_id}',
  },
  'invitations.redeemed': {
    'zh-tw': '賓客 #{guest_id} 使用了會議 #{meeting_id} 的邀請碼 #{invitation_id}',
    'zh-cn': '嘉宾 #{guest_id} 使用了会议 #{meeting_id} 的邀请码 #{invitation_id}',
    en: 'Guest #{guest_id} used invitation #{invitation_id} of meeting #{meeting_id}',
  },
  'invitations.personal_imported': {
    'zh-tw': '為會議 #{meeting_id} 匯入 {count} 位受邀者並寄出個人邀請',
    'zh-cn': '为会议 #{meeting_id} 导入 {count} 位受邀者并寄出个人邀请',
    en: 'Imported {count} invitees of meeting #{meeting_id} and mailed their personal invitations',
  },
  'invitations.personal_resent': {
    'zh-tw': '重寄會議 #{meeting_id} 的個人邀請 #{invitation_id}',
    'zh-cn': '重寄会议 #{meeting_id} 的个人邀请 #{invitation_id}',
    en: 'Sent personal invitation #{invitation_id} of meeting #{meeting_id} again',
  },
} as const;
