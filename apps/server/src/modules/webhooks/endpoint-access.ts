import type { WebhookEndpoint, WebhookEndpointBody } from '@meetflow/shared/schemas/integrations';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible, visibleOrganizationIds } from '../../core/organization-scope.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { LogMessage } from '../system-log/system-log.service.ts';
import { sameUrlKey, toEndpoint } from './webhook-format.ts';
import type { WebhookDeps } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

/** An endpoint the user's organisations may see (administrators see all), else NOT_FOUND. */
export async function visibleEndpoint(
  deps: Pick<WebhookDeps, 'db'>,
  user: AuthUser,
  id: number,
): Promise<repo.EndpointRow> {
  const row = await repo.findEndpoint(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const visible = await visibleOrganizationIds(deps.db, user);
  if (visible !== null && (row.organization_id === null || !visible.includes(row.organization_id)))
    throw new AppError('NOT_FOUND');
  return row;
}

export async function checkBody(
  deps: Pick<WebhookDeps, 'db' | 'guard'>,
  user: AuthUser,
  body: WebhookEndpointBody,
): Promise<void> {
  if (body.organization_id === null) {
    if (!isAdministrator(user)) throw fieldError('organization_id', 'invalidOption');
  } else {
    await assertOrganizationVisible(deps.db, user, body.organization_id);
  }
  const problem = await deps.guard.check(body.url);
  if (problem) throw fieldError('url', problem);
}

/**
 * A second endpoint with the same URL in the same scope would deliver every event twice, under two
 * secrets: refused (409), so the organiser edits the one there is. Compared as URLs, so a host in
 * capitals or an explicit default port is the same address.
 */
export async function assertUrlFree(
  deps: Pick<WebhookDeps, 'db'>,
  body: WebhookEndpointBody,
  exceptId?: number,
): Promise<void> {
  const wanted = sameUrlKey(body.url);
  const taken = (await repo.endpointUrlsInScope(deps.db, body.organization_id)).some(
    (row) => row.id !== exceptId && sameUrlKey(row.url) === wanted,
  );
  if (taken) throw new AppError('WEBHOOK_URL_TAKEN');
}

export async function readEndpoint(deps: Pick<WebhookDeps, 'db'>, id: number): Promise<WebhookEndpoint> {
  const row = await repo.findEndpoint(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toEndpoint(row);
}

/** An endpoint's fields as the audit log compares them. */
export const audited = (e: WebhookEndpoint) => ({
  url: e.url,
  description: e.description,
  event_types: e.event_types.join(', '),
  enabled: e.enabled ? 1 : 0,
  organization_id: e.organization_id,
});

export async function logWebhook(
  deps: Pick<WebhookDeps, 'systemLog'>,
  actor: Actor | null,
  action: 'create' | 'update' | 'delete',
  message: LogMessage,
  changes?: FieldChange[],
) {
  await deps.systemLog.record({
    action,
    source: actor ? 'admin' : 'system',
    message,
    username: actor?.user.auditName ?? null,
    ip: actor?.ip ?? null,
    changes,
  });
}
