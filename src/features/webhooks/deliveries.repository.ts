import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, RowUpdate, WebhookDeliveryStatus } from '../../db/schema.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';
import { json } from '../../db/transaction.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';

export interface DeliveryFilters {
  eventId?: string;
  endpointId?: string;
  status?: WebhookDeliveryStatus;
}

export function listDeliveries(db: DbHandle, scope: PlatformScope, filters: DeliveryFilters, page: PageParams) {
  let q = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  if (filters.eventId !== undefined) q = q.where('event_id', '=', filters.eventId);
  if (filters.endpointId !== undefined) q = q.where('endpoint_id', '=', filters.endpointId);
  if (filters.status !== undefined) q = q.where('status', '=', filters.status);
  return listPage(q, 'id', page);
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
 * in the transaction that disables or enables the endpoint.
 */
export function setEndpointPaused(trx: Trx, platformId: string, endpointId: string, paused: boolean) {
  return trx
    .updateTable('webhook_deliveries')
    .set({ endpoint_paused: paused })
    .where('platform_id', '=', platformId)
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'sending'])
    .where('endpoint_paused', '=', !paused)
    .execute();
}

/**
 * Claims due deliveries: marks them `sending` with a lease until now + lease, in one
 * statement (FOR UPDATE SKIP LOCKED, so several workers never claim one delivery twice).
 */
export async function claimDueDeliveries(
  db: DbHandle,
  now: Date,
  lease: number,
  limit: number,
  skip: { endpoints: string[]; platforms: string[] } = { endpoints: [], platforms: [] },
): Promise<DeliveryRow[]> {
  const token = randomBytes(12).toString('hex');
  const lockedUntil = new Date(now.getTime() + lease);
  const result = await sql<DeliveryRow>`
    update webhook_deliveries w
    set status = 'sending', locked_until = ${lockedUntil}::timestamptz, claim_token = ${token}::text
    from (
      select d.platform_id, d.id
      from webhook_deliveries d
      join webhook_endpoints e on e.platform_id = d.platform_id and e.id = d.endpoint_id
      -- endpoint_paused keeps disabled endpoints' backlogs out of the index scan; the join
      -- decides (a fan-out racing a disable may leave a row unpaused for a moment).
      where e.status = 'enabled'
        and ((d.status = 'pending' and not d.endpoint_paused and d.next_attempt_at <= ${now}::timestamptz)
          or (d.status = 'sending' and d.locked_until <= ${now}::timestamptz))
        -- endpoints ('platform endpoint') and platforms at their cap of attempts in flight
        -- (delivery-fairness.ts)
        and not (d.platform_id = any(${skip.platforms}::text[]))
        and not ((d.platform_id || ' ' || d.endpoint_id) = any(${skip.endpoints}::text[]))
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    ) due
    where w.platform_id = due.platform_id and w.id = due.id
    returning w.*
  `.execute(db);
  return result.rows;
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

/** Attempts in flight now per endpoint, from the live leases of every worker process. */
export async function attemptsInFlightByEndpoint(db: DbHandle, now: Date) {
  const { rows } = await sql<{ platform_id: string; endpoint_id: string; n: number }>`
    select platform_id, endpoint_id, count(*)::int as n
    from webhook_deliveries
    where status = 'sending' and locked_until > ${now}::timestamptz
    group by platform_id, endpoint_id
  `.execute(db);
  return rows.map((r) => ({ platformId: r.platform_id, endpointId: r.endpoint_id, attempts: Number(r.n) }));
}

/** Hands claimed deliveries back untouched: still due, no attempt counted. */
export async function releaseClaims(db: DbHandle, rows: readonly DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    update webhook_deliveries w
    set status = 'pending', locked_until = null, claim_token = null
    from unnest(${rows.map((r) => r.platform_id)}::text[], ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.claim_token)}::text[])
      as v(platform_id, id, claim_token)
    where w.platform_id = v.platform_id and w.id = v.id and w.status = 'sending' and w.claim_token = v.claim_token
  `.execute(db);
}
