import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  webhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@meetflow/shared/schemas/integrations';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import {
  ancestorIds,
  assertOrganizationVisible,
  visibleOrganizationIds,
} from '../../core/organization-scope.ts';
import { backoffMs, type Jobs } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { UrlGuard } from './url-guard.ts';
import { sendWebhook, signedHeaders, type SendResult } from './webhook-sender.ts';
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
const DELIVERY_LEASE_MS = 60_000;
/** Enabled endpoints are read at most this often per instance (and at once after a local change). */
const ENDPOINT_CACHE_MS = 5000;
/** Deliveries sent side by side per claim. */
const BATCH = 32;
/** A pass hands back to the job runner after this long; a kick brings it back at once. */
const PASS_BUDGET_MS = 2000;
/** Finished deliveries (and their attempts) stay in the log this long. */
const LOG_KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Something that happened, as a feature reports it inside the transaction of the change. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** Routes the event to the endpoints of the meeting's organisation and those above it. */
  meetingId: number;
  /** One guest's events reach a receiver in the order they happened. */
  guestId?: number | null;
  /** Ids and facts, no personal data: the receiver reads the guest with its API token. */
  data: Record<string, unknown>;
}

/** A guest signed up (a visitor, the back office or an import), seated in `sessionIds` and waiting for `waitingSessionIds`. */
export function guestSignedUp(
  meetingId: number,
  guestId: number,
  source: 'public' | 'back_office' | 'import',
  sessionIds: readonly number[],
  waitingSessionIds: readonly number[] = [],
): WebhookEvent {
  return {
    type: 'guest.signed_up',
    meetingId,
    guestId,
    data: { guest_id: guestId, source, session_ids: sessionIds, waiting_session_ids: waitingSessionIds },
  };
}

/** What features are given: they report events, they do not manage endpoints. */
export type WebhookEmitter = Pick<WebhooksService, 'emit' | 'emitAll'>;

interface WebhookDeps {
  db: Db;
  dbKind: DatabaseKind;
  jobs: Jobs;
  systemLog: SystemLog;
  notifications: Pick<NotificationsService, 'notify'>;
  guard: UrlGuard;
  clock: () => number;
}

function eventTypes(json: string): WebhookEventType[] {
  const stored: unknown = JSON.parse(json);
  return Array.isArray(stored) ? WEBHOOK_EVENT_TYPES.filter((t) => stored.includes(t)) : [];
}

/** A URL as an address: `HTTPS://Example.org:443/x` and `https://example.org/x` are the same. */
function sameUrlKey(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The end of a signing secret: tells which one the receiver holds without giving any of it away. */
function secretHint(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

/** One message as signed and sent: a new `webhook-id` and the Standard Webhooks body. */
function newMessage(type: string, now: number, data: Record<string, unknown>) {
  return {
    message_id: `msg_${randomToken(18)}`,
    event_type: type,
    payload: JSON.stringify({ type, timestamp: new Date(now).toISOString(), data }),
  };
}

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
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

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
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

/**
 * Webhooks (issue 21). An event is written to `webhook_deliveries` (the outbox), one row per
 * subscribed endpoint, in the transaction of the change: it is sent if and only if the change
 * committed. A dispatcher, run on every pass of the job runner, claims due rows under a lease, signs
 * them (Standard Webhooks) and POSTs them; a failure is retried with the job runner's back-off, and
 * a runner that dies mid-request leaves the lease to expire, so the row is sent again (at least
 * once; the `webhook-id` stays the same for the receiver to skip repeats).
 */
export function createWebhooksService(deps: WebhookDeps) {
  const { db, dbKind, jobs, systemLog, guard, clock } = deps;
  const leaseMs = DELIVERY_LEASE_MS;
  let cache: {
    at: number;
    rows: { id: number; organization_id: number | null; types: Set<string> }[];
  } | null = null;
  let lastPrune = 0;

  /** The enabled endpoints that want this type (read in the caller's transaction when the cache is old). */
  async function subscribed(trx: Kysely<Database>, type: string) {
    const now = clock();
    if (!cache || now - cache.at > ENDPOINT_CACHE_MS || now < cache.at) {
      const rows = await repo.enabledEndpoints(trx);
      cache = {
        at: now,
        rows: rows.map((r) => ({
          id: r.id,
          organization_id: r.organization_id,
          types: new Set(eventTypes(r.event_types)),
        })),
      };
    }
    return cache.rows.filter((r) => r.types.has(type));
  }

  /**
   * The meeting's organisation and those above it, whose endpoints hear its events; kept as long as
   * the endpoint list (a meeting moved to another organisation is routed anew within seconds).
   */
  const chains = new Map<number, { at: number; ids: number[] }>();
  async function organizationsOf(
    trx: Kysely<Database>,
    meetingId: number,
    now: number,
    fresh: boolean,
  ): Promise<number[]> {
    const known = chains.get(meetingId);
    if (!fresh && known && now - known.at <= ENDPOINT_CACHE_MS && now >= known.at) return known.ids;
    const organization = await repo.meetingOrganization(trx, meetingId);
    const ids = organization === undefined ? [] : await ancestorIds(trx, organization);
    if (chains.size >= 10_000) chains.clear();
    chains.set(meetingId, { at: now, ids });
    return ids;
  }

  async function visibleEndpoint(user: AuthUser, id: number): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const visible = await visibleOrganizationIds(db, user);
    if (visible !== null && (row.organization_id === null || !visible.includes(row.organization_id)))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function checkBody(user: AuthUser, body: WebhookEndpointBody): Promise<void> {
    if (body.organization_id === null) {
      if (!isAdministrator(user)) throw fieldError('organization_id', 'invalidOption');
    } else {
      await assertOrganizationVisible(db, user, body.organization_id);
    }
    const problem = await guard.check(body.url);
    if (problem) throw fieldError('url', problem);
  }

  /**
   * A second endpoint with the same URL in the same scope would deliver every event twice, under two
   * secrets: refused (409), so the organiser edits the one there is. Compared as URLs, so a host in
   * capitals or an explicit default port is the same address.
   */
  async function assertUrlFree(body: WebhookEndpointBody, exceptId?: number): Promise<void> {
    const wanted = sameUrlKey(body.url);
    const taken = (await repo.endpointUrlsInScope(db, body.organization_id)).some(
      (row) => row.id !== exceptId && sameUrlKey(row.url) === wanted,
    );
    if (taken) throw new AppError('WEBHOOK_URL_TAKEN');
  }

  const audited = (e: WebhookEndpoint) => ({
    url: e.url,
    description: e.description,
    event_types: e.event_types.join(', '),
    enabled: e.enabled ? 1 : 0,
    organization_id: e.organization_id,
  });

  async function log(
    actor: Actor | null,
    action: 'create' | 'update' | 'delete',
    message: LogMessage,
    changes?: FieldChange[],
  ) {
    await systemLog.record({
      action,
      source: actor ? 'admin' : 'system',
      message,
      username: actor?.user.auditName ?? null,
      ip: actor?.ip ?? null,
      changes,
    });
  }

  async function readEndpoint(id: number): Promise<WebhookEndpoint> {
    const row = await repo.findEndpoint(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toEndpoint(row);
  }

  interface Attempted {
    delivery: repo.DeliveryRow;
    endpoint: { id: number; url: string; created_by: number | null };
    result: SendResult;
    manual: boolean;
  }

  /**
   * Logs the attempts and moves each delivery on: delivered, retried later, or failed for good. One
   * transaction for a whole batch: a burst of events costs one commit per batch, not three per event.
   */
  async function settle(attempted: readonly Attempted[]): Promise<void> {
    const now = clock();
    const givenUp = (a: Attempted) =>
      a.result.error !== null &&
      (a.manual ? a.delivery.state === 'failed' : a.delivery.attempts >= WEBHOOK_MAX_ATTEMPTS);
    const disabled: Attempted['endpoint'][] = [];
    await db.transaction().execute(async (trx) => {
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
      cache = null;
      await log(null, 'update', { key: 'webhook.disabled', params: { id: endpoint.id, url: endpoint.url } });
      if (endpoint.created_by !== null)
        await deps.notifications.notify(endpoint.created_by, 'webhook_disabled', { url: endpoint.url });
    }
  }

  async function attempt(
    delivery: repo.DeliveryRow,
    endpoint: repo.EndpointRow,
    manual: boolean,
  ): Promise<Attempted> {
    // The signature's timestamp is the wall clock: the receiver compares it with its own to refuse replays.
    const headers = signedHeaders(endpoint.secret, delivery.message_id, delivery.payload, new Date());
    const result = await sendWebhook(guard, endpoint.url, headers, delivery.payload);
    return { delivery, endpoint, result, manual };
  }

  /** Sends what is due until none is left or the pass has had its share of time. */
  async function dispatch(): Promise<void> {
    const started = Date.now();
    const endpoints = new Map<number, repo.EndpointRow | undefined>();
    for (;;) {
      const now = clock();
      const batch = await repo.claimDue(db, dbKind, { now, leaseUntil: now + leaseMs, limit: BATCH });
      if (batch.length === 0) break;
      for (const d of batch)
        if (!endpoints.has(d.endpoint_id))
          endpoints.set(d.endpoint_id, await repo.findEndpoint(db, d.endpoint_id));
      const sent = await Promise.all(
        batch.flatMap((d) => {
          const endpoint = endpoints.get(d.endpoint_id);
          return endpoint ? [attempt(d, endpoint, false)] : [];
        }),
      );
      if (sent.length > 0) await settle(sent);
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
  }

  const service = {
    /** Runs the dispatcher on every pass of this instance's job runner. */
    register(): void {
      jobs.onPass(dispatch);
    },

    /**
     * Records an event for every endpoint that wants it, inside the caller's transaction. Costs
     * nothing but a look at the cached endpoint list when no endpoint wants this type.
     */
    emit(trx: Kysely<Database>, event: WebhookEvent): Promise<void> {
      return service.emitAll(trx, [event]);
    },

    /** Many events at once (an import's batch): each meeting's routing is worked out once. */
    async emitAll(trx: Kysely<Database>, events: readonly WebhookEvent[]): Promise<void> {
      const rows: Parameters<typeof repo.insertDeliveries>[1] = [];
      const now = clock();
      for (const event of events) {
        const wanted = await subscribed(trx, event.type);
        if (wanted.length === 0) continue;
        const chain = wanted.some((e) => e.organization_id !== null)
          ? // A meeting's own events read it afresh: an edit may have moved it to another organisation.
            await organizationsOf(trx, event.meetingId, now, event.type.startsWith('meeting.'))
          : [];
        const targets = wanted.filter((e) => e.organization_id === null || chain.includes(e.organization_id));
        if (targets.length === 0) continue;
        const message = newMessage(event.type, now, { meeting_id: event.meetingId, ...event.data });
        for (const endpoint of targets)
          rows.push({
            ...message,
            endpoint_id: endpoint.id,
            meeting_id: event.meetingId,
            guest_id: event.guestId ?? null,
            ordering_key: event.guestId ? `guest:${event.guestId}` : null,
            next_attempt_at: now,
            created_at: now,
          });
      }
      if (rows.length === 0) return;
      // The cached list may name an endpoint another instance has just deleted or switched off: only
      // rows for endpoints still there go in (locked against deletion until this commits), so a
      // stale cache never fails the sign-up or scan it rides on.
      const live = new Set(
        await repo.liveEndpointIds(trx, dbKind, [...new Set(rows.map((r) => r.endpoint_id))]),
      );
      const kept = rows.filter((r) => live.has(r.endpoint_id));
      for (let i = 0; i < kept.length; i += 500) await repo.insertDeliveries(trx, kept.slice(i, i + 500));
      if (kept.length < rows.length) cache = null;
      if (kept.length > 0) jobs.kick();
    },

    async list(user: AuthUser): Promise<WebhookEndpoint[]> {
      const rows = await repo.listEndpoints(db, await visibleOrganizationIds(db, user));
      return rows.map(toEndpoint);
    },

    async get(user: AuthUser, id: number): Promise<WebhookEndpoint> {
      return toEndpoint(await visibleEndpoint(user, id));
    },

    async create(actor: Actor, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      await checkBody(actor.user, body);
      await assertUrlFree(body);
      const now = clock();
      const secret = newSecret();
      const id = await repo.insertEndpoint(db, {
        organization_id: body.organization_id,
        url: body.url,
        description: body.description ?? '',
        event_types: JSON.stringify([...new Set(body.event_types)]),
        secret,
        enabled: body.enabled === false ? 0 : 1,
        disabled_reason: null,
        failing_since: null,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      });
      cache = null;
      const created = await readEndpoint(id);
      await log(
        actor,
        'create',
        { key: 'webhook.created', params: { id, url: body.url } },
        fieldChanges(null, audited(created)),
      );
      return { ...created, secret };
    },

    async update(actor: Actor, id: number, body: WebhookEndpointBody): Promise<WebhookEndpoint> {
      const before = toEndpoint(await visibleEndpoint(actor.user, id));
      await checkBody(actor.user, body);
      await assertUrlFree(body, id);
      const enabled = body.enabled !== false;
      // Moved to another organisation: what the old one's meetings queued is not the new owner's.
      if (body.organization_id !== before.organization_id)
        await repo.abandonPending(db, id, 'the endpoint moved to another organisation', clock());
      await repo.updateEndpoint(db, id, {
        organization_id: body.organization_id,
        url: body.url,
        description: body.description ?? '',
        event_types: JSON.stringify([...new Set(body.event_types)]),
        enabled: enabled ? 1 : 0,
        // Switching it on again is the organiser's word that the receiver is back.
        ...(enabled && !before.enabled ? { disabled_reason: null, failing_since: null } : {}),
        updated_at: clock(),
      });
      cache = null;
      const after = await readEndpoint(id);
      await log(
        actor,
        'update',
        { key: 'webhook.updated', params: { id, url: after.url } },
        fieldChanges(audited(before), audited(after)),
      );
      if (enabled) jobs.kick();
      return after;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const before = toEndpoint(await visibleEndpoint(actor.user, id));
      await db.transaction().execute((trx) => repo.deleteEndpoint(trx, id));
      cache = null;
      await log(
        actor,
        'delete',
        { key: 'webhook.deleted', params: { id, url: before.url } },
        fieldChanges(audited(before), null),
      );
    },

    async rotateSecret(actor: Actor, id: number): Promise<WebhookEndpointWithSecret> {
      await visibleEndpoint(actor.user, id);
      const secret = newSecret();
      await repo.updateEndpoint(db, id, { secret, updated_at: clock() });
      await log(actor, 'update', { key: 'webhook.secret_rotated', params: { id } });
      return { ...(await readEndpoint(id)), secret };
    },

    /** Queues a `webhook.test` message to this endpoint alone (it needs no subscription). */
    async sendTest(actor: Actor, id: number): Promise<WebhookDelivery> {
      const endpoint = await visibleEndpoint(actor.user, id);
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
      await log(actor, 'update', { key: 'webhook.test_sent', params: { id } });
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
      await visibleEndpoint(user, id);
      const page = query.page;
      const pageSize = query.page_size;
      const { rows, total } = await repo.listDeliveries(db, id, query.state, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { items: rows.map(toDelivery), total, page, page_size: pageSize };
    },

    async delivery(user: AuthUser, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
      const endpoint = await visibleEndpoint(user, id);
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
    },

    /** Sends a delivery again now, whatever its state, and answers how it went. */
    async redeliver(actor: Actor, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
      const endpoint = await visibleEndpoint(actor.user, id);
      const found = await repo.findDelivery(db, id, deliveryId);
      if (!found) throw new AppError('NOT_FOUND');
      // Not while a dispatcher is sending it: the receiver would get it twice at once.
      const claimed = await repo.claimForRedelivery(db, deliveryId, clock(), clock() + leaseMs);
      if (!claimed) throw new AppError('CONFLICT');
      await settle([await attempt(claimed, endpoint, true)]);
      await log(actor, 'update', {
        key: 'webhook.redelivered',
        params: { id, message_id: found.message_id },
      });
      return service.delivery(actor.user, id, deliveryId);
    },
  };
  return service;
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
