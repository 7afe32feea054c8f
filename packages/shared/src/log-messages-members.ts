/** System-log messages of the organisation's member list (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const MEMBER_LOG_MESSAGES = {
  'members.imported': {
    'zh-tw':
      '匯入組織 #{organization_id} 的會員名單（匯入 #{import_id}）：新增 {created} 列、更新 {updated} 列、略過 {skipped} 列',
    'zh-cn':
      '导入组织 #{organization_id} 的会员名单（导入 #{import_id}）：新增 {created} 行、更新 {updated} 行、略过 {skipped} 行',
    en: 'Imported the member list of organisation #{organization_id} (import #{import_id}): {created} added, {updated} updated, {skipped} skipped',
  },
  'members.deleted': {
    'zh-tw': '刪除組織 #{organization_id} 會員名單的第 #{member_id} 列',
    'zh-cn': '删除组织 #{organization_id} 会员名单的第 #{member_id} 行',
    en: 'Deleted row #{member_id} of the member list of organisation #{organization_id}',
  },
  'members.cleared': {
    'zh-tw': '清空組織 #{organization_id} 的會員名單（{deleted} 列）',
    'zh-cn': '清空组织 #{organization_id} 的会员名单（{deleted} 行）',
    en: 'Cleared the member list of organisation #{organization_id} ({deleted} rows)',
  },
  'members.abandoned': {
    'zh-tw': '將 {count} 個中斷或逾期未匯入的會員名單上傳標示為失敗，並刪除其暫存資料列',
    'zh-cn': '将 {count} 个中断或逾期未导入的会员名单上传标记为失败，并删除其暂存数据行',
    en: 'Marked {count} interrupted or never applied member list uploads as failed and dropped their staged rows',
  },
} as const;
