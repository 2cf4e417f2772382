import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, WebhookDeliveryStatus } from '../../db/schema.js';
import type { PlatformScope } from '../../http/context.js';
import { listPage, type PageParams } from '../../http/pagination.js';
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
