import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { NewRow, RowUpdate, WebhookDeliveryStatus } from '../../db/schema.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';
import { json } from '../../db/transaction.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { HEALTHY_LANE, TROUBLED_LANE } from './delivery-lanes.js';
import { earliest } from '../../lib/clock.js';

export interface DeliveryFilters {
  eventId?: string;
  endpointId?: string;
  status?: WebhookDeliveryStatus;
}

export function listDeliveries(db: DbHandle, scope: PlatformScope, filters: DeliveryFilters, page: PageParams) {
  return listPage(deliveriesMatching(db, scope, filters), 'id', page);
}

/** The deliveries that `filters` keep, for listPage to order and page. */
export function deliveriesMatching(db: DbHandle, scope: PlatformScope, filters: DeliveryFilters) {
  let q = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  if (filters.eventId !== undefined) q = q.where('event_id', '=', filters.eventId);
  if (filters.endpointId !== undefined) q = q.where('endpoint_id', '=', filters.endpointId);
  // Written into the text, not bound (one of four names): only then may the planner read an
  // endpoint's unsettled deliveries by their own index (migration 034), not walk all of them.
  if (filters.status !== undefined) q = q.where('status', '=', sql.lit(filters.status));
  return q;
}

/** A fresh delivery, due now: pending, no attempts yet (waiting if the endpoint is disabled). */
export function newDeliveryRow(
  scope: PlatformScope,
  event: { id: string; type: string },
  endpoint: { id: string; status: 'enabled' | 'disabled' },
  now: Date,
  resent: boolean,
): NewRow<'webhook_deliveries'> {
  return {
    platform_id: scope.platformId,
    id: newId(ID_PREFIX.webhookDelivery, now.getTime()),
    livemode: scope.livemode,
    event_id: event.id,
    event_type: event.type,
    endpoint_id: endpoint.id,
    endpoint_paused: endpoint.status === 'disabled',
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    resent_at: resent ? now : null,
    recent_attempts: json([]),
    created_at: now,
  };
}

export function insertDeliveries(trx: Trx, rows: NewRow<'webhook_deliveries'>[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return trx.insertInto('webhook_deliveries').values(rows).returningAll().execute();
}

/**
 * Keeps `endpoint_paused` of an endpoint's waiting deliveries in step with its status; called
 * in the transaction that disables or enables the endpoint. The waiting ones are found through
 * the queue (migration 028), not among every delivery the endpoint ever had.
 */
export function setEndpointPaused(trx: Trx, platformId: string, endpointId: string, paused: boolean) {
  return sql`
    update webhook_deliveries set endpoint_paused = ${paused}
    where platform_id = ${platformId}::text and id in (
      select q.delivery_id from webhook_delivery_queue q
      where q.platform_id = ${platformId}::text and q.endpoint_id = ${endpointId}::text and q.endpoint_paused = ${!paused})`.execute(trx);
}

/*
 * The claim, in two steps that Citus accepts (docs/scaling.md): a plain read of the platforms
 * with work a lane can take (a worker pass, across platforms, no locks), then one claim per
 * platform, every table pinned by `platform_id`, with FOR UPDATE SKIP LOCKED. Waiting work is
 * read from the queue (`webhook_delivery_queue`, migration 028: the deliveries pending or
 * sending, kept by a trigger), never from the deliveries themselves; the claim then locks the
 * deliveries it found, by key. Every transaction locks a delivery before its queue row (the
 * trigger writes the row after the delivery), so a claim and an attempt's record never wait on
 * each other in a circle. The fragments below name their tables `e` (webhook_endpoints), `q`
 * (webhook_delivery_queue) and `d` (webhook_deliveries).
 */

/** An enabled endpoint `e` whose lane is not resting after a failure. */
const laneOpen = (now: Date) => sql<boolean>`(e.status = 'enabled' and (e.backoff_until is null or e.backoff_until <= ${now}::timestamptz))`;

/**
 * The free places of endpoint `e`'s lane (delivery-lanes.ts): its width less its attempts in
 * flight now, counted from the live leases of every worker process. Negative when the lane
 * narrowed under attempts already running.
 */
const laneFree = (now: Date) => sql<number>`(
  (case when e.consecutive_failures > 0 then ${TROUBLED_LANE}::int else ${HEALTHY_LANE}::int end)
  - (select count(*)::int from webhook_delivery_queue f
     where f.platform_id = e.platform_id and f.endpoint_id = e.id and f.status = 'sending' and f.locked_until > ${now}::timestamptz))`;

/** Delivery `d` is due: pending and its time has come, or claimed by a worker whose lease ran out. */
const isDue = (now: Date) => sql<boolean>`((d.status = 'pending' and not d.endpoint_paused and d.next_attempt_at <= ${now}::timestamptz)
  or (d.status = 'sending' and d.locked_until <= ${now}::timestamptz))`;

/**
 * The platforms, in id order after `after`, with a due delivery for an endpoint whose lane
 * has room now. A plain read across platforms (it locks nothing): the worker pass that picks
 * whom to claim for next, listed among the fan-outs in docs/scaling.md.
 */
export async function platformsWithLaneWork(db: DbHandle, now: Date, after: string, limit: number): Promise<string[]> {
  const { rows } = await sql<{ platform_id: string }>`
    select distinct e.platform_id
    from webhook_endpoints e
    where e.platform_id > ${after}::text
      and ${laneOpen(now)}
      and (exists (select 1 from webhook_delivery_queue q
                   where q.platform_id = e.platform_id and q.endpoint_id = e.id
                     and q.status = 'pending' and not q.endpoint_paused and q.next_attempt_at <= ${now}::timestamptz)
        or exists (select 1 from webhook_delivery_queue q
                   where q.platform_id = e.platform_id and q.endpoint_id = e.id
                     and q.status = 'sending' and q.locked_until <= ${now}::timestamptz))
      and ${laneFree(now)} > 0
    order by e.platform_id
    limit ${limit}
  `.execute(db);
  return rows.map((r) => r.platform_id);
}

/**
 * When delivery work next falls due after `now` (null: none waits): a retry's next attempt, a
 * claim's lease running out, or an endpoint's rest ending. Three probes, each the first entry
 * of an index of the queue (webhook_delivery_queue_due, webhook_delivery_queue_lease) or of
 * the small endpoints table; asked only by a worker about to sleep longer than its poll interval.
 */
export async function nextDeliveryDue(db: DbHandle, now: Date): Promise<Date | null> {
  // Three statements, not one with three subqueries: each is a plain aggregate that a Citus
  // cluster combines from its shards.
  const retry = await db
    .selectFrom('webhook_delivery_queue')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', '=', 'pending')
    .where(sql<boolean>`not endpoint_paused`)
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  const lease = await db
    .selectFrom('webhook_delivery_queue')
    .select((eb) => eb.fn.min('locked_until').as('at'))
    .where('status', '=', 'sending')
    .where('locked_until', '>', now)
    .executeTakeFirst();
  const rest = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.min('backoff_until').as('at'))
    .where('status', '=', 'enabled')
    .where('backoff_until', '>', now)
    .executeTakeFirst();
  return earliest([retry?.at, lease?.at, rest?.at]);
}

/** The class of the advisory locks that make one platform's claims take turns (any constant). */
const CLAIM_LOCK_CLASS = 7_240_302;

/**
 * Claims one platform's due deliveries, never more of an endpoint's than its lane has free,
 * oldest due first: marks them `sending` with a lease until now + lease (FOR UPDATE SKIP
 * LOCKED, so several workers never claim one delivery twice).
 *
 * Every statement is pinned to the platform: the open lanes, each lane's candidates, then the
 * claim of those still due. (One statement with the candidates as common table expressions,
 * or as a lateral join over the lanes, is not one Citus routes whole to the platform's shard.)
 * So that two workers never read the same free places and both fill them, a claim for the
 * platform holds a transaction-scoped advisory lock (on a cluster, taken on the coordinator);
 * a worker that finds it held leaves the platform to the one claiming.
 */
export async function claimDueDeliveries(db: DbHandle, platformId: string, now: Date, lease: number): Promise<DeliveryRow[]> {
  return withTransaction(db, async (trx) => {
    const turn = await sql<{ mine: boolean }>`select pg_try_advisory_xact_lock(${CLAIM_LOCK_CLASS}::int, hashtext(${platformId}::text)) as mine`.execute(trx);
    if (!turn.rows[0]?.mine) return [];
    const lanes = await sql<{ id: string; free: number }>`
      select e.id, ${laneFree(now)} as free
      from webhook_endpoints e
      where e.platform_id = ${platformId}::text and ${laneOpen(now)}`.execute(trx);
    const candidates: string[] = [];
    for (const lane of lanes.rows) {
      if (lane.free > 0) candidates.push(...(await dueOfEndpoint(trx, platformId, lane.id, lane.free, now)));
    }
    if (candidates.length === 0) return [];
    const token = randomBytes(12).toString('hex');
    const lockedUntil = new Date(now.getTime() + lease);
    const result = await sql<DeliveryRow>`
      update webhook_deliveries w
      set status = 'sending', locked_until = ${lockedUntil}::timestamptz, claim_token = ${token}::text
      from (
        select d.id from webhook_deliveries d
        where d.platform_id = ${platformId}::text and d.id = any(${candidates}::text[]) and ${isDue(now)}
        for update of d skip locked
      ) due
      where w.platform_id = ${platformId}::text and w.id = due.id
      returning w.*
    `.execute(trx);
    return result.rows;
  });
}

/** An endpoint's oldest due deliveries, at most `limit`: pending ones whose time has come, and leases run out. */
async function dueOfEndpoint(db: DbHandle, platformId: string, endpointId: string, limit: number, now: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select x.id from (
      (select q.delivery_id as id, q.next_attempt_at as due_at from webhook_delivery_queue q
        where q.platform_id = ${platformId}::text and q.endpoint_id = ${endpointId}::text
          and q.status = 'pending' and not q.endpoint_paused and q.next_attempt_at <= ${now}::timestamptz
        order by q.next_attempt_at, q.delivery_id limit ${limit}::int)
      union all
      (select q.delivery_id as id, q.locked_until as due_at from webhook_delivery_queue q
        where q.platform_id = ${platformId}::text and q.endpoint_id = ${endpointId}::text
          and q.status = 'sending' and q.locked_until <= ${now}::timestamptz
        order by q.locked_until, q.delivery_id limit ${limit}::int)
    ) x
    order by x.due_at, x.id
    limit ${limit}::int`.execute(db);
  return rows.map((r) => r.id);
}

/** A delivery's state after one attempt, as recordAttemptsIfClaimed writes it. */
export interface AttemptRecord {
  id: string;
  /** The claim the attempt was made under: the record is written only if it still holds. */
  claim_token: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date;
  last_response_status: number | null;
  last_error: string | null;
  recent_attempts: unknown[];
}

/**
 * Records the attempts of one platform's deliveries in one statement, each only if its claim
 * still holds (same token, still sending); the ids recorded. The records travel as one JSON
 * parameter, so the statement is the same whatever their number, and pinned to the platform.
 */
export async function recordAttemptsIfClaimed(trx: Trx, platformId: string, records: readonly AttemptRecord[]): Promise<string[]> {
  if (records.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    update webhook_deliveries w
    set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
        locked_until = null, claim_token = null, last_attempt_at = v.last_attempt_at,
        last_response_status = v.last_response_status, last_error = v.last_error, recent_attempts = v.recent_attempts
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(
      id text, claim_token text, status text, attempts int, next_attempt_at timestamptz, last_attempt_at timestamptz,
      last_response_status int, last_error text, recent_attempts jsonb)
    where w.platform_id = ${platformId}::text and w.id = v.id and w.status = 'sending' and w.claim_token = v.claim_token
    returning w.id`.execute(trx);
  return rows.map((r) => r.id);
}

/** Records an attempt only if the claim still holds (same token, still sending); the id, or undefined. */
export function recordAttemptIfClaimed(trx: Trx, delivery: DeliveryRow, changes: RowUpdate<'webhook_deliveries'>) {
  return trx
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('platform_id', '=', delivery.platform_id)
    .where('id', '=', delivery.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', delivery.claim_token)
    .returning('id')
    .executeTakeFirst();
}

/** Sets the same changes on the given deliveries of one platform. */
export function updateDeliveries(trx: Trx, scope: PlatformScope, ids: string[], changes: RowUpdate<'webhook_deliveries'>) {
  return trx.updateTable('webhook_deliveries').set(changes).where('platform_id', '=', scope.platformId).where('id', 'in', ids).execute();
}

/**
 * Deliveries of this endpoint in one status whose event lies in the window, oldest first,
 * locked for this transaction. `pending` means "waiting for a later retry" (not yet due).
 */
export async function existingDeliveries(
  trx: Trx,
  scope: PlatformScope,
  endpointId: string,
  status: 'failed' | 'pending',
  window: { since: Date; until: Date },
  now: Date,
  limit: number,
): Promise<{ ids: string[]; more: boolean }> {
  let q = trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', (j) => j.onRef('e.platform_id', '=', 'd.platform_id').onRef('e.id', '=', 'd.event_id'))
    .select('d.id')
    .where('d.platform_id', '=', scope.platformId)
    .where('d.livemode', '=', scope.livemode)
    .where('d.endpoint_id', '=', endpointId)
    .where('d.status', '=', status)
    .where('e.created_at', '>=', window.since)
    .where('e.created_at', '<=', window.until);
  if (status === 'pending') q = q.where('d.next_attempt_at', '>', now);
  const rows = await q
    .orderBy('d.id', 'asc')
    .limit(limit + 1)
    .forUpdate('d')
    .execute();
  return { ids: rows.slice(0, limit).map((r) => r.id), more: rows.length > limit };
}

/** Events in the window that the endpoint subscribes to and that never had a delivery for it. */
export function eventsNeverDelivered(
  trx: Trx,
  scope: PlatformScope,
  endpointId: string,
  enabledEvents: string[],
  window: { since: Date; until: Date },
  limit: number,
) {
  let q = trx
    .selectFrom('events as e')
    .select(['e.id', 'e.type', 'e.account_id'])
    .where('e.platform_id', '=', scope.platformId)
    .where('e.livemode', '=', scope.livemode)
    .where('e.created_at', '>=', window.since)
    .where('e.created_at', '<=', window.until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select(sql.lit(1).as('one'))
            .whereRef('d.platform_id', '=', 'e.platform_id')
            .whereRef('d.event_id', '=', 'e.id')
            .where('d.endpoint_id', '=', endpointId),
        ),
      ),
    );
  if (!enabledEvents.includes('*')) {
    const exact = enabledEvents.filter((f) => !f.endsWith('.*'));
    const prefixes = enabledEvents.filter((f) => f.endsWith('.*')).map((f) => f.slice(0, -1));
    q = q.where((eb) =>
      eb.or([
        ...(exact.length ? [eb('e.type', 'in', exact)] : []),
        ...prefixes.map((p) => eb(sql<boolean>`starts_with(e.type, ${p}::text)`, '=', true)),
      ]),
    );
  }
  return q.orderBy('e.id', 'asc').limit(limit + 1).execute();
}

/**
 * Deletes up to `limit` finished deliveries (succeeded or failed) of one platform created before
 * `cutoff`: the platform's `deliveries_retention_days` (docs/privacy.md#retention). Deliveries
 * still to be sent are kept until they finish; all go with their event at the latest.
 */
export async function deleteFinishedDeliveriesBefore(db: DbHandle, platformId: string, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from webhook_deliveries where platform_id = ${platformId} and id in (
      select id from webhook_deliveries where platform_id = ${platformId} and created_at < ${cutoff}::timestamptz
        and status in ('succeeded', 'failed') limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
