/** System-log messages of approval (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const APPROVAL_LOG_MESSAGES = {
  'approval.settings_updated': {
    'zh-tw': '更新會議 #{meeting_id}（{meeting_name}）的報名資格設定：{changes}',
    'zh-cn': '更新会议 #{meeting_id}（{meeting_name}）的报名资格设置：{changes}',
    en: 'Updated who may register for meeting #{meeting_id} ({meeting_name}): {changes}',
  },
  'approval.applied': {
    'zh-tw': '報名待審核，會議 #{meeting_id}（{meeting_name}）：申請 #{application_id}，電話 {phone}',
    'zh-cn': '报名待审核，会议 #{meeting_id}（{meeting_name}）：申请 #{application_id}，电话 {phone}',
    en: 'Sign-up awaiting approval for meeting #{meeting_id} ({meeting_name}): application #{application_id}, phone {phone}',
  },
  'approval.approved': {
    'zh-tw': '核准報名，會議 #{meeting_id}：申請 #{application_id} → 嘉賓 #{guest_id}',
    'zh-cn': '核准报名，会议 #{meeting_id}：申请 #{application_id} → 嘉宾 #{guest_id}',
    en: 'Approved for meeting #{meeting_id}: application #{application_id} → guest #{guest_id}',
  },
  'approval.rejected': {
    'zh-tw': '拒絕報名，會議 #{meeting_id}：申請 #{application_id}',
    'zh-cn': '拒绝报名，会议 #{meeting_id}：申请 #{application_id}',
    en: 'Rejected for meeting #{meeting_id}: application #{application_id}',
  },
  'approval.withdrawn': {
    'zh-tw': '嘉賓 #{guest_id} 已取消，其待審核申請 #{application_id} 撤回，會議 #{meeting_id}',
    'zh-cn': '嘉宾 #{guest_id} 已取消，其待审核申请 #{application_id} 撤回，会议 #{meeting_id}',
    en: 'Guest #{guest_id} was cancelled: their pending application #{application_id} is withdrawn, meeting #{meeting_id}',
  },
  'approval.taken_over': {
    'zh-tw':
      '候補名單的名額給了嘉賓 #{guest_id}，其電話早前未保留名額的待審核申請 #{application_id} 改為保留此名額，會議 #{meeting_id}',
    'zh-cn':
      '候补名单的名额给了嘉宾 #{guest_id}，其电话早前未保留名额的待审核申请 #{application_id} 改为保留此名额，会议 #{meeting_id}',
    en: 'A seat from the waiting list went to guest #{guest_id}: the pending application #{application_id} their phone made earlier without a seat now holds it, meeting #{meeting_id}',
  },
  'approval.lookup_mailed': {
    'zh-tw':
      '以電話查詢報名，會議 #{meeting_id}：已再寄「已收到申請」郵件給待審核申請 #{application_id}，電話 {phone}',
    'zh-cn':
      '以电话查询报名，会议 #{meeting_id}：已再寄“已收到申请”邮件给待审核申请 #{application_id}，电话 {phone}',
    en: 'Look-up by phone for meeting #{meeting_id}: the "application received" mail sent again for pending application #{application_id}, phone {phone}',
  },
  'approval.erased': {
    'zh-tw': '已刪除 {count} 位被拒絕申請人的個人資料',
    'zh-cn': '已删除 {count} 位被拒绝申请人的个人资料',
    en: 'Erased the personal data of {count} rejected applicant(s)',
  },
} as const;
