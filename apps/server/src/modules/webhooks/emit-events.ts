import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EndpointRouting } from './endpoint-routing.ts';
import { newMessage } from './webhook-format.ts';
import type { WebhookDeps, WebhookEvent } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

type EmitDeps = Pick<WebhookDeps, 'dbKind' | 'jobs' | 'clock'> & { routing: EndpointRouting };

/**
 * Records events for every endpoint that wants them, inside the caller's transaction (an import's
 * batch at once: each meeting's routing is worked out once). Costs nothing but a look at the cached
 * endpoint list when no endpoint wants the type.
 */
export async function emitEvents(
  deps: EmitDeps,
  trx: Kysely<Database>,
  events: readonly WebhookEvent[],
): Promise<void> {
  const { routing } = deps;
  const rows: Parameters<typeof repo.insertDeliveries>[1] = [];
  const now = deps.clock();
  for (const event of events) {
    const wanted = await routing.subscribed(trx, event.type);
    if (wanted.length === 0) continue;
    const chain = wanted.some((e) => e.organization_id !== null)
      ? // A meeting's own events read it afresh: an edit may have moved it to another organisation.
        await routing.organizationsOf(trx, event.meetingId, now, event.type.startsWith('meeting.'))
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
    await repo.liveEndpointIds(trx, deps.dbKind, [...new Set(rows.map((r) => r.endpoint_id))]),
  );
  const kept = rows.filter((r) => live.has(r.endpoint_id));
  for (let i = 0; i < kept.length; i += 500) await repo.insertDeliveries(trx, kept.slice(i, i + 500));
  if (kept.length < rows.length) routing.forget();
  if (kept.length > 0) deps.jobs.kick();
}
