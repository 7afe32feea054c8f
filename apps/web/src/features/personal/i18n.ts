import { registerFeatureCatalogue } from '../../lib/i18n.ts';
import type { NotificationType } from '@meetflow/shared/schemas/notifications';
import type { TextTree } from '../../lib/translator.ts';

const zhTw = {
  account: '帳號',
  name: '顯示名稱',
  email: '電郵',
  language: '偏好語言',
  languageHelp: '每次登入時套用；不選則依瀏覽器及系統預設。',
  languageAuto: '跟隨瀏覽器',
  save: '儲存',
  saved: '個人設定已儲存',
  passwordHelp:
    '至少 8 個字元，不能與帳號相同，且不易被猜中（例如幾個不相關的詞）。修改後，其他裝置的登入會立即失效。',
  markRead: '標為已讀',
  markAllRead: '全部標為已讀',
  unreadOnly: '只看未讀',
  unread: '未讀',
  empty: '沒有通知',
  recent: '最近通知',
  viewAll: '查看全部通知',
  total_other: '共 {{count}} 則',
  types: {
    meeting_full: '會議額滿',
    session_full: '日程額滿',
    registration_closed: '報名截止',
    export_ready: '匯出完成',
    retention_due: '個人資料即將刪除',
    webhook_disabled: 'Webhook 已停用',
    walk_in_over_capacity: '現場登記超出名額',
  } satisfies Record<NotificationType, string>,
};

/** Every language must have every key of the source catalogue; English adds its singular (`total_one`). */
type Catalogue = typeof zhTw;

registerFeatureCatalogue('personalArea', {
  'zh-tw': zhTw,
  'zh-cn': {
    account: '账号',
    name: '显示名称',
    email: '电邮',
    language: '偏好语言',
    languageHelp: '每次登录时应用；不选则依浏览器及系统默认。',
    languageAuto: '跟随浏览器',
    save: '保存',
    saved: '个人设置已保存',
    passwordHelp:
      '至少 8 个字符，不能与账号相同，且不易被猜中（例如几个不相关的词）。修改后，其他设备的登录会立即失效。',
    markRead: '标为已读',
    markAllRead: '全部标为已读',
    unreadOnly: '只看未读',
    unread: '未读',
    empty: '没有通知',
    recent: '最近通知',
    viewAll: '查看全部通知',
    total_other: '共 {{count}} 条',
    types: {
      meeting_full: '会议满额',
      session_full: '日程满额',
      registration_closed: '报名截止',
      export_ready: '导出完成',
      retention_due: '个人信息即将删除',
      webhook_disabled: 'Webhook 已停用',
      walk_in_over_capacity: '现场登记超出名额',
    },
  } satisfies Catalogue,
  en: {
    account: 'Account',
    name: 'Display name',
    email: 'Email',
    language: 'Preferred language',
    languageHelp: 'Applied at each login; leave empty to follow the browser and the default.',
    languageAuto: 'Follow the browser',
    save: 'Save',
    saved: 'Personal settings saved',
    passwordHelp:
      'At least 8 characters, not the account name, and hard to guess (a few unrelated words work well). Your sessions on other devices end at once.',
    markRead: 'Mark read',
    markAllRead: 'Mark all read',
    unreadOnly: 'Unread only',
    unread: 'Unread',
    empty: 'No notifications',
    recent: 'Recent notifications',
    viewAll: 'View all notifications',
    total_one: '{{count}} notification',
    total_other: '{{count}} notifications',
    types: {
      meeting_full: 'Meeting full',
      session_full: 'Session full',
      registration_closed: 'Registration closed',
      export_ready: 'Export finished',
      retention_due: 'Personal data to be erased',
      webhook_disabled: 'Webhook disabled',
      walk_in_over_capacity: 'Walk-ins over capacity',
    },
  } satisfies Catalogue & TextTree,
});
