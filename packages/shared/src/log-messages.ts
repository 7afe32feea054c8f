import { z } from 'zod';
import type { Language, Localized } from './languages.ts';
import { PAYMENT_LOG_MESSAGES } from './log-messages-payments.ts';
import { APPROVAL_LOG_MESSAGES } from './log-messages-approval.ts';
import { INVITATION_LOG_MESSAGES } from './log-messages-invitations.ts';
import { MEMBER_LOG_MESSAGES } from './log-messages-members.ts';
import { GROUP_LOG_MESSAGES } from './log-messages-groups.ts';
import { WALK_IN_LOG_MESSAGES } from './log-messages-walk-ins.ts';

/*
 * System-log entries are stored as a message key with parameters and read in the reader's
 * language. `{name}` is a parameter; a parameter that is a list of messages reads as those
 * messages joined (an empty list reads as nothing). Parameters carry ids, names and masked
 * values only: never passwords, tokens, full phone numbers or addresses.
 */
export const LOG_MESSAGES = {
  'auth.logged_in': { 'zh-tw': '登入成功', 'zh-cn': '登录成功', en: 'Logged in' },
  'auth.login_failed_captcha': {
    'zh-tw': '登入失敗：驗證碼錯誤或已過期',
    'zh-cn': '登录失败：验证码错误或已过期',
    en: 'Login failed: wrong or expired verification code',
  },
  'auth.login_failed_credentials': {
    'zh-tw': '登入失敗：帳號或密碼錯誤',
    'zh-cn': '登录失败：账号或密码错误',
    en: 'Login failed: wrong account or password',
  },
  'auth.logged_out': { 'zh-tw': '登出', 'zh-cn': '登出', en: 'Logged out' },
  'auth.session_revoked': {
    'zh-tw': '工作階段已撤銷：同一更新權杖被使用兩次',
    'zh-cn': '会话已撤销：同一刷新令牌被使用两次',
    en: 'Session revoked: a refresh token was used twice',
  },
  'auth.password_changed': { 'zh-tw': '修改了密碼', 'zh-cn': '修改了密码', en: 'Changed password' },

  'change.none': { 'zh-tw': '沒有變更', 'zh-cn': '没有变更', en: 'no changes' },
  'change.name': {
    'zh-tw': '名稱「{from}」→「{to}」',
    'zh-cn': '名称“{from}”→“{to}”',
    en: 'name "{from}" → "{to}"',
  },
  'change.email': { 'zh-tw': '電郵已變更', 'zh-cn': '邮箱已变更', en: 'email changed' },
  'change.language': {
    'zh-tw': '語言 {from} → {to}',
    'zh-cn': '语言 {from} → {to}',
    en: 'language {from} → {to}',
  },
  'change.role': { 'zh-tw': '角色 {from} → {to}', 'zh-cn': '角色 {from} → {to}', en: 'role {from} → {to}' },
  'change.organization': {
    'zh-tw': '組織 {from} → {to}（id {id}）',
    'zh-cn': '组织 {from} → {to}（id {id}）',
    en: 'organisation {from} → {to} (id {id})',
  },
  'change.enabled': { 'zh-tw': '已啟用', 'zh-cn': '已启用', en: 'enabled' },
  'change.disabled': {
    'zh-tw': '已停用，工作階段已結束',
    'zh-cn': '已停用，会话已结束',
    en: 'disabled, sessions ended',
  },
  'export.interrupted': { 'zh-tw': '（已中斷）', 'zh-cn': '（已中断）', en: ' (interrupted)' },

  'profile.updated': {
    'zh-tw': '修改了個人資料：{changes}',
    'zh-cn': '修改了个人资料：{changes}',
    en: 'Updated own profile: {changes}',
  },
  'user.created': {
    'zh-tw': '新增使用者「{account}」（id {id}）：角色 {role}，{organization}，{state}',
    'zh-cn': '新增用户“{account}”（id {id}）：角色 {role}，{organization}，{state}',
    en: 'Created user "{account}" (id {id}): role {role}, {organization}, {state}',
  },
  'user.organization': {
    'zh-tw': '組織「{name}」（id {id}）',
    'zh-cn': '组织“{name}”（id {id}）',
    en: 'organisation "{name}" (id {id})',
  },
  'user.no_organization': { 'zh-tw': '無組織', 'zh-cn': '无组织', en: 'no organisation' },
  'user.enabled': { 'zh-tw': '已啟用', 'zh-cn': '已启用', en: 'enabled' },
  'user.disabled': { 'zh-tw': '已停用', 'zh-cn': '已停用', en: 'disabled' },
  'user.updated': {
    'zh-tw': '修改使用者「{account}」（id {id}）：{changes}',
    'zh-cn': '修改用户“{account}”（id {id}）：{changes}',
    en: 'Updated user "{account}" (id {id}): {changes}',
  },
  'user.password_reset': {
    'zh-tw': '重設使用者「{account}」（id {id}）的密碼，其工作階段已結束',
    'zh-cn': '重置用户“{account}”（id {id}）的密码，其会话已结束',
    en: 'Reset the password of user "{account}" (id {id}); their sessions ended',
  },
  'user.login_waits_lifted': {
    'zh-tw': '解除使用者「{account}」（id {id}）的登入等待',
    'zh-cn': '解除用户“{account}”（id {id}）的登录等待',
    en: 'Lifted the login waits of user "{account}" (id {id})',
  },
  'user.sessions_ended': {
    'zh-tw': '結束使用者「{account}」（id {id}）的所有工作階段',
    'zh-cn': '结束用户“{account}”（id {id}）的所有会话',
    en: 'Ended every session of user "{account}" (id {id})',
  },
  'database.moved_from_sqlite': {
    'zh-tw': '由 SQLite 搬移至 PostgreSQL：{tables} 個資料表、{rows} 筆資料，已逐表核對',
    'zh-cn': '由 SQLite 迁移至 PostgreSQL：{tables} 个数据表、{rows} 行数据，已逐表核对',
    en: 'Moved from SQLite to PostgreSQL: {tables} tables, {rows} rows, each table verified',
  },
  'jobs.retried': {
    'zh-tw': '將 {count} 個失敗的背景工作重新排入佇列：{ids}',
    'zh-cn': '将 {count} 个失败的后台任务重新加入队列：{ids}',
    en: 'Put {count} failed background job(s) back in the queue: {ids}',
  },

  'organization.created': {
    'zh-tw': '新增組織「{name}」（id {id}），上級「{parent_name}」（id {parent_id}）',
    'zh-cn': '新增组织“{name}”（id {id}），上级“{parent_name}”（id {parent_id}）',
    en: 'Created organisation "{name}" (id {id}) under "{parent_name}" (id {parent_id})',
  },
  'organization.created_top': {
    'zh-tw': '新增頂層組織「{name}」（id {id}）',
    'zh-cn': '新增顶层组织“{name}”（id {id}）',
    en: 'Created organisation "{name}" (id {id}) at the top level',
  },
  'organization.renamed': {
    'zh-tw': '組織「{name}」（id {id}）改名為「{new_name}」',
    'zh-cn': '组织“{name}”（id {id}）改名为“{new_name}”',
    en: 'Renamed organisation "{name}" (id {id}) to "{new_name}"',
  },
  'organization.updated': {
    'zh-tw': '修改組織「{name}」（id {id}）',
    'zh-cn': '修改组织“{name}”（id {id}）',
    en: 'Updated organisation "{name}" (id {id})',
  },
  'organization.moved': {
    'zh-tw': '組織「{name}」（id {id}）移至「{parent_name}」（id {parent_id}）之下，位置 {sort}',
    'zh-cn': '组织“{name}”（id {id}）移至“{parent_name}”（id {parent_id}）之下，位置 {sort}',
    en: 'Moved organisation "{name}" (id {id}) under "{parent_name}" (id {parent_id}), position {sort}',
  },
  'organization.moved_top': {
    'zh-tw': '組織「{name}」（id {id}）移至頂層，位置 {sort}',
    'zh-cn': '组织“{name}”（id {id}）移至顶层，位置 {sort}',
    en: 'Moved organisation "{name}" (id {id}) to the top level, position {sort}',
  },
  'organization.deleted': {
    'zh-tw': '刪除組織「{name}」（id {id}）',
    'zh-cn': '删除组织“{name}”（id {id}）',
    en: 'Deleted organisation "{name}" (id {id})',
  },

  'meeting.created': {
    'zh-tw': '新增會議 #{id}（{name}）',
    'zh-cn': '新增会议 #{id}（{name}）',
    en: 'Created meeting #{id} ({name})',
  },
  'meeting.updated': {
    'zh-tw': '修改會議 #{id}（{name}）',
    'zh-cn': '修改会议 #{id}（{name}）',
    en: 'Updated meeting #{id} ({name})',
  },
  'meeting.deleted': {
    'zh-tw': '刪除會議 #{id}（{name}）',
    'zh-cn': '删除会议 #{id}（{name}）',
    en: 'Deleted meeting #{id} ({name})',
  },
  'registration_form.updated': {
    'zh-tw': '修改會議 #{meeting_id}（{meeting_name}）的報名表（{count} 項變更）',
    'zh-cn': '修改会议 #{meeting_id}（{meeting_name}）的报名表（{count} 项变更）',
    en: 'Updated the registration form of meeting #{meeting_id} ({meeting_name}): {count} changes',
  },
  'evaluations.created': {
    'zh-tw': '新增會議 #{meeting_id}（{meeting_name}）的評估問卷 #{evaluation_id}',
    'zh-cn': '新增会议 #{meeting_id}（{meeting_name}）的评估问卷 #{evaluation_id}',
    en: 'Added evaluation #{evaluation_id} to meeting #{meeting_id} ({meeting_name})',
  },
  'evaluations.updated': {
    'zh-tw': '修改會議 #{meeting_id}（{meeting_name}）的評估問卷 #{evaluation_id}',
    'zh-cn': '修改会议 #{meeting_id}（{meeting_name}）的评估问卷 #{evaluation_id}',
    en: 'Updated evaluation #{evaluation_id} of meeting #{meeting_id} ({meeting_name})',
  },
  'evaluations.deleted': {
    'zh-tw': '刪除會議 #{meeting_id}（{meeting_name}）的評估問卷 #{evaluation_id}',
    'zh-cn': '删除会议 #{meeting_id}（{meeting_name}）的评估问卷 #{evaluation_id}',
    en: 'Deleted evaluation #{evaluation_id} of meeting #{meeting_id} ({meeting_name})',
  },
  'meeting_display.updated': {
    'zh-tw': '會議 #{meeting_id}（{meeting_name}）的展示設定：{changes}',
    'zh-cn': '会议 #{meeting_id}（{meeting_name}）的展示设置：{changes}',
    en: 'Display config of meeting #{meeting_id} ({meeting_name}): {changes}',
  },
  'meeting_display.changed': {
    'zh-tw': '變更了 {fields}',
    'zh-cn': '变更了 {fields}',
    en: 'changed {fields}',
  },
  'file.uploaded': {
    'zh-tw': '上載 {kind} 檔案 {id}（{mime}，{size} 位元組）',
    'zh-cn': '上传 {kind} 文件 {id}（{mime}，{size} 字节）',
    en: 'Uploaded {kind} file {id} ({mime}, {size} bytes)',
  },

  'dictionary_entry.created': {
    'zh-tw': '新增字典項 #{id}（{type} = {value}）',
    'zh-cn': '新增字典项 #{id}（{type} = {value}）',
    en: 'Created dictionary entry #{id} ({type} = {value})',
  },
  'dictionary_entry.updated': {
    'zh-tw': '修改字典項 #{id}（{type} = {value}）',
    'zh-cn': '修改字典项 #{id}（{type} = {value}）',
    en: 'Updated dictionary entry #{id} ({type} = {value})',
  },
  'dictionary_entry.deleted': {
    'zh-tw': '刪除字典項 #{id}（{type} = {value}）',
    'zh-cn': '删除字典项 #{id}（{type} = {value}）',
    en: 'Deleted dictionary entry #{id} ({type} = {value})',
  },
  'user_type.created': {
    'zh-tw': '新增會議 #{meeting_id} 的用戶類型 #{id}「{name}」，場次 {sessions}',
    'zh-cn': '新增会议 #{meeting_id} 的用户类型 #{id}“{name}”，场次 {sessions}',
    en: 'Created user type #{id} "{name}" of meeting #{meeting_id} with sessions {sessions}',
  },
  'user_type.updated': {
    'zh-tw': '修改會議 #{meeting_id} 的用戶類型 #{id}「{name}」，場次 {sessions}',
    'zh-cn': '修改会议 #{meeting_id} 的用户类型 #{id}“{name}”，场次 {sessions}',
    en: 'Updated user type #{id} "{name}" of meeting #{meeting_id} with sessions {sessions}',
  },
  'user_type.deleted': {
    'zh-tw': '刪除會議 #{meeting_id} 的用戶類型 #{id}「{name}」',
    'zh-cn': '删除会议 #{meeting_id} 的用户类型 #{id}“{name}”',
    en: 'Deleted user type #{id} "{name}" of meeting #{meeting_id}',
  },
  'user_type.map_updated': {
    'zh-tw': '修改會議 #{meeting_id} 的嘉賓場次對應：{types}',
    'zh-cn': '修改会议 #{meeting_id} 的嘉宾场次对应：{types}',
    en: 'Updated the guest-schedule map of meeting #{meeting_id}: {types}',
  },
  'user_type.map_item': {
    'zh-tw': '用戶類型 #{id} -> 場次 {sessions}',
    'zh-cn': '用户类型 #{id} -> 场次 {sessions}',
    en: 'user type #{id} -> sessions {sessions}',
  },
  'schedule.created': {
    'zh-tw': '新增會議 #{meeting_id} 的場次 #{id}「{name}」',
    'zh-cn': '新增会议 #{meeting_id} 的场次 #{id}“{name}”',
    en: 'Created session #{id} "{name}" of meeting #{meeting_id}',
  },
  'schedule.updated': {
    'zh-tw': '修改會議 #{meeting_id} 的場次 #{id}「{name}」',
    'zh-cn': '修改会议 #{meeting_id} 的场次 #{id}“{name}”',
    en: 'Updated session #{id} "{name}" of meeting #{meeting_id}',
  },
  'schedule.deleted': {
    'zh-tw': '刪除會議 #{meeting_id} 的場次 #{id}「{name}」',
    'zh-cn': '删除会议 #{meeting_id} 的场次 #{id}“{name}”',
    en: 'Deleted session #{id} "{name}" of meeting #{meeting_id}',
  },
  'college_category.created': {
    'zh-tw': '新增學院類別 #{id}「{name}」',
    'zh-cn': '新增学院类别 #{id}“{name}”',
    en: 'Created college category #{id} "{name}"',
  },
  'college_category.updated': {
    'zh-tw': '修改學院類別 #{id}「{name}」',
    'zh-cn': '修改学院类别 #{id}“{name}”',
    en: 'Updated college category #{id} "{name}"',
  },
  'college_category.deleted': {
    'zh-tw': '刪除學院類別 #{id}「{name}」',
    'zh-cn': '删除学院类别 #{id}“{name}”',
    en: 'Deleted college category #{id} "{name}"',
  },
  'meeting_time.created': {
    'zh-tw': '新增會議時段 #{id}（{start}-{end}）',
    'zh-cn': '新增会议时段 #{id}（{start}-{end}）',
    en: 'Created meeting time #{id} ({start}-{end})',
  },
  'meeting_time.updated': {
    'zh-tw': '修改會議時段 #{id}（{start}-{end}）',
    'zh-cn': '修改会议时段 #{id}（{start}-{end}）',
    en: 'Updated meeting time #{id} ({start}-{end})',
  },
  'meeting_time.deleted': {
    'zh-tw': '刪除會議時段 #{id}（{start}-{end}）',
    'zh-cn': '删除会议时段 #{id}（{start}-{end}）',
    en: 'Deleted meeting time #{id} ({start}-{end})',
  },

  'guest.added': {
    'zh-tw': '新增嘉賓 #{id} 至會議 #{meeting_id}（{meeting_name}），電話 {phone}',
    'zh-cn': '新增嘉宾 #{id} 至会议 #{meeting_id}（{meeting_name}），电话 {phone}',
    en: 'Added guest #{id} to meeting #{meeting_id} ({meeting_name}), phone {phone}',
  },
  'guest.updated': {
    'zh-tw': '修改會議 #{meeting_id}（{meeting_name}）的嘉賓 #{id}',
    'zh-cn': '修改会议 #{meeting_id}（{meeting_name}）的嘉宾 #{id}',
    en: 'Updated guest #{id} of meeting #{meeting_id} ({meeting_name})',
  },
  'guest.deleted': {
    'zh-tw': '刪除會議 #{meeting_id}（{meeting_name}）的嘉賓 #{id}',
    'zh-cn': '删除会议 #{meeting_id}（{meeting_name}）的嘉宾 #{id}',
    en: 'Deleted guest #{id} of meeting #{meeting_id} ({meeting_name})',
  },
  'guest.exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的 {rows} 位嘉賓{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的 {rows} 位嘉宾{interrupted}',
    en: 'Exported {rows} guests of meeting #{meeting_id} ({meeting_name}){interrupted}',
  },
  'guest.answer_file_downloaded': {
    'zh-tw': '下載會議 #{meeting_id} 嘉賓 #{guest_id} 在欄位「{key}」上載的檔案',
    'zh-cn': '下载会议 #{meeting_id} 嘉宾 #{guest_id} 在字段“{key}”上传的文件',
    en: 'Downloaded the file guest #{guest_id} of meeting #{meeting_id} uploaded for field "{key}"',
  },
  'attendance.exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的出入記錄：{rows} 行{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的出入记录：{rows} 行{interrupted}',
    en: 'Exported the attendance records of meeting #{meeting_id} ({meeting_name}): {rows} rows{interrupted}',
  },
  'schedule_detail.exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的場次明細：{rows} 行{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的场次明细：{rows} 行{interrupted}',
    en: 'Exported the schedule detail of meeting #{meeting_id} ({meeting_name}): {rows} rows{interrupted}',
  },
  'system_log.exported': {
    'zh-tw': '匯出 {rows} 條系統日誌{interrupted}',
    'zh-cn': '导出 {rows} 条系统日志{interrupted}',
    en: 'Exported {rows} system log entries{interrupted}',
  },
  'attendance.manual_in': {
    'zh-tw': '手動簽到：會議 #{meeting_id} 的嘉賓 #{guest_id}{session}',
    'zh-cn': '手动签到：会议 #{meeting_id} 的嘉宾 #{guest_id}{session}',
    en: 'Manual check-in of guest #{guest_id} at meeting #{meeting_id}{session}',
  },
  'attendance.manual_out': {
    'zh-tw': '手動簽退：會議 #{meeting_id} 的嘉賓 #{guest_id}{session}',
    'zh-cn': '手动签退：会议 #{meeting_id} 的嘉宾 #{guest_id}{session}',
    en: 'Manual check-out of guest #{guest_id} at meeting #{meeting_id}{session}',
  },
  'attendance.offline_synced': {
    'zh-tw': '離線掃描上傳：會議 #{meeting_id}，入口 {station}：記錄 {recorded} 筆，衝突 {conflicts} 筆',
    'zh-cn': '离线扫描上传：会议 #{meeting_id}，入口 {station}：记录 {recorded} 条，冲突 {conflicts} 条',
    en: 'Offline scans uploaded at meeting #{meeting_id}, station {station}: {recorded} recorded, {conflicts} conflicts',
  },
  'attendance.door_answers': {
    'zh-tw': '入口回答：會議 #{meeting_id} 的嘉賓 #{guest_id}',
    'zh-cn': '入口回答：会议 #{meeting_id} 的嘉宾 #{guest_id}',
    en: 'Answers given at the door by guest #{guest_id} of meeting #{meeting_id}',
  },
  'attendance.session': { 'zh-tw': '，場次 #{id}', 'zh-cn': '，场次 #{id}', en: ', session #{id}' },
  'certificates.settings_updated': {
    'zh-tw': '修改了會議 #{meeting_id}（{meeting_name}）的證書規則及範本',
    'zh-cn': '修改了会议 #{meeting_id}（{meeting_name}）的证书规则及模板',
    en: 'Changed the certificate rule and template of meeting #{meeting_id} ({meeting_name})',
  },
  'certificates.issued': {
    'zh-tw': '發出證書：會議 #{meeting_id}，{count} 張',
    'zh-cn': '发出证书：会议 #{meeting_id}，{count} 张',
    en: 'Issued {count} certificates at meeting #{meeting_id}',
  },
  'certificates.revoked': {
    'zh-tw': '撤銷證書：會議 #{meeting_id}，{count} 張',
    'zh-cn': '撤销证书：会议 #{meeting_id}，{count} 张',
    en: 'Revoked {count} certificates at meeting #{meeting_id}',
  },
  'certificates.emailed': {
    'zh-tw': '以郵件寄出證書：會議 #{meeting_id}，{count} 封',
    'zh-cn': '以邮件寄出证书：会议 #{meeting_id}，{count} 封',
    en: 'E-mailed {count} certificates at meeting #{meeting_id}',
  },
  'evaluations.reminded': {
    'zh-tw': '寄出問卷提醒：會議 #{meeting_id} 的問卷 #{evaluation_id}，{count} 封',
    'zh-cn': '寄出问卷提醒：会议 #{meeting_id} 的问卷 #{evaluation_id}，{count} 封',
    en: 'Sent {count} reminders of evaluation #{evaluation_id} at meeting #{meeting_id}',
  },
  'certificates.downloaded': {
    'zh-tw': '下載證書：會議 #{meeting_id}，{count} 張{interrupted}',
    'zh-cn': '下载证书：会议 #{meeting_id}，{count} 张{interrupted}',
    en: 'Downloaded {count} certificates of meeting #{meeting_id}{interrupted}',
  },
  'certificates.badges_printed': {
    'zh-tw': '列印名牌：會議 #{meeting_id}，{count} 個',
    'zh-cn': '打印名牌：会议 #{meeting_id}，{count} 个',
    en: 'Printed {count} badges of meeting #{meeting_id}',
  },
  'certificates.exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的證書名單：{rows} 行{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的证书名单：{rows} 行{interrupted}',
    en: 'Exported the certificate list of meeting #{meeting_id} ({meeting_name}): {rows} rows{interrupted}',
  },
  'cme.linked': {
    'zh-tw': '連結機構 #{organization_id} 的學分紀錄：{linked} 位嘉賓，新增 {people_created} 人',
    'zh-cn': '关联机构 #{organization_id} 的学分记录：{linked} 位嘉宾，新增 {people_created} 人',
    en: 'Linked the CME record of organisation #{organization_id}: {linked} guests, {people_created} new people',
  },
  'cme.merged': {
    'zh-tw': '合併學分紀錄：#{other_id} 併入 #{person_id}（{count} 位嘉賓）',
    'zh-cn': '合并学分记录：#{other_id} 并入 #{person_id}（{count} 位嘉宾）',
    en: 'Merged CME person #{other_id} into #{person_id} ({count} guests)',
  },
  'cme.split': {
    'zh-tw': '拆分學分紀錄 #{person_id}：{count} 位嘉賓移至 #{new_id}',
    'zh-cn': '拆分学分记录 #{person_id}：{count} 位嘉宾移至 #{new_id}',
    en: 'Split CME person #{person_id}: {count} guests moved to #{new_id}',
  },
  'cme.transcript_downloaded': {
    'zh-tw': '下載學分紀錄 #{person_id} 的成績單',
    'zh-cn': '下载学分记录 #{person_id} 的成绩单',
    en: 'Downloaded the transcript of CME person #{person_id}',
  },
  'cme.return_columns_saved': {
    'zh-tw': '修改了機構 #{organization_id} 的年度學分申報欄位：{columns}',
    'zh-cn': '修改了机构 #{organization_id} 的年度学分申报栏位：{columns}',
    en: 'Changed the yearly CME return columns of organisation #{organization_id}: {columns}',
  },
  'cme.return_exported': {
    'zh-tw': '匯出機構 #{organization_id} 的 {year} 年度學分申報：{rows} 行{interrupted}',
    'zh-cn': '导出机构 #{organization_id} 的 {year} 年度学分申报：{rows} 行{interrupted}',
    en: 'Exported the {year} CME return of organisation #{organization_id}: {rows} rows{interrupted}',
  },
  'cme.code_requested': {
    'zh-tw': '學分紀錄頁面要求驗證碼：寄出 {count} 封',
    'zh-cn': '学分记录页面请求验证码：寄出 {count} 封',
    en: 'CME transcript page code asked for: {count} sent',
  },
  'registration.signed_up': {
    'zh-tw': '報名會議 #{meeting_id}（{meeting_name}）：嘉賓 #{guest_id}，電話 {phone}',
    'zh-cn': '报名会议 #{meeting_id}（{meeting_name}）：嘉宾 #{guest_id}，电话 {phone}',
    en: 'Sign-up to meeting #{meeting_id} ({meeting_name}): guest #{guest_id}, phone {phone}',
  },
  'registration.code_retrieved': {
    'zh-tw': '取碼，會議 #{meeting_id}（{meeting_name}）：嘉賓 #{guest_id}，電話 {phone}',
    'zh-cn': '取码，会议 #{meeting_id}（{meeting_name}）：嘉宾 #{guest_id}，电话 {phone}',
    en: 'Code retrieval for meeting #{meeting_id} ({meeting_name}): guest #{guest_id}, phone {phone}',
  },
  'waitlist.joined': {
    'zh-tw': '加入候補名單：會議 #{meeting_id}{list}，第 {position} 位，電話 {phone}',
    'zh-cn': '加入候补名单：会议 #{meeting_id}{list}，第 {position} 位，电话 {phone}',
    en: 'Joined the waiting list of meeting #{meeting_id}{list}: number {position}, phone {phone}',
  },
  'waitlist.looked_up': {
    'zh-tw': '取碼（候補）：會議 #{meeting_id}{list}，候補 #{entry_id}',
    'zh-cn': '取码（候补）：会议 #{meeting_id}{list}，候补 #{entry_id}',
    en: 'Code retrieval of a waiting place: meeting #{meeting_id}{list}, place #{entry_id}',
  },
  'waitlist.left': {
    'zh-tw': '離開候補名單：會議 #{meeting_id}{list}，候補 #{entry_id}',
    'zh-cn': '离开候补名单：会议 #{meeting_id}{list}，候补 #{entry_id}',
    en: 'Left the waiting list of meeting #{meeting_id}{list}: place #{entry_id}',
  },
  'waitlist.promoted': {
    'zh-tw': '候補轉正：會議 #{meeting_id}{list}，候補 #{entry_id} → 嘉賓 #{guest_id}',
    'zh-cn': '候补转正：会议 #{meeting_id}{list}，候补 #{entry_id} → 嘉宾 #{guest_id}',
    en: 'Given a seat from the waiting list of meeting #{meeting_id}{list}: place #{entry_id} → guest #{guest_id}',
  },
  'waitlist.promoted_raising_limit': {
    'zh-tw':
      '手動候補轉正並將名額由 {from} 增至 {to}：會議 #{meeting_id}{list}，候補 #{entry_id} → 嘉賓 #{guest_id}',
    'zh-cn':
      '手动候补转正并将名额由 {from} 增至 {to}：会议 #{meeting_id}{list}，候补 #{entry_id} → 嘉宾 #{guest_id}',
    en: 'Promoted by hand, raising the limit from {from} to {to}: meeting #{meeting_id}{list}, place #{entry_id} → guest #{guest_id}',
  },
  'waitlist.offered': {
    'zh-tw': '候補名額已提供：會議 #{meeting_id}{list}，候補 #{entry_id}，保留至 {until}',
    'zh-cn': '候补名额已提供：会议 #{meeting_id}{list}，候补 #{entry_id}，保留至 {until}',
    en: 'Seat offered from the waiting list of meeting #{meeting_id}{list}: place #{entry_id}, held until {until}',
  },
  'waitlist.offer_expired': {
    'zh-tw': '候補名額逾期未接受：會議 #{meeting_id}{list}，候補 #{entry_id}',
    'zh-cn': '候补名额逾期未接受：会议 #{meeting_id}{list}，候补 #{entry_id}',
    en: 'Offer lapsed on the waiting list of meeting #{meeting_id}{list}: place #{entry_id}',
  },
  'waitlist.offer_declined': {
    'zh-tw': '放棄候補名額：會議 #{meeting_id}{list}，候補 #{entry_id}',
    'zh-cn': '放弃候补名额：会议 #{meeting_id}{list}，候补 #{entry_id}',
    en: 'Offer declined on the waiting list of meeting #{meeting_id}{list}: place #{entry_id}',
  },
  'waitlist.removed': {
    'zh-tw': '從候補名單移除：會議 #{meeting_id}{list}，候補 #{entry_id}',
    'zh-cn': '从候补名单移除：会议 #{meeting_id}{list}，候补 #{entry_id}',
    en: 'Removed from the waiting list of meeting #{meeting_id}{list}: place #{entry_id}',
  },
  'waitlist.exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的候補名單「{list_name}」：{rows} 行{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的候补名单“{list_name}”：{rows} 行{interrupted}',
    en: 'Exported the waiting list "{list_name}" of meeting #{meeting_id} ({meeting_name}): {rows} rows{interrupted}',
  },
  'waitlist.session_list': {
    'zh-tw': '（日程 #{schedule_id}）',
    'zh-cn': '（日程 #{schedule_id}）',
    en: ' (session #{schedule_id})',
  },
  'privacy.settings_updated': {
    'zh-tw': '修改了會議 #{meeting_id}（{meeting_name}）的私隱設定',
    'zh-cn': '修改了会议 #{meeting_id}（{meeting_name}）的隐私设置',
    en: 'Changed the privacy settings of meeting #{meeting_id} ({meeting_name})',
  },
  'privacy.purged': {
    'zh-tw': '刪除會議 #{meeting_id}（{meeting_name}）{count} 位嘉賓的個人資料（{reason}）',
    'zh-cn': '删除会议 #{meeting_id}（{meeting_name}）{count} 位嘉宾的个人信息（{reason}）',
    en: 'Erased the personal data of {count} guest(s) of meeting #{meeting_id} ({meeting_name}) ({reason})',
  },
  'privacy.reason_retention': {
    'zh-tw': '保存期限已過',
    'zh-cn': '保存期限已过',
    en: 'retention period over',
  },
  'privacy.reason_manual': { 'zh-tw': '手動刪除', 'zh-cn': '手动删除', en: 'purged by hand' },
  'privacy.reason_late': {
    'zh-tw': '刪除進行時寫入的資料',
    'zh-cn': '删除进行时写入的数据',
    en: 'written while the meeting was being purged',
  },
  'privacy.retention_notice': {
    'zh-tw': '已通知主辦方：會議 #{meeting_id}（{meeting_name}）的個人資料將於 {date} 刪除',
    'zh-cn': '已通知主办方：会议 #{meeting_id}（{meeting_name}）的个人信息将于 {date} 删除',
    en: 'Told the organisers that the personal data of meeting #{meeting_id} ({meeting_name}) will be erased on {date}',
  },
  'privacy.data_downloaded': {
    'zh-tw': '下載會議 #{meeting_id} 嘉賓 #{guest_id} 的個人資料',
    'zh-cn': '下载会议 #{meeting_id} 嘉宾 #{guest_id} 的个人信息',
    en: 'Downloaded the personal data of guest #{guest_id} of meeting #{meeting_id}',
  },
  'privacy.withdrawn': {
    'zh-tw': '撤回報名並刪除個人資料：會議 #{meeting_id}（{meeting_name}）的嘉賓 #{guest_id}',
    'zh-cn': '撤回报名并删除个人信息：会议 #{meeting_id}（{meeting_name}）的嘉宾 #{guest_id}',
    en: 'Withdrew the sign-up and erased the personal data of guest #{guest_id} of meeting #{meeting_id} ({meeting_name})',
  },
  'privacy.logs_pruned': {
    'zh-tw': '按保存期限（{days} 日）刪除 {count} 條較舊的系統日誌',
    'zh-cn': '按保存期限（{days} 日）删除 {count} 条较旧的系统日志',
    en: 'Removed {count} system log entries older than their retention period ({days} days)',
  },
  'privacy.uploads_swept': {
    'zh-tw': '刪除 {count} 個超過一日仍未用於報名的訪客上載檔案',
    'zh-cn': '删除 {count} 个超过一日仍未用于报名的访客上传文件',
    en: 'Deleted {count} visitor uploads that no sign-up used within a day',
  },
  'mail.settings_updated': {
    'zh-tw': '修改了會議 #{meeting_id}（{meeting_name}）的郵件設定',
    'zh-cn': '修改了会议 #{meeting_id}（{meeting_name}）的邮件设置',
    en: 'Changed the mail settings of meeting #{meeting_id} ({meeting_name})',
  },
  'mail.resent': {
    'zh-tw': '重發確認郵件：會議 #{meeting_id} 的嘉賓 #{guest_id}',
    'zh-cn': '重发确认邮件：会议 #{meeting_id} 的嘉宾 #{guest_id}',
    en: 'Resent the confirmation to guest #{guest_id} of meeting #{meeting_id}',
  },
  'mail.resent_by_guest': {
    'zh-tw': '嘉賓從嘉賓頁重發確認郵件：會議 #{meeting_id} 的嘉賓 #{guest_id}',
    'zh-cn': '嘉宾从嘉宾页重发确认邮件：会议 #{meeting_id} 的嘉宾 #{guest_id}',
    en: 'Guest #{guest_id} of meeting #{meeting_id} had their confirmation sent again from the guest page',
  },
  'mail.code_requested': {
    'zh-tw': '以郵件取碼，會議 #{meeting_id}（{meeting_name}）：{count} 封郵件',
    'zh-cn': '以邮件取码，会议 #{meeting_id}（{meeting_name}）：{count} 封邮件',
    en: 'Code by e-mail for meeting #{meeting_id} ({meeting_name}): {count} message(s)',
  },
  'mail.broadcast_sent': {
    'zh-tw': '向會議 #{meeting_id}（{meeting_name}）的 {count} 位嘉賓發送群發郵件',
    'zh-cn': '向会议 #{meeting_id}（{meeting_name}）的 {count} 位嘉宾发送群发邮件',
    en: 'Broadcast to {count} guest(s) of meeting #{meeting_id} ({meeting_name})',
  },
  'mail.unsubscribed': {
    'zh-tw': '會議 #{meeting_id} 的嘉賓 #{guest_id} 取消訂閱群發郵件',
    'zh-cn': '会议 #{meeting_id} 的嘉宾 #{guest_id} 取消订阅群发邮件',
    en: 'Guest #{guest_id} of meeting #{meeting_id} unsubscribed from broadcasts',
  },
  'import.guests_started': {
    'zh-tw':
      '開始匯入嘉賓至會議 #{meeting_id}（{meeting_name}）：檔案 {file_name}（{file_size} 位元組，SHA-256 {file_sha256}），{total} 行{over_limit}',
    'zh-cn':
      '开始导入嘉宾至会议 #{meeting_id}（{meeting_name}）：文件 {file_name}（{file_size} 字节，SHA-256 {file_sha256}），{total} 行{over_limit}',
    en: 'Started importing guests into meeting #{meeting_id} ({meeting_name}) from {file_name} ({file_size} bytes, SHA-256 {file_sha256}), {total} rows{over_limit}',
  },
  'import.over_limit': {
    'zh-tw': '；刻意超出名額上限（受邀嘉賓）',
    'zh-cn': '；刻意超出名额上限（受邀嘉宾）',
    en: '; over the seat limits on purpose (invited guests)',
  },
  'import.guests_finished': {
    'zh-tw':
      '完成匯入嘉賓至會議 #{meeting_id}（{meeting_name}）：檔案 {file_name}（{file_size} 位元組，SHA-256 {file_sha256}），新增 {created}、更新 {updated}、略過 {skipped}、失敗 {failed}',
    'zh-cn':
      '完成导入嘉宾至会议 #{meeting_id}（{meeting_name}）：文件 {file_name}（{file_size} 字节，SHA-256 {file_sha256}），新增 {created}、更新 {updated}、跳过 {skipped}、失败 {failed}',
    en: 'Imported guests into meeting #{meeting_id} ({meeting_name}) from {file_name} ({file_size} bytes, SHA-256 {file_sha256}): {created} created, {updated} updated, {skipped} skipped, {failed} failed',
  },
  'import.failed_rows_exported': {
    'zh-tw': '匯出匯入 #{id}（會議 #{meeting_id}）未寫入的 {rows} 行{interrupted}',
    'zh-cn': '导出导入 #{id}（会议 #{meeting_id}）未写入的 {rows} 行{interrupted}',
    en: 'Exported the {rows} rows not written by import #{id} (meeting #{meeting_id}){interrupted}',
  },
  'import.schedule_applied': {
    'zh-tw':
      '匯入會議 #{meeting_id}（{meeting_name}）的日程：檔案 {file_name}（{file_size} 位元組，SHA-256 {file_sha256}），日程新增 {sessions_created}、更新 {sessions_updated}；報名類型新增 {user_types_created}、更新 {user_types_updated}；專科學院類別新增 {categories_created}、更新 {categories_updated}',
    'zh-cn':
      '导入会议 #{meeting_id}（{meeting_name}）的日程：文件 {file_name}（{file_size} 字节，SHA-256 {file_sha256}），日程新增 {sessions_created}、更新 {sessions_updated}；报名类型新增 {user_types_created}、更新 {user_types_updated}；专科学院类别新增 {categories_created}、更新 {categories_updated}',
    en: 'Imported the sessions of meeting #{meeting_id} ({meeting_name}) from {file_name} ({file_size} bytes, SHA-256 {file_sha256}): sessions {sessions_created} added, {sessions_updated} changed; registration types {user_types_created} added, {user_types_updated} changed; college categories {categories_created} added, {categories_updated} changed',
  },
  'api_token.created': {
    'zh-tw': '建立 API 權杖「{name}」（id {id}）：{permissions}',
    'zh-cn': '创建 API 令牌“{name}”（id {id}）：{permissions}',
    en: 'Created API token "{name}" (id {id}): {permissions}',
  },
  'api_token.revoked': {
    'zh-tw': '撤銷 API 權杖「{name}」（id {id}）',
    'zh-cn': '撤销 API 令牌“{name}”（id {id}）',
    en: 'Revoked API token "{name}" (id {id})',
  },
  'webhook.created': {
    'zh-tw': '新增 Webhook #{id}：{url}',
    'zh-cn': '新增 Webhook #{id}：{url}',
    en: 'Created webhook #{id}: {url}',
  },
  'webhook.updated': {
    'zh-tw': '修改 Webhook #{id}：{url}',
    'zh-cn': '修改 Webhook #{id}：{url}',
    en: 'Updated webhook #{id}: {url}',
  },
  'webhook.deleted': {
    'zh-tw': '刪除 Webhook #{id}：{url}',
    'zh-cn': '删除 Webhook #{id}：{url}',
    en: 'Deleted webhook #{id}: {url}',
  },
  'webhook.secret_rotated': {
    'zh-tw': '更換 Webhook #{id} 的簽名密鑰',
    'zh-cn': '更换 Webhook #{id} 的签名密钥',
    en: 'Rotated the signing secret of webhook #{id}',
  },
  'webhook.redelivered': {
    'zh-tw': '重新傳送 Webhook #{id} 的訊息 {message_id}',
    'zh-cn': '重新发送 Webhook #{id} 的消息 {message_id}',
    en: 'Redelivered message {message_id} of webhook #{id}',
  },
  'webhook.test_sent': {
    'zh-tw': '向 Webhook #{id} 傳送測試事件',
    'zh-cn': '向 Webhook #{id} 发送测试事件',
    en: 'Sent a test event to webhook #{id}',
  },
  'webhook.disabled': {
    'zh-tw': 'Webhook #{id}（{url}）持續傳送失敗，已停用',
    'zh-cn': 'Webhook #{id}（{url}）持续发送失败，已停用',
    en: 'Webhook #{id} ({url}) kept failing and was disabled',
  },
  'demo.loaded': {
    'zh-tw': '已載入示範資料：{meetings} 個會議、{guests} 位嘉賓、{scans} 次掃碼',
    'zh-cn': '已加载演示数据：{meetings} 个会议、{guests} 位嘉宾、{scans} 次扫码',
    en: 'Demo data loaded: {meetings} meetings, {guests} guests, {scans} scans',
  },
  'client.no_message': { 'zh-tw': '（沒有訊息）', 'zh-cn': '（没有消息）', en: '(no message)' },
  'client.error': {
    'zh-tw': '{message} [{info}] 於 {url}\n時間：{time}\n{stack}',
    'zh-cn': '{message} [{info}] 于 {url}\n时间：{time}\n{stack}',
    en: '{message} [{info}] at {url}\ntime: {time}\n{stack}',
  },
  'evaluation.report_exported': {
    'zh-tw': '匯出會議 #{meeting_id}（{meeting_name}）的評核問卷 #{id} 報告：{rows} 行{interrupted}',
    'zh-cn': '导出会议 #{meeting_id}（{meeting_name}）的评核问卷 #{id} 报告：{rows} 行{interrupted}',
    en: 'Exported the report of evaluation #{id} of meeting #{meeting_id} ({meeting_name}): {rows} rows{interrupted}',
  },
  ...PAYMENT_LOG_MESSAGES,
  ...APPROVAL_LOG_MESSAGES,
  ...INVITATION_LOG_MESSAGES,
  ...MEMBER_LOG_MESSAGES,
  ...GROUP_LOG_MESSAGES,
  ...WALK_IN_LOG_MESSAGES,
} as const satisfies Record<string, Localized>;

export type LogMessageKey = keyof typeof LOG_MESSAGES;
export type LogParam = string | number | LogMessage[];
export interface LogMessage {
  key: LogMessageKey;
  params?: Record<string, LogParam>;
}

const LOG_MESSAGE_KEYS = Object.keys(LOG_MESSAGES) as [LogMessageKey, ...LogMessageKey[]];

/** The stored form (system_logs.message_key + message_params), checked again when read back. */
export const logMessage: z.ZodType<LogMessage> = z.lazy(() =>
  z.strictObject({
    key: z.enum(LOG_MESSAGE_KEYS),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.array(logMessage)])).optional(),
  }),
);

const LIST_SEPARATOR: Localized = { 'zh-tw': '；', 'zh-cn': '；', en: '; ' };
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The message in `lang`. One pass over the template: a parameter's text is inserted as given and
 * never read for placeholders itself, so a name containing `{x}` stays literal.
 */
export function renderLogMessage(message: LogMessage, lang: Language): string {
  const params = message.params ?? {};
  return LOG_MESSAGES[message.key][lang]
    .replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = params[name];
      if (value === undefined) return placeholder;
      if (Array.isArray(value)) return value.map((m) => renderLogMessage(m, lang)).join(LIST_SEPARATOR[lang]);
      return String(value);
    })
    .trimEnd();
}

/** Keys whose wording in `lang` (parameters left out) contains the text, case-insensitive: for searches. */
export function logMessageKeysContaining(text: string, lang: Language): LogMessageKey[] {
  const needle = text.toLowerCase();
  return LOG_MESSAGE_KEYS.filter((key) =>
    LOG_MESSAGES[key][lang]
      .split(PLACEHOLDER)
      .some((part, i) => i % 2 === 0 && part.toLowerCase().includes(needle)),
  );
}
