import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@meetflow/shared/schemas/integrations';
import { DAY_MS, expiresAtOf, grantablePermissions, latestExpiry, toCreateTokenBody } from './token-form.ts';
import { eventLabel, prettyBody, toWebhookBody, webhookFormValues, withEnabled } from './webhook-form.ts';

const NOW = Date.UTC(2026, 10, 28, 9, 0, 0);

const endpoint: WebhookEndpoint = {
  id: 7,
  url: 'https://example.com/hook',
  description: 'CRM',
  event_types: ['meeting.created', 'guest.signed_up'],
  enabled: false,
  disabled_reason: 'failing',
  organization_id: 3,
  organization_name: 'Medicine',
  secret_hint: 'whsec_Ab',
  failing_since: NOW - DAY_MS,
  pending: 2,
  created_at: NOW - 10 * DAY_MS,
  updated_at: NOW,
};

describe('API token form', () => {
  it('offers only the permissions the user holds, in the shared order', () => {
    expect(grantablePermissions(['log:view', 'meeting:view', 'unknown'])).toEqual([
      'meeting:view',
      'log:view',
    ]);
    expect(grantablePermissions([])).toEqual([]);
  });

  it('turns the expiry choice into a moment, or null for never', () => {
    expect(expiresAtOf({ expiry: 'd30' }, NOW)).toBe(NOW + 30 * DAY_MS);
    expect(expiresAtOf({ expiry: 'd90' }, NOW)).toBe(NOW + 90 * DAY_MS);
    expect(expiresAtOf({ expiry: 'y1' }, NOW)).toBe(NOW + 365 * DAY_MS);
    expect(expiresAtOf({ expiry: 'never' }, NOW)).toBeNull();
    expect(expiresAtOf({ expiry: 'date', expiryDate: NOW + 5 * DAY_MS }, NOW)).toBe(NOW + 5 * DAY_MS);
    expect(latestExpiry(NOW)).toBe(NOW + 3650 * DAY_MS);
  });

  it('trims the name and sends the permissions in the shared order', () => {
    expect(
      toCreateTokenBody(
        { name: '  Sync ', permissions: ['guest:view', 'meeting:view'], expiry: 'never' },
        NOW,
      ),
    ).toEqual({ name: 'Sync', permissions: ['meeting:view', 'guest:view'], expires_at: null });
  });
});

describe('webhook form', () => {
  it('starts a new endpoint enabled, on the user’s own organisation (an administrator’s: all)', () => {
    expect(webhookFormValues(null, 4)).toEqual({
      url: '',
      description: '',
      event_types: [],
      enabled: true,
      organization_id: 4,
    });
    expect(webhookFormValues(null, null).organization_id).toBeNull();
  });

  it('sends trimmed text and the events in the shared order', () => {
    expect(
      toWebhookBody({
        url: ' https://example.com/x ',
        description: ' note ',
        event_types: ['meeting.created', 'guest.signed_up'],
        enabled: true,
        organization_id: null,
      }),
    ).toEqual({
      url: 'https://example.com/x',
      description: 'note',
      event_types: ['guest.signed_up', 'meeting.created'],
      enabled: true,
      organization_id: null,
    });
  });

  it('switches an endpoint on again with everything else as it was', () => {
    expect(withEnabled(endpoint, true)).toEqual({
      url: 'https://example.com/hook',
      description: 'CRM',
      event_types: ['guest.signed_up', 'meeting.created'],
      enabled: true,
      organization_id: 3,
    });
  });

  it('names events in the reader’s language, the test event by its label and unknown ones as sent', () => {
    expect(eventLabel('guest.signed_up', 'en', 'Test')).toBe('Guest signed up');
    expect(eventLabel('guest.signed_up', 'zh-tw', 'Test')).toBe('嘉賓報名');
    expect(eventLabel('webhook.test', 'en', 'Test event')).toBe('Test event');
    expect(eventLabel('something.new', 'en', 'Test')).toBe('something.new');
  });

  it('indents a JSON body and leaves anything else as it came', () => {
    expect(prettyBody('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyBody('not json')).toBe('not json');
    expect(prettyBody('')).toBe('');
  });
});
