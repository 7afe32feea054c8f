import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@meetflow/shared/schemas/integrations';
import { randomToken } from '../../lib/secure-random.ts';
import type * as repo from './webhooks.repository.ts';

export function eventTypes(json: string): WebhookEventType[] {
  const stored: unknown = JSON.parse(json);
  return Array.isArray(stored) ? WEBHOOK_EVENT_TYPES.filter((t) => stored.includes(t)) : [];
}

/** A URL as an address: `HTTPS://Example.org:443/x` and `https://example.org/x` are the same. */
export function sameUrlKey(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The end of a signing secret: tells which one the receiver holds without giving any of it away. */
export function secretHint(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/** One message as signed and sent: a new `webhook-id` and the Standard Webhooks body. */
export function newMessage(type: string, now: number, data: Record<string, unknown>) {
  return {
    message_id: `msg_${randomToken(18)}`,
    event_type: type,
    payload: JSON.stringify({ type, timestamp: new Date(now).toISOString(), data }),
  };
}

export function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: eventTypes(row.event_types),
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason === 'failing' ? 'failing' : null,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    secret_hint: secretHint(row.secret),
    failing_since: row.failing_since,
    pending: Number(row.pending ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    created_at: row.created_at,
    next_attempt_at: row.state === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    last_status_code: row.last_status_code,
    last_duration_ms: row.last_duration_ms,
    last_error: row.last_error,
  };
}
