import { z } from 'zod';
import type { Localized } from '../languages.ts';

/** Events that notify back-office users. */
export const NOTIFICATION_TYPES = [
  'meeting_full',
  'session_full',
  'registration_closed',
  'export_ready',
  'retention_due',
  'webhook_disabled',
  'walk_in_over_capacity',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Message templates; `{meeting}`, `{session}`, `{file}`, `{date}` and `{url}` are filled from the notification's params
 * (names in the reader's language where the meeting has one).
 */
export const NOTIFICATION_TEXTS: Record<NotificationType, Localized> = {
  meeting_full: {
    'zh-tw': '會議「{meeting}」報名人數已達上限',
    'zh-cn': '会议“{meeting}”报名人数已达上限',
    en: 'The meeting "{meeting}" has reached its registration limit',
  },
  session_full: {
    'zh-tw': '會議「{meeting}」的日程「{session}」報名人數已達上限',
    'zh-cn': '会议“{meeting}”的日程“{session}”报名人数已达上限',
    en: 'The session "{session}" of "{meeting}" has reached its sign-up limit',
  },
  registration_closed: {
    'zh-tw': '會議「{meeting}」已過報名截止時間',
    'zh-cn': '会议“{meeting}”已过报名截止时间',
    en: 'The registration deadline of "{meeting}" has passed',
  },
  export_ready: {
    'zh-tw': '匯出已完成：{file}',
    'zh-cn': '导出已完成：{file}',
    en: 'Export finished: {file}',
  },
  retention_due: {
    'zh-tw': '會議「{meeting}」的嘉賓個人資料將於 {date} 按保存期限刪除；如需延長，請修改私隱設定',
    'zh-cn': '会议“{meeting}”的嘉宾个人信息将于 {date} 按保存期限删除；如需延长，请修改隐私设置',
    en: 'The guests\' personal data of "{meeting}" will be erased on {date} at the end of its retention period; change its privacy settings to extend it',
  },
  webhook_disabled: {
    'zh-tw': 'Webhook {url} 持續傳送失敗，已自動停用；請檢查接收端後重新啟用',
    'zh-cn': 'Webhook {url} 持续发送失败，已自动停用；请检查接收端后重新启用',
    en: 'The webhook {url} kept failing and was disabled; check the receiver, then enable it again',
  },
  walk_in_over_capacity: {
    'zh-tw': '會議「{meeting}」有現場登記的嘉賓超出名額入場，請查看嘉賓名單中標示「超出名額」的嘉賓',
    'zh-cn': '会议“{meeting}”有现场登记的嘉宾超出名额入场，请查看嘉宾名单中标示“超出名额”的嘉宾',
    en: 'Walk-ins were admitted to "{meeting}" past its capacity: see the guests marked "over capacity" in its guest list',
  },
};

export const NOTIFICATION_PAGE_SIZE_MAX = 100;

export const notificationListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(20),
  unread_only: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const notificationItem = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The text in the request's language. */
  message: z.string(),
  meeting_id: z.number().int().nullable(),
  read: z.boolean(),
  created_at: z.number().int(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = z.object({
  items: z.array(notificationItem),
  total: z.number().int(),
  /** Unread notifications of the user in all (not only this page). */
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;
