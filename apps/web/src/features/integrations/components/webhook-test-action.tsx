import { useState } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import type {
  WebhookAttempt,
  WebhookDeliveryDetail,
  WebhookEndpoint,
} from '@meetflow/shared/schemas/integrations';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { isAnswered, useTestDelivery, useTestWebhook } from '../webhooks-api.ts';
import '../i18n.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** The receiver's answer to the test (its latest attempt): status or error, how long it took, when. */
function answerText(t: Translate, delivery: WebhookDeliveryDetail): string {
  const last = delivery.attempt_log.reduce<WebhookAttempt | undefined>(
    (latest, attempt) => (latest && latest.attempted_at > attempt.attempted_at ? latest : attempt),
    undefined,
  );
  if (!last) return t('integrations.webhooks.testFailed', { reason: delivery.state, ms: '-', time: '-' });
  const when = { ms: last.duration_ms, time: formatDateTime(last.attempted_at).slice(11) };
  if (delivery.state === 'delivered')
    return t('integrations.webhooks.testDelivered', { status: last.status_code ?? '-', ...when });
  const reason = last.error ?? (last.status_code === null ? '-' : `HTTP ${last.status_code}`);
  return t('integrations.webhooks.testFailed', { reason, ...when });
}

/**
 * An endpoint's Test action: queues a `webhook.test` event, then waits (the button loading, a line
 * saying so) until the delivery's first attempt is logged, and shows the receiver's answer beside it.
 */
export function WebhookTestAction({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const test = useTestWebhook();
  const [queued, setQueued] = useState<{ id: number; since: number } | null>(null);
  const { delivery, waiting } = useTestDelivery(endpoint.id, queued);

  const send = async () => {
    setQueued(null);
    try {
      const since = Date.now();
      setQueued({ id: (await test.mutateAsync(endpoint.id)).id, since });
    } catch {
      // The client has shown the server's reason.
    }
  };

  let result: { text: string; type?: 'success' | 'danger' | 'secondary' } | null = null;
  if (test.isPending || waiting) result = { text: t('integrations.webhooks.testWaiting'), type: 'secondary' };
  else if (delivery && isAnswered(delivery))
    result = { text: answerText(t, delivery), type: delivery.state === 'delivered' ? 'success' : 'danger' };
  else if (delivery) result = { text: t('integrations.webhooks.testStillQueued'), type: 'secondary' };

  return (
    <Flex align="baseline" gap={4} wrap>
      {/* On the left: above and below are the row's other actions, which it would cover. */}
      <Tooltip title={t('integrations.webhooks.testTitle')} placement="left">
        <Button
          type="link"
          size="small"
          loading={test.isPending || waiting}
          data-testid="webhook-test"
          onClick={() => void send()}
        >
          {t('integrations.webhooks.test')}
        </Button>
      </Tooltip>
      <Typography.Text
        role="status"
        type={result?.type}
        style={{ fontSize: 12 }}
        data-testid="webhook-test-result"
      >
        {result?.text}
      </Typography.Text>
    </Flex>
  );
}
