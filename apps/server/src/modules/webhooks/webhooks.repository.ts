import { sql, type Insertable, type Selectable } from 'kysely';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { insertRows, preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

const endpointColumns = [
  'webhook_endpoints.id',
  'webhook_endpoints.organization_id',
  'webhook_endpoints.url',
  'webhook_endpoints.description',
  'webhook_endpoints.event_types',
  'webhook_endpoints.secret',
  'webhook_endpoints.enabled',
  'webhook_endpoints.disabled_reason',
  'webhook_endpoints.failing_since',
  'webhook_endpoints.created_by',
  'webhook_endpoints.created_at',
  'webhook_endpoints.updated_at',
  'organizations.name as organization_name',
] as const;

const endpoints = (db: Db) =>
  db
    .selectFrom('webhook_endpoints')
    .leftJoin('organizations', 'organizations.id', 'webhook_endpoints.organization_id')
    .select(endpointColumns)
    .select((eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('webhook_deliveries.endpoint_id', '=', 'webhook_endpoints.id')
        .where('webhook_deliveries.state', '=', 'pending')
        .as('pending'),
    );
export type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

export function findEndpoint(db: Db, id: number) {
  return endpoints(db).where('webhook_endpoints.id', '=', id).executeTakeFirst();
}

/** Endpoints owned by these organisations (null: all, including the every-organisation ones). */
export function listEndpoints(db: Db, organizationIds: number[] | null) {
  let q = endpoints(db);
  if (organizationIds !== null) q = q.where('webhook_endpoints.organization_id', 'in', organizationIds);
  return q.orderBy('webhook_endpoints.id').execute();
}

/** The URLs of the endpoints of one scope: an organisation, or (null) every organisation. */
export function endpointUrlsInScope(db: Db, organizationId: number | null) {
  const q = db.selectFrom('webhook_endpoints').select(['id', 'url']);
  return (
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId)
  ).execute();
}

/** What event routing needs of every enabled endpoint (a small table, cached by the service). */
export function enabledEndpoints(db: Db) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'organization_id', 'event_types'])
    .where('enabled', '=', 1)
    .execute();
}

export async function insertEndpoint(
  db: Db,
  row: Insertable<Database['webhook_endpoints']>,
): Promise<number> {
  const { id } = await db
    .insertInto('webhook_endpoints')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateEndpoint(
  db: Db,
  id: number,
  changes: Partial<Insertable<Database['webhook_endpoints']>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  // Attempts and deliveries go with it (ON DELETE CASCADE), explicitly too, since SQLite needs
  // foreign keys switched on for the cascade.
  await db
    .deleteFrom('webhook_attempts')
    .where(
      'delivery_id',
      'in',
      db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id),
    )
    .execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function insertDeliveries(
  db: Db,
  rows: Insertable<Database['webhook_deliveries']>[],
): Promise<number[]> {
  const ids = await insertRows<'webhook_deliveries', { id: number }>(db, 'webhook_deliveries', rows, ['id']);
  return ids.map((r) => Number(r.id));
}

export type DeliveryRow = Selectable<Database['webhook_deliveries']>;

/**
 * Claims due deliveries of enabled endpoints, holding each until `leaseUntil`. A delivery waits while
 * an earlier one with the same ordering key (one guest's events) is still pending at its endpoint,
 * so a receiver sees a guest's events in the order they happened.
 */
export async function claimDue(
  db: Db,
  kind: DatabaseKind,
  opts: { now: number; leaseUntil: number; limit: number },
): Promise<DeliveryRow[]> {
  const rows = await claimQueries[kind].rows(db, opts);
  return (rows as DeliveryRow[]).sort((a, b) => a.id - b.id);
}

/** The claim, prepared once per database kind: PostgreSQL's instances skip rows another has locked. */
function claimQuery(kind: DatabaseKind) {
  return preparedQuery<{ now: number; leaseUntil: number; limit: number }>()((db, p) => {
    let due = db
      .selectFrom('webhook_deliveries as d')
      .select('d.id')
      .where('d.state', '=', 'pending')
      .where('d.next_attempt_at', '<=', p('now'))
      .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', p('now'))]))
      .where('d.endpoint_id', 'in', (eb) =>
        eb
          .selectFrom('webhook_endpoints')
          .select('webhook_endpoints.id')
          .where('webhook_endpoints.enabled', '=', 1),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as p')
              .select('p.id')
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('p.ordering_key', '=', 'd.ordering_key')
              .where('p.state', '=', 'pending')
              .whereRef('p.id', '<', 'd.id'),
          ),
        ),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(p('limit'));
    if (kind === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('webhook_deliveries')
      .set({ lease_until: p('leaseUntil'), attempts: sql`attempts + 1` })
      .where('id', 'in', due)
      .returningAll();
  });
}
const claimQueries = { sqlite: claimQuery('sqlite'), postgres: claimQuery('postgres') };

/** How an attempt ended, as its delivery row keeps it. */
export interface AttemptOutcome {
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Ends one attempt; only the claim that still holds the delivery (same attempt number) may. */
export async function finishAttempt(
  db: Db,
  delivery: Pick<DeliveryRow, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const result = await finishQuery.execute(db, { id: delivery.id, attempts: delivery.attempts, ...outcome });
  return Number(result.numAffectedRows ?? 0) > 0;
}
const finishQuery = preparedQuery<AttemptOutcome & Pick<DeliveryRow, 'id' | 'attempts'>>()((db, p) =>
  db
    .updateTable('webhook_deliveries')
    .set({
      state: p('state'),
      next_attempt_at: p('nextAttemptAt'),
      delivered_at: p('deliveredAt'),
      lease_until: null,
      last_status_code: p('statusCode'),
      last_duration_ms: p('durationMs'),
      last_error: p('error'),
    })
    .where('id', '=', p('id'))
    .where('attempts', '=', p('attempts')),
);

export async function insertAttempts(
  db: Db,
  rows: Insertable<Database['webhook_attempts']>[],
): Promise<void> {
  await insertRows(db, 'webhook_attempts', rows);
}

/** A failure: the endpoint has been failing since its first failure after a success. */
export async function markFailing(db: Db, endpointId: number, now: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
}

export async function markSucceeding(db: Db, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * Switches off an endpoint that has had no success since `failingBefore` or earlier; answers whether
 * this call did (one notification per disable).
 */
export async function disableFailing(
  db: Db,
  endpointId: number,
  now: number,
  failingBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', failingBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listDeliveries(
  db: Db,
  endpointId: number,
  state: string | undefined,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
  if (state) q = q.where('state', '=', state as DeliveryRow['state']);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DeliveryRow[], total: Number(total.n) };
}

export async function findDelivery(db: Db, endpointId: number, id: number): Promise<DeliveryRow | undefined> {
  return (await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst()) as DeliveryRow | undefined;
}

export function listAttempts(db: Db, deliveryId: number) {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
}

/** Takes a delivery for a manual attempt now, unless a dispatcher holds it (then undefined). */
export async function claimForRedelivery(
  db: Db,
  id: number,
  now: number,
  leaseUntil: number,
): Promise<DeliveryRow | undefined> {
  return (await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: leaseUntil, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returningAll()
    .executeTakeFirst()) as DeliveryRow | undefined;
}

const liveEndpoint = preparedQuery<{ id: number }>()((db, p) =>
  db.selectFrom('webhook_endpoints').select('id').where('id', '=', p('id')).where('enabled', '=', 1),
);
const liveEndpointLocked = preparedQuery<{ id: number }>()((db, p) =>
  db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', p('id'))
    .where('enabled', '=', 1)
    .forKeyShare(),
);

/**
 * Of these endpoints, those that still exist and are on, locked against deletion (PostgreSQL) until
 * commit. One prepared probe per endpoint, in id order: every scan and sign-up with an endpoint asks
 * this for one or two, and building the IN query anew cost a scan ~45 µs of its ~450.
 */
export async function liveEndpointIds(db: Db, kind: DatabaseKind, ids: number[]): Promise<number[]> {
  const probe = kind === 'postgres' ? liveEndpointLocked : liveEndpoint;
  const live: number[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) if (await probe.takeFirst(db, { id })) live.push(id);
  return live;
}

/** Gives up an endpoint's pending deliveries (marked failed, with why). */
export async function abandonPending(db: Db, endpointId: number, why: string, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', next_attempt_at: null, last_error: why, lease_until: null, delivered_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .where('created_at', '<=', now)
    .execute();
}

/** Forgets finished deliveries older than `before` (the log is kept for a while, not for ever). */
export async function pruneFinished(db: Db, before: number): Promise<void> {
  const old = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('state', '!=', 'pending')
    .where('created_at', '<', before);
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
  await db
    .deleteFrom('webhook_deliveries')
    .where('state', '!=', 'pending')
    .where('created_at', '<', before)
    .execute();
}

/**
 * Deliveries of a meeting's guests (all, or one) whose payload carries answers (a guest event's
 * `"answers":{…}` with at least one key): what an erasure rewrites.
 */
export function deliveriesWithAnswers(db: Db, meetingId: number, guestId?: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'payload'])
    .where('meeting_id', '=', meetingId)
    .$if(guestId !== undefined, (q) => q.where('guest_id', '=', guestId!))
    .where('guest_id', 'is not', null)
    .where('payload', 'like', '%"answers":{"%')
    .execute();
}

export async function rewritePayload(db: Db, id: number, payload: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ payload }).where('id', '=', id).execute();
}

/* The organisation a meeting belongs to (events are routed by it): the meetings module's read. */
export { organizationOf as meetingOrganization } from '../meetings/meetings.reads.ts';

/**
 * The outbox as the operator's metrics see it: deliveries still pending (with the oldest one's
 * creation) and those given up, per state. Both are ranges of the (state, next_attempt_at) index.
 */
export function deliveryBacklog(db: Db) {
  return db
    .selectFrom('webhook_deliveries')
    .select('state')
    .select((eb) => [
      eb.fn.countAll<number>().as('deliveries'),
      eb.fn.min<number>('created_at').as('oldest_created_at'),
    ])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy('state')
    .execute();
}
