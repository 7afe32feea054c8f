import type { Localized } from '@meetflow/shared/languages';
import type { LogAction, LogSource, SystemLogEntry } from '@meetflow/shared/schemas/system-log';
import type { XlsxColumn } from '../../lib/xlsx-export.ts';

export const LOG_EXPORT_SHEET: Localized = { 'zh-tw': '系統日誌', 'zh-cn': '系统日志', en: 'System log' };

export const LOG_ACTION_LABELS: Record<LogAction, Localized> = {
  login: { 'zh-tw': '登入', 'zh-cn': '登录', en: 'Login' },
  login_failed: { 'zh-tw': '登入失敗', 'zh-cn': '登录失败', en: 'Login failed' },
  logout: { 'zh-tw': '登出', 'zh-cn': '登出', en: 'Logout' },
  password_change: { 'zh-tw': '修改密碼', 'zh-cn': '修改密码', en: 'Password change' },
  create: { 'zh-tw': '新增', 'zh-cn': '新增', en: 'Create' },
  update: { 'zh-tw': '修改', 'zh-cn': '修改', en: 'Update' },
  delete: { 'zh-tw': '刪除', 'zh-cn': '删除', en: 'Delete' },
  export: { 'zh-tw': '匯出', 'zh-cn': '导出', en: 'Export' },
  sign_up: { 'zh-tw': '報名', 'zh-cn': '报名', en: 'Sign-up' },
  code_lookup: { 'zh-tw': '取碼', 'zh-cn': '取码', en: 'Code retrieval' },
  error: { 'zh-tw': '錯誤', 'zh-cn': '错误', en: 'Error' },
};

export const LOG_SOURCE_LABELS: Record<LogSource, Localized> = {
  admin: { 'zh-tw': '後台', 'zh-cn': '后台', en: 'Back office' },
  public: { 'zh-tw': '訪客', 'zh-cn': '访客', en: 'Visitor' },
  client: { 'zh-tw': '前端', 'zh-cn': '前端', en: 'Client' },
  system: { 'zh-tw': '系統', 'zh-cn': '系统', en: 'System' },
};

const label = (labels: Record<string, Localized>, code: string, lang: keyof Localized) =>
  labels[code]?.[lang] ?? code;

export const LOG_EXPORT_COLUMNS: readonly XlsxColumn<SystemLogEntry>[] = [
  {
    header: { 'zh-tw': '內容', 'zh-cn': '内容', en: 'Content' },
    width: 60,
    value: (r) => r.content,
  },
  {
    header: { 'zh-tw': '操作類型', 'zh-cn': '操作类型', en: 'Action type' },
    width: 14,
    value: (r, lang) => label(LOG_ACTION_LABELS, r.action_type, lang),
  },
  {
    header: { 'zh-tw': '來源類型', 'zh-cn': '来源类型', en: 'Source type' },
    width: 12,
    value: (r, lang) => label(LOG_SOURCE_LABELS, r.source_type, lang),
  },
  { header: { 'zh-tw': '使用者', 'zh-cn': '用户', en: 'Username' }, width: 16, value: (r) => r.username },
  { header: { 'zh-tw': 'IP', 'zh-cn': 'IP', en: 'IP' }, width: 18, value: (r) => r.ip },
  {
    header: { 'zh-tw': 'IP 所在地', 'zh-cn': 'IP 所在地', en: 'IP location' },
    width: 24,
    value: (r) => r.ip_location,
  },
  {
    header: { 'zh-tw': '建立時間', 'zh-cn': '创建时间', en: 'Created' },
    width: 20,
    type: 'datetime',
    value: (r) => r.created_at,
  },
  {
    header: { 'zh-tw': '變更', 'zh-cn': '变更', en: 'Changes' },
    width: 60,
    // One line per field: "field: before → after" (— for absent), personal values as masked when logged.
    value: (r) => r.changes.map((c) => `${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`).join('\n'),
  },
];
