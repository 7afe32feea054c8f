import { useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from './webhooks-api.ts';
import { withEnabled } from './webhook-form.ts';
import './i18n.ts';

/** The webhook list's row actions: switch on/off (with the row busy meanwhile), rotate the secret, delete. */
export function useWebhookActions(onRotated: (endpoint: WebhookEndpointWithSecret) => void) {
  const { t } = useTranslation();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  /** The endpoint whose switch is under way. */
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (id: number, action: () => Promise<void>) => {
    setBusy(id);
    try {
      await action();
    } catch {
      // The client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  };

  const toggle = (endpoint: WebhookEndpoint, enabled: boolean) =>
    run(endpoint.id, async () => {
      await update.mutateAsync({ id: endpoint.id, body: withEnabled(endpoint, enabled) });
      toast.success(t(enabled ? 'integrations.webhooks.enabledNow' : 'integrations.webhooks.disabledNow'));
    });

  const rotateSecret = async (endpoint: WebhookEndpoint) => {
    try {
      onRotated(await rotate.mutateAsync(endpoint.id));
    } catch {
      // The client has shown the server's reason.
    }
  };

  const deleteEndpoint = async (endpoint: WebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The client has shown the server's reason.
    }
  };

  return { busy, toggle, rotateSecret, deleteEndpoint };
}
