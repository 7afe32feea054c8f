import type {
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
} from '@meetflow/shared/schemas/integrations';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import {
  assertUrlFree,
  audited,
  checkBody,
  logWebhook,
  readEndpoint,
  visibleEndpoint,
} from './endpoint-access.ts';
import type { EndpointRouting } from './endpoint-routing.ts';
import { newSecret, toEndpoint } from './webhook-format.ts';
import type { WebhookDeps } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

/** The back office's endpoints: list, create, change, delete, a new secret. */
export function createEndpointAdmin(deps: WebhookDeps & { routing: EndpointRouting }) {
  const { db, jobs, clock, routing } = deps;

  return {
    async list(user: AuthUser): Promise<WebhookEndpoint[]> {
      const rows = await repo.listEndpoints(db, await visibleOrganizationIds(db, user));
      return rows.map(toEndpoint);
    },

    async get(user: AuthUser, id: number): Promise<WebhookEndpoint> {
      return toEndpoint(await visibleEndpoint(deps, user, id));
    },

    async create(actor: Actor, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      await checkBody(deps, actor.user, body);
      await assertUrlFree(deps, body);
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
      routing.forget();
      const created = await readEndpoint(deps, id);
      await logWebhook(
        deps,
        actor,
        'create',
        { key: 'webhook.created', params: { id, url: body.url } },
        fieldChanges(null, audited(created)),
      );
      return { ...created, secret };
    },

    async update(actor: Actor, id: number, body: WebhookEndpointBody): Promise<WebhookEndpoint> {
      const before = toEndpoint(await visibleEndpoint(deps, actor.user, id));
      await checkBody(deps, actor.user, body);
      await assertUrlFree(deps, body, id);
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
      routing.forget();
      const after = await readEndpoint(deps, id);
      await logWebhook(
        deps,
        actor,
        'update',
        { key: 'webhook.updated', params: { id, url: after.url } },
        fieldChanges(audited(before), audited(after)),
      );
      if (enabled) jobs.kick();
      return after;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const before = toEndpoint(await visibleEndpoint(deps, actor.user, id));
      await db.transaction().execute((trx) => repo.deleteEndpoint(trx, id));
      routing.forget();
      await logWebhook(
        deps,
        actor,
        'delete',
        { key: 'webhook.deleted', params: { id, url: before.url } },
        fieldChanges(audited(before), null),
      );
    },

    async rotateSecret(actor: Actor, id: number): Promise<WebhookEndpointWithSecret> {
      await visibleEndpoint(deps, actor.user, id);
      const secret = newSecret();
      await repo.updateEndpoint(db, id, { secret, updated_at: clock() });
      await logWebhook(deps, actor, 'update', { key: 'webhook.secret_rotated', params: { id } });
      return { ...(await readEndpoint(deps, id)), secret };
    },
  };
}
