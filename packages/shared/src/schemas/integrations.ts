import { z } from 'zod';
import type { Localized } from '../languages.ts';
import { PERMISSIONS } from '../permissions.ts';
import { whenMissing } from './when-missing.ts';

/**
 * Integrations (issue 21): API tokens that let a program use the API unattended, and webhooks that
 * tell another system what happened, signed per the Standard Webhooks specification.
 */

/** Every secret starts so: secret scanners (and people) recognise a leaked MeetFlow token. */
export const API_TOKEN_PREFIX = 'mfpat_';
export const API_TOKEN_NAME_MAX = 100;
/** A token lives at most this long (the form offers shorter ones and "never"). */
export const API_TOKEN_MAX_DAYS = 3650;

export const createApiTokenBody = z.strictObject({
  name: z
    .string({ error: whenMissing('tokenNameRequired') })
    .trim()
    .min(1, 'tokenNameRequired')
    .max(API_TOKEN_NAME_MAX),
  /** A subset of the creator's own permissions; the server refuses any the creator lacks. */
  permissions: z.array(z.enum(PERMISSIONS)).min(1, 'tokenPermissionsRequired').max(PERMISSIONS.length),
  /** When the token stops working (ms since the epoch), or null for never. */
  expires_at: z.number().int().positive().nullable(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The prefix and the last four characters: enough to recognise a token, useless to use it. */
  hint: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  owner: z.object({ id: z.number().int(), account: z.string(), name: z.string() }),
  state: z.enum(API_TOKEN_STATES),
  created_at: z.number().int(),
  expires_at: z.number().int().nullable(),
  last_used_at: z.number().int().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.number().int().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a creation: the secret appears here once and is never stored or shown again. */
export const createdApiToken = apiToken.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** What can happen, as a webhook's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'guest.signed_up',
  'guest.updated',
  'guest.cancelled',
  'guest.promoted',
  'scan.recorded',
  'enrolment.changed',
  'meeting.created',
  'meeting.updated',
  'meeting.deleted',
  'export.finished',
  'certificate.issued',
  'order.created',
  'order.expired',
  'payment.received',
  'payment.refunded',
  'order.cancelled',
  'application.submitted',
  'application.approved',
  'application.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Send test event"; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, Localized> = {
  'guest.signed_up': { 'zh-tw': '嘉賓報名', 'zh-cn': '嘉宾报名', en: 'Guest signed up' },
  'guest.updated': { 'zh-tw': '嘉賓資料更新', 'zh-cn': '嘉宾信息更新', en: 'Guest updated' },
  'guest.cancelled': { 'zh-tw': '嘉賓取消報名', 'zh-cn': '嘉宾取消报名', en: 'Guest cancelled' },
  'guest.promoted': {
    'zh-tw': '候補嘉賓獲得名額',
    'zh-cn': '候补嘉宾获得名额',
    en: 'Guest promoted from the waiting list',
  },
  'scan.recorded': { 'zh-tw': '簽到／簽退掃描', 'zh-cn': '签到／签退扫描', en: 'Scan recorded (entry/exit)' },
  'enrolment.changed': { 'zh-tw': '日程報名變更', 'zh-cn': '日程报名变更', en: 'Session enrolment changed' },
  'meeting.created': { 'zh-tw': '新增會議', 'zh-cn': '新增会议', en: 'Meeting created' },
  'meeting.updated': { 'zh-tw': '修改會議', 'zh-cn': '修改会议', en: 'Meeting updated' },
  'meeting.deleted': { 'zh-tw': '刪除會議', 'zh-cn': '删除会议', en: 'Meeting deleted' },
  'export.finished': { 'zh-tw': '匯出完成', 'zh-cn': '导出完成', en: 'Export finished' },
  'certificate.issued': { 'zh-tw': '發出證書', 'zh-cn': '发出证书', en: 'Certificate issued' },
  'order.created': { 'zh-tw': '建立訂單', 'zh-cn': '创建订单', en: 'Order created' },
  'order.expired': { 'zh-tw': '訂單逾期', 'zh-cn': '订单逾期', en: 'Order expired' },
  'payment.received': { 'zh-tw': '收到付款', 'zh-cn': '收到付款', en: 'Payment received' },
  'payment.refunded': { 'zh-tw': '已退款', 'zh-cn': '已退款', en: 'Payment refunded' },
  'order.cancelled': { 'zh-tw': '取消訂單', 'zh-cn': '取消订单', en: 'Order cancelled' },
  'application.submitted': { 'zh-tw': '報名待審核', 'zh-cn': '报名待审核', en: 'Application submitted' },
  'application.approved': { 'zh-tw': '報名已核准', 'zh-cn': '报名已核准', en: 'Application approved' },
  'application.rejected': { 'zh-tw': '報名被拒絕', 'zh-cn': '报名被拒绝', en: 'Application rejected' },
};

export const WEBHOOK_URL_MAX = 2000;

export const webhookEndpointBody = z.strictObject({
  url: z
    .string({ error: whenMissing('webhookUrlRequired') })
    .trim()
    .min(1, 'webhookUrlRequired')
    .max(WEBHOOK_URL_MAX)
    // A host and no spaces; the server parses it fully (and checks where it leads) when it is saved.
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'webhookUrlInvalid'),
  description: z.string().trim().max(200).default(''),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'webhookEventsRequired'),
  enabled: z.boolean().default(true),
  /** Whose events: this organisation and those below it; null (administrators only) is every one. */
  organization_id: z.number().int().positive().nullable(),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the server switched it off ('failing'), or null. */
  disabled_reason: z.enum(['failing']).nullable(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  /** The start of the signing secret, to tell which one the receiver holds. */
  secret_hint: z.string(),
  /** Since when every delivery has failed (null: the last one succeeded). */
  failing_since: z.number().int().nullable(),
  pending: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** Creating an endpoint or rotating its secret answers the whole secret, once. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The Standard Webhooks `webhook-id`: the same on every attempt, so a receiver can skip repeats. */
  message_id: z.string(),
  event_type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  created_at: z.number().int(),
  next_attempt_at: z.number().int().nullable(),
  delivered_at: z.number().int().nullable(),
  last_status_code: z.number().int().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookAttempt = z.object({
  attempted_at: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  /** The start of the receiver's answer (at most 1 KB). */
  response_body: z.string(),
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDeliveryDetail = webhookDelivery.extend({
  /** The request as sent: its body and the signature headers but one (the signature changes per attempt). */
  request: z.object({ headers: z.record(z.string(), z.string()), body: z.string() }),
  attempt_log: z.array(webhookAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetail>;

export const webhookDeliveryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;

export const webhookDeliveryPage = z.object({
  items: z.array(webhookDelivery),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;
