import type { Db } from '../../db/database.ts';
import * as webhooks from './webhooks.repository.ts';

/*
 * The webhook outbox as other modules read it (the operator's metrics). Imports only the module's
 * repository, never a service.
 */

/** Pending and failed deliveries, per state, with the oldest one's creation time. */
export function deliveryBacklog(db: Db) {
  return webhooks.deliveryBacklog(db);
}
