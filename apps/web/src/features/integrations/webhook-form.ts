import type { Language } from '@meetflow/shared/languages';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryState,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEventType,
} from '@meetflow/shared/schemas/integrations';

/** What the endpoint form holds. */
export interface WebhookFormValues {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  /** null: every organisation (administrators only). */
  organization_id: number | null;
}

export const WEBHOOK_FORM_FIELDS = [
  'url',
  'description',
  'event_types',
  'enabled',
  'organization_id',
] as const;

/**
 * A new endpoint's values: enabled, no events chosen, and the user's own organisation (an
 * administrator, who has none, starts on every organisation).
 */
export function webhookFormValues(
  endpoint: WebhookEndpoint | null,
  ownOrganization: number | null,
): WebhookFormValues {
  if (!endpoint) {
    return { url: '', description: '', event_types: [], enabled: true, organization_id: ownOrganization };
  }
  return {
    url: endpoint.url,
    description: endpoint.description,
    event_types: [...endpoint.event_types],
    enabled: endpoint.enabled,
    organization_id: endpoint.organization_id,
  };
}

export function toWebhookBody(values: WebhookFormValues): WebhookEndpointBody {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    // In the shared list's order, whatever order they were ticked in.
    event_types: WEBHOOK_EVENT_TYPES.filter((type) => values.event_types.includes(type)),
    enabled: values.enabled,
    organization_id: values.organization_id ?? null,
  };
}

/** The same endpoint with only `enabled` changed: the body of the list's switch. */
export function withEnabled(endpoint: WebhookEndpoint, enabled: boolean): WebhookEndpointBody {
  return { ...toWebhookBody(webhookFormValues(endpoint, null)), enabled };
}

/** An event type in the reader's language; the test event by `testLabel`, an unknown type as it is. */
export function eventLabel(type: string, lang: Language, testLabel: string): string {
  if (type === WEBHOOK_TEST_EVENT) return testLabel;
  const labels = (WEBHOOK_EVENT_LABELS as Partial<Record<string, Record<Language, string>>>)[type];
  return labels?.[lang] ?? type;
}

/** A request or response body for reading: JSON indented, anything else as it came. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The colour of a delivery's state tag. */
export const DELIVERY_STATE_COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'orange',
  delivered: 'success',
  failed: 'error',
};
