import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { invalid, notFound } from '../../lib/errors.js';
import { iso, isoRequired, parseRfc3339 } from '../../lib/time-format.js';
import { EVENT_RETENTION_MS, findVisibleEvent } from '../events/index.js';
import { findEndpoint } from './endpoints.repository.js';
import { eventsNeverDelivered, existingDeliveries, insertDeliveries, newDeliveryRow, updateDeliveries } from './deliveries.repository.js';
import { usageMeter } from '../../metering/index.js';
import { serializeDelivery } from './deliveries.serializer.js';
import type { Clock } from '../../lib/clock.js';

/** At most this many deliveries are touched by one endpoint resend; `has_more` says if more wait. */
export const RESEND_BATCH = 1000;

export class ResendService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  /**
   * One event to one endpoint: a new delivery with a fresh set of retries, whatever happened
   * before (interface, Events rule 4). Earlier deliveries of the event are left as they are.
   */
  async resendEvent(scope: PlatformScope, eventId: string, endpointId: string, boundAccountId: string | null) {
    const now = this.clock.now();
    const event = await findVisibleEvent(this.db, scope, boundAccountId, eventId, now);
    if (!event) throw notFound('event', eventId);
    return withTransaction(this.db, async (trx) => {
      const endpoint = await findEndpoint(trx, scope, endpointId);
      if (!endpoint) throw notFound('webhook endpoint', endpointId, 'endpoint');
      const [row] = await insertDeliveries(trx, [newDeliveryRow(scope, event, endpoint, now, true)]);
      await usageMeter.webhookDeliveriesCreated(trx, { ...scope, accountId: event.account_id }, now, 1);
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
    const now = this.clock.now();
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
        await updateDeliveries(trx, scope, requeue.ids, {
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          resent_at: now,
          locked_until: null,
          claim_token: null,
          endpoint_paused: endpoint.status === 'disabled',
        });
      }
      budget -= requeue.ids.length;

      const expedite = budget > 0 ? await existingDeliveries(trx, scope, endpoint.id, 'pending', window, now, budget) : { ids: [], more: false };
      hasMore ||= expedite.more;
      if (expedite.ids.length) {
        await updateDeliveries(trx, scope, expedite.ids, { next_attempt_at: now });
      }
      budget -= expedite.ids.length;

      let queued = 0;
      if (budget > 0) {
        const events = await eventsNeverDelivered(trx, scope, endpoint.id, endpoint.enabled_events, window, budget);
        hasMore ||= events.length > budget;
        const rows = events.slice(0, budget).map((e) => newDeliveryRow(scope, e, endpoint, now, true));
        await insertDeliveries(trx, rows);
        queued = rows.length;
        // New deliveries are usage, per account of their event (docs/usage.md).
        const perAccount = new Map<string | null, number>();
        for (const e of events.slice(0, budget)) perAccount.set(e.account_id, (perAccount.get(e.account_id) ?? 0) + 1);
        for (const [accountId, count] of perAccount) await usageMeter.webhookDeliveriesCreated(trx, { ...scope, accountId }, now, count);
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
