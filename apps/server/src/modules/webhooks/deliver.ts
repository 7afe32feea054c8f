import { backoffMs } from '../jobs/jobs.service.ts';
import { logWebhook } from './endpoint-access.ts';
import type { EndpointRouting } from './endpoint-routing.ts';
import { sendWebhook, signedHeaders, type SendResult } from './webhook-sender.ts';
import type { WebhookDeps } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

/** Attempts of one delivery before it is given up (30 s, 1, 2, 4 … 32 min apart: about an hour). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * An endpoint is switched off when a delivery gives up and nothing has succeeded there for this long:
 * one message a receiver keeps refusing does not take down an endpoint that accepts the rest.
 */
const DISABLE_AFTER_FAILING_MS = 3_600_000;
/**
 * How long a dispatcher holds a claimed delivery before another instance presumes it died: well past
 * the longest request (WEBHOOK_TIMEOUT_MS), so a slow receiver is not sent the same message twice.
 */
export const DELIVERY_LEASE_MS = 60_000;
/** Deliveries sent side by side per claim. */
const BATCH = 32;
/** A pass hands back to the job runner after this long; a kick brings it back at once. */
const PASS_BUDGET_MS = 2000;
/** Finished deliveries (and their attempts) stay in the log this long. */
const LOG_KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export type DeliverDeps = WebhookDeps & { routing: EndpointRouting };

export interface Attempted {
  delivery: repo.DeliveryRow;
  endpoint: { id: number; url: string; created_by: number | null };
  result: SendResult;
  manual: boolean;
}

export async function attempt(
  deps: Pick<WebhookDeps, 'guard'>,
  delivery: repo.DeliveryRow,
  endpoint: repo.EndpointRow,
  manual: boolean,
): Promise<Attempted> {
  // The signature's timestamp is the wall clock: the receiver compares it with its own to refuse replays.
  const headers = signedHeaders(endpoint.secret, delivery.message_id, delivery.payload, new Date());
  const result = await sendWebhook(deps.guard, endpoint.url, headers, delivery.payload);
  return { delivery, endpoint, result, manual };
}

/**
 * Logs the attempts and moves each delivery on: delivered, retried later, or failed for good. One
 * transaction for a whole batch: a burst of events costs one commit per batch, not three per event.
 */
export async function settle(deps: DeliverDeps, attempted: readonly Attempted[]): Promise<void> {
  const now = deps.clock();
  const givenUp = (a: Attempted) =>
    a.result.error !== null &&
    (a.manual ? a.delivery.state === 'failed' : a.delivery.attempts >= WEBHOOK_MAX_ATTEMPTS);
  const disabled: Attempted['endpoint'][] = [];
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertAttempts(
      trx,
      attempted.map(({ delivery, result, manual }) => ({
        delivery_id: delivery.id,
        attempted_at: now,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        response_body: result.responseBody,
        manual: manual ? 1 : 0,
      })),
    );
    for (const a of attempted) {
      const delivered = a.result.error === null;
      await repo.finishAttempt(trx, a.delivery, {
        state: delivered ? 'delivered' : givenUp(a) ? 'failed' : 'pending',
        nextAttemptAt: delivered || givenUp(a) ? null : now + backoffMs(a.delivery.attempts),
        deliveredAt: delivered ? now : null,
        statusCode: a.result.statusCode,
        durationMs: a.result.durationMs,
        error: a.result.error,
      });
    }
    for (const endpoint of new Map(attempted.map((a) => [a.endpoint.id, a.endpoint])).values()) {
      const mine = attempted.filter((a) => a.endpoint.id === endpoint.id);
      if (mine.some((a) => a.result.error === null)) {
        await repo.markSucceeding(trx, endpoint.id);
        continue;
      }
      await repo.markFailing(trx, endpoint.id, now);
      // A delivery that failed on every attempt, and nothing has succeeded there for an hour: the
      // receiver is gone. Stop sending and tell the person who set it up.
      if (
        mine.some((a) => !a.manual && givenUp(a)) &&
        (await repo.disableFailing(trx, endpoint.id, now, now - DISABLE_AFTER_FAILING_MS))
      )
        disabled.push(endpoint);
    }
  });
  for (const endpoint of disabled) {
    deps.routing.forget();
    await logWebhook(deps, null, 'update', {
      key: 'webhook.disabled',
      params: { id: endpoint.id, url: endpoint.url },
    });
    if (endpoint.created_by !== null)
      await deps.notifications.notify(endpoint.created_by, 'webhook_disabled', { url: endpoint.url });
  }
}

/** The dispatcher run on every pass of the job runner: sends what is due, prunes the log hourly. */
export function createDispatcher(deps: DeliverDeps) {
  const { db, dbKind, jobs, clock } = deps;
  let lastPrune = 0;

  /** Sends what is due until none is left or the pass has had its share of time. */
  return async function dispatch(): Promise<void> {
    const started = Date.now();
    const endpoints = new Map<number, repo.EndpointRow | undefined>();
    for (;;) {
      const now = clock();
      const batch = await repo.claimDue(db, dbKind, {
        now,
        leaseUntil: now + DELIVERY_LEASE_MS,
        limit: BATCH,
      });
      if (batch.length === 0) break;
      for (const d of batch)
        if (!endpoints.has(d.endpoint_id))
          endpoints.set(d.endpoint_id, await repo.findEndpoint(db, d.endpoint_id));
      const sent = await Promise.all(
        batch.flatMap((d) => {
          const endpoint = endpoints.get(d.endpoint_id);
          return endpoint ? [attempt(deps, d, endpoint, false)] : [];
        }),
      );
      if (sent.length > 0) await settle(deps, sent);
      if (Date.now() - started > PASS_BUDGET_MS) {
        jobs.kick();
        break;
      }
    }
    const now = clock();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await repo.pruneFinished(db, now - LOG_KEPT_MS);
    }
  };
}
