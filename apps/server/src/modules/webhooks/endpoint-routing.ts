import type { Kysely } from 'kysely';
import { ancestorIds } from '../../core/organization-scope.ts';
import type { Database } from '../../db/schema.ts';
import { eventTypes } from './webhook-format.ts';
import type { WebhookDeps } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

/** Enabled endpoints are read at most this often per instance (and at once after a local change). */
export const ENDPOINT_CACHE_MS = 5000;

/**
 * Which endpoints hear an event: the enabled endpoints by event type and each meeting's chain of
 * organisations, both cached for a few seconds per instance; `forget` drops the endpoint list after
 * a local change.
 */
export function createEndpointRouting(deps: Pick<WebhookDeps, 'clock'>) {
  let cache: {
    at: number;
    rows: { id: number; organization_id: number | null; types: Set<string> }[];
  } | null = null;
  const chains = new Map<number, { at: number; ids: number[] }>();

  return {
    forget(): void {
      cache = null;
    },

    /** The enabled endpoints that want this type (read in the caller's transaction when the cache is old). */
    async subscribed(trx: Kysely<Database>, type: string) {
      const now = deps.clock();
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
    },

    /**
     * The meeting's organisation and those above it, whose endpoints hear its events; kept as long as
     * the endpoint list (a meeting moved to another organisation is routed anew within seconds).
     */
    async organizationsOf(
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
    },
  };
}
export type EndpointRouting = ReturnType<typeof createEndpointRouting>;
