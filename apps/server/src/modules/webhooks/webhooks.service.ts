import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { WebhookEventType } from '@meetflow/shared/schemas/integrations';
import type { Kysely } from 'kysely';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { createDeliveryLog } from './delivery-log.ts';
import { createDispatcher } from './deliver.ts';
import { emitEvents } from './emit-events.ts';
import { createEndpointRouting } from './endpoint-routing.ts';
import { createEndpointAdmin } from './manage-endpoints.ts';
import type { UrlGuard } from './url-guard.ts';

export { WEBHOOK_MAX_ATTEMPTS } from './deliver.ts';

/** Something that happened, as a feature reports it inside the transaction of the change. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** Routes the event to the endpoints of the meeting's organisation and those above it. */
  meetingId: number;
  /** One guest's events reach a receiver in the order they happened. */
  guestId?: number | null;
  /**
   * Ids and facts; a guest's names, phone, e-mail and code never (the receiver reads the guest with
   * its API token). Guest events carry the answers to the meeting's own fields (docs/decisions/0089).
   */
  data: Record<string, unknown>;
}

/**
 * A guest signed up (a visitor, the back office or an import), seated in `sessionIds` and waiting
 * for `waitingSessionIds`, with the answers to the meeting's own fields as stored (key → value).
 */
export function guestSignedUp(
  meetingId: number,
  guestId: number,
  source: 'public' | 'back_office' | 'import',
  sessionIds: readonly number[],
  more: { waitingSessionIds?: readonly number[]; answers?: Answers } = {},
): WebhookEvent {
  return {
    type: 'guest.signed_up',
    meetingId,
    guestId,
    data: {
      guest_id: guestId,
      source,
      session_ids: sessionIds,
      waiting_session_ids: more.waitingSessionIds ?? [],
      answers: more.answers ?? {},
    },
  };
}

/** What features are given: they report events, they do not manage endpoints. */
export type WebhookEmitter = Pick<WebhooksService, 'emit' | 'emitAll'>;

export interface WebhookDeps {
  db: Db;
  dbKind: DatabaseKind;
  jobs: Jobs;
  systemLog: SystemLog;
  notifications: Pick<NotificationsService, 'notify'>;
  guard: UrlGuard;
  clock: () => number;
}

/**
 * Webhooks (issue 21). An event is written to `webhook_deliveries` (the outbox), one row per
 * subscribed endpoint, in the transaction of the change: it is sent if and only if the change
 * committed. A dispatcher, run on every pass of the job runner, claims due rows under a lease, signs
 * them (Standard Webhooks) and POSTs them; a failure is retried with the job runner's back-off, and
 * a runner that dies mid-request leaves the lease to expire, so the row is sent again (at least
 * once; the `webhook-id` stays the same for the receiver to skip repeats). Emitting is emit-events.ts,
 * sending deliver.ts, the back office manage-endpoints.ts and delivery-log.ts.
 */
export function createWebhooksService(deps: WebhookDeps) {
  const routing = createEndpointRouting(deps);
  const withRouting = { ...deps, routing };
  const dispatch = createDispatcher(withRouting);

  return {
    /** Runs the dispatcher on every pass of this instance's job runner. */
    register(): void {
      deps.jobs.onPass(dispatch);
    },

    /**
     * Records an event for every endpoint that wants it, inside the caller's transaction. Costs
     * nothing but a look at the cached endpoint list when no endpoint wants this type.
     */
    emit: (trx: Kysely<Database>, event: WebhookEvent): Promise<void> =>
      emitEvents(withRouting, trx, [event]),

    /** Many events at once (an import's batch): each meeting's routing is worked out once. */
    emitAll: (trx: Kysely<Database>, events: readonly WebhookEvent[]): Promise<void> =>
      emitEvents(withRouting, trx, events),

    ...createEndpointAdmin(withRouting),
    ...createDeliveryLog(withRouting),
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
