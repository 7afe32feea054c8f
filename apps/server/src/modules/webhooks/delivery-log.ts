import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  webhookDeliveryQuery,
} from '@meetflow/shared/schemas/integrations';
import type { z } from 'zod';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import { attempt, DELIVERY_LEASE_MS, settle, type DeliverDeps } from './deliver.ts';
import { logWebhook, visibleEndpoint } from './endpoint-access.ts';
import { newMessage, secretHint, toDelivery } from './webhook-format.ts';
import * as repo from './webhooks.repository.ts';

/** An endpoint's deliveries in the back office: the log, one delivery in full, a test, a redelivery. */
export function createDeliveryLog(deps: DeliverDeps) {
  const { db, jobs, clock } = deps;

  async function delivery(user: AuthUser, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
    const endpoint = await visibleEndpoint(deps, user, id);
    const row = await repo.findDelivery(db, id, deliveryId);
    if (!row) throw new AppError('NOT_FOUND');
    const attempts = await repo.listAttempts(db, deliveryId);
    return {
      ...toDelivery(row),
      request: {
        headers: {
          'content-type': 'application/json',
          'webhook-id': row.message_id,
          'webhook-signature': `v1,… (HMAC-SHA256 with ${secretHint(endpoint.secret)})`,
        },
        body: row.payload,
      },
      attempt_log: attempts.map((a) => ({
        attempted_at: a.attempted_at,
        status_code: a.status_code,
        duration_ms: a.duration_ms,
        error: a.error,
        response_body: a.response_body,
        manual: a.manual === 1,
      })),
    };
  }

  return {
    /** Queues a `webhook.test` message to this endpoint alone (it needs no subscription). */
    async sendTest(actor: Actor, id: number): Promise<WebhookDelivery> {
      const endpoint = await visibleEndpoint(deps, actor.user, id);
      const now = clock();
      const [deliveryId] = await repo.insertDeliveries(db, [
        {
          ...newMessage(WEBHOOK_TEST_EVENT, now, { endpoint_id: endpoint.id }),
          endpoint_id: id,
          meeting_id: null,
          guest_id: null,
          ordering_key: null,
          next_attempt_at: now,
          created_at: now,
        },
      ]);
      await logWebhook(deps, actor, 'update', { key: 'webhook.test_sent', params: { id } });
      jobs.kick();
      const row = await repo.findDelivery(db, id, deliveryId!);
      if (!row) throw new AppError('NOT_FOUND');
      return toDelivery(row);
    },

    async deliveries(
      user: AuthUser,
      id: number,
      query: z.output<typeof webhookDeliveryQuery>,
    ): Promise<WebhookDeliveryPage> {
      await visibleEndpoint(deps, user, id);
      const page = query.page;
      const pageSize = query.page_size;
      const { rows, total } = await repo.listDeliveries(db, id, query.state, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { items: rows.map(toDelivery), total, page, page_size: pageSize };
    },

    delivery,

    /** Sends a delivery again now, whatever its state, and answers how it went. */
    async redeliver(actor: Actor, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
      const endpoint = await visibleEndpoint(deps, actor.user, id);
      const found = await repo.findDelivery(db, id, deliveryId);
      if (!found) throw new AppError('NOT_FOUND');
      // Not while a dispatcher is sending it: the receiver would get it twice at once.
      const claimed = await repo.claimForRedelivery(db, deliveryId, clock(), clock() + DELIVERY_LEASE_MS);
      if (!claimed) throw new AppError('CONFLICT');
      await settle(deps, [await attempt(deps, claimed, endpoint, true)]);
      await logWebhook(deps, actor, 'update', {
        key: 'webhook.redelivered',
        params: { id, message_id: found.message_id },
      });
      return delivery(actor.user, id, deliveryId);
    },
  };
}
