import { sql } from 'kysely';
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { PlatformScope } from '../../http/context.js';
import { invalid, notFound } from '../../http/errors.js';
import { iso, isoRequired, parseRfc3339 } from '../../lib/time-format.js';
import { EVENT_RETENTION_MS, findEvent } from '../events/events.repository.js';
import { findEndpoint } from './endpoints.repository.js';
import { insertDeliveries, newDeliveryRow } from './deliveries.repository.js';
import { serializeDelivery } from './deliveries.serializer.js';

/** At most this many deliveries are touched by one endpoint resend; `has_more` says if more wait. */
export const RESEND_BATCH = 1000;

export class ResendService {
  constructor(private readonly db: DbHandle) {}

  /**
   * One event to one endpoint: a new delivery with a fresh set of retries, whatever happened
   * before (interface, Events rule 4). Earlier deliveries of the event are left as they are.
   */
  async resendEvent(scope: PlatformScope, eventId: string, endpointId: string, boundAccountId: string | null) {
    const now = new Date();
    const event = await findEvent(this.db, scope, eventId, now);
    if (!event || (boundAccountId && event.account_id !== boundAccountId)) throw notFound('event', eventId);
    return withTransaction(this.db, async (trx) => {
      const endpoint = await findEndpoint(trx, scope, endpointId);
      if (!endpoint) throw notFound('webhook endpoint', endpointId, 'endpoint');
      const [row] = await insertDeliveries(trx, [newDeliveryRow(scope, event, endpoint, now, true)]);
      return serializeDelivery(row);
    });
  }

  /**
   * Catch-up for one endpoint over the events created in [since, until] (default: the last 30
   * days). In this order, within one budget of RESEND_BATCH, oldest first: failed deliveries go
   * back to pending with fresh attempts (`requeued`); pending deliveries waiting for a later
   * retry become due now (`expedited`); matching events that never had a delivery for this
   * endpoint get one (`queued`). Calling again continues where the last call stopped.
   */
  async resendEndpoint(scope: PlatformScope, endpointId: string, input: { since?: string; until?: string }) {
    const now = new Date();
    const until = input.until !== undefined ? new Date(parseRfc3339(input.until)!) : now;
    const oldest = new Date(now.getTime() - EVENT_RETENTION_MS);
    let since = input.since !== undefined ? new Date(parseRfc3339(input.since)!) : oldest;
    if (since > until) throw invalid('since', 'Invalid since: it must not be after until.');
    if (since < oldest) since = oldest; // events are kept 30 days
    return withTransaction(this.db, async (trx) => {
      const endpoint = await findEndpoint(trx, scope, endpointId);
      if (!endpoint) throw notFound('webhook endpoint', endpointId);
      const window = { since, until };
      let budget = RESEND_BATCH;
      let hasMore = false;

      const requeue = await existingDeliveries(trx, scope, endpoint.id, 'failed', window, now, budget);
      hasMore ||= requeue.more;
      if (requeue.ids.length) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', attempts: 0, next_attempt_at: now, resent_at: now, locked_until: null, claim_token: null, endpoint_paused: endpoint.status === 'disabled' })
          .where('platform_id', '=', scope.platformId)
          .where('id', 'in', requeue.ids)
          .execute();
      }
      budget -= requeue.ids.length;

      const expedite = budget > 0 ? await existingDeliveries(trx, scope, endpoint.id, 'pending', window, now, budget) : { ids: [], more: false };
      hasMore ||= expedite.more;
      if (expedite.ids.length) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: now })
          .where('platform_id', '=', scope.platformId)
          .where('id', 'in', expedite.ids)
          .execute();
      }
      budget -= expedite.ids.length;

      let queued = 0;
      if (budget > 0) {
        const events = await eventsNeverDelivered(trx, scope, endpoint.id, endpoint.enabled_events, window, budget);
        hasMore ||= events.length > budget;
        const rows = events.slice(0, budget).map((e) => newDeliveryRow(scope, e, endpoint, now, true));
        await insertDeliveries(trx, rows);
        queued = rows.length;
      } else {
        hasMore ||= (await eventsNeverDelivered(trx, scope, endpoint.id, endpoint.enabled_events, window, 0)).length > 0;
      }

      return {
        object: 'webhook_resend' as const,
        livemode: scope.livemode,
        endpoint: endpoint.id,
        since: isoRequired(since),
        until: isoRequired(until),
        requeued: requeue.ids.length,
        queued,
        expedited: expedite.ids.length,
        has_more: hasMore,
        ...(endpoint.status === 'disabled'
          ? { note: `The endpoint is disabled (since ${iso(endpoint.disabled_at)}): its deliveries wait until it is enabled again.` }
          : {}),
      };
    });
  }
}

/**
 * Deliveries of this endpoint in one status whose event lies in the window, oldest first,
 * locked for this transaction. `pending` means "waiting for a later retry" (not yet due).
 */
async function existingDeliveries(
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
function eventsNeverDelivered(
  trx: Trx,
  scope: PlatformScope,
  endpointId: string,
  enabledEvents: string[],
  window: { since: Date; until: Date },
  limit: number,
) {
  let q = trx
    .selectFrom('events as e')
    .select(['e.id', 'e.type'])
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
