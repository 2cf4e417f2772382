import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { DeliveryAttemptRow, Row, RowUpdate } from '../../db/schema.js';
import { changedAttributes, recordEvent } from '../../events/outbox.js';
import { renderInVersion, isApiVersion, LATEST_API_VERSION } from '../../events/versions.js';
import { isoRequired } from '../../lib/time-format.js';
import { pollingWorker } from '../../workers/poller.js';
import type { Worker } from '../../workers/registry.js';
import { serializeEvent } from '../events/events.serializer.js';
import { serializeEndpoint } from './endpoints.serializer.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import { signatureHeaders } from './signature.js';
import { setEndpointPaused } from './deliveries.repository.js';
import { createWebhookDispatcher, postWebhook, type AttemptOutcome } from './sender.js';

/**
 * The delivery worker (decisions.md §9), safe to run in any number of processes:
 *
 *  1. claim due deliveries with FOR UPDATE SKIP LOCKED and mark them `sending` with a lease
 *     (one statement, so one short transaction, committed before any network I/O);
 *  2. POST each one outside any transaction;
 *  3. record the attempt in another short transaction, only if the claim still holds.
 *
 * A worker killed between 1 and 3 leaves its deliveries `sending`; once their lease has run
 * out they are claimable again, so every delivery is attempted at least once more.
 */

/** How long a claim holds: the request's own timeout twice over, plus a second. */
export function leaseMs(config: Pick<Config, 'webhookTimeoutMs'>): number {
  return config.webhookTimeoutMs * 2 + 1000;
}

export async function claimDueDeliveries(db: DbHandle, now: Date, lease: number, limit: number): Promise<DeliveryRow[]> {
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
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    ) due
    where w.platform_id = due.platform_id and w.id = due.id
    returning w.*
  `.execute(db);
  return result.rows;
}

type EventRow = Row<'events'>;

/** The exact bytes sent: the event in the endpoint's api_version. */
export function renderDeliveryBody(event: EventRow, apiVersion: string): string {
  const version = isApiVersion(apiVersion) ? apiVersion : LATEST_API_VERSION;
  return JSON.stringify(renderInVersion(serializeEvent(event, version), version));
}

/** Sends a batch of claimed deliveries concurrently and records each attempt. */
export async function deliverClaimed(db: DbHandle, config: Config, dispatcher: Dispatcher, claimed: DeliveryRow[], logger: Logger): Promise<void> {
  if (claimed.length === 0) return;
  const platforms = [...new Set(claimed.map((d) => d.platform_id))];
  const [events, endpoints] = await Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('platform_id', 'in', platforms)
      .where('id', 'in', [...new Set(claimed.map((d) => d.event_id))])
      .execute(),
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('platform_id', 'in', platforms)
      .where('id', 'in', [...new Set(claimed.map((d) => d.endpoint_id))])
      .execute(),
  ]);
  const key = (platform: string, id: string) => `${platform} ${id}`;
  const eventBy = new Map(events.map((e) => [key(e.platform_id, e.id), e]));
  const endpointBy = new Map(endpoints.map((e) => [key(e.platform_id, e.id), e]));
  await Promise.all(
    claimed.map(async (delivery) => {
      const event = eventBy.get(key(delivery.platform_id, delivery.event_id));
      const endpoint = endpointBy.get(key(delivery.platform_id, delivery.endpoint_id));
      // Deleted since the claim (retention, endpoint deletion): the delivery row went with it.
      if (!event || !endpoint) return;
      try {
        const body = renderDeliveryBody(event, endpoint.api_version);
        const attemptedAt = new Date();
        const headers = {
          'content-type': 'application/json',
          'user-agent': 'Scheduling-Webhooks/1.0',
          ...signatureHeaders(endpoint.secret, event.id, Math.floor(attemptedAt.getTime() / 1000), body),
        };
        const outcome = await postWebhook(dispatcher, endpoint.url, headers, body, config);
        const recorded = await recordAttempt(db, config, delivery, outcome, attemptedAt);
        logger.debug({ delivery: delivery.id, endpoint: endpoint.id, ok: outcome.ok, status: outcome.responseStatus, error: outcome.error, recorded }, 'webhook attempt');
      } catch (err) {
        // The lease runs out and the delivery is attempted again: at-least-once.
        logger.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded');
      }
    }),
  );
}

/**
 * Records one attempt: the delivery's next state, and the endpoint's health. Returns false
 * when the claim was lost (the lease ran out and another worker took the delivery over).
 */
export async function recordAttempt(db: DbHandle, config: Config, delivery: DeliveryRow, outcome: AttemptOutcome, attemptedAt: Date): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const now = new Date();
    const attempts = delivery.attempts + 1;
    const schedule = config.webhookRetryScheduleSeconds;
    const attempt: DeliveryAttemptRow = {
      attempted_at: isoRequired(attemptedAt),
      response_status: outcome.responseStatus,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    };
    const status = outcome.ok ? 'succeeded' : attempts >= schedule.length ? 'failed' : 'pending';
    const next = status === 'pending' ? new Date(now.getTime() + schedule[attempts] * 1000) : null;
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts,
        next_attempt_at: next,
        locked_until: null,
        claim_token: null,
        last_attempt_at: attemptedAt,
        last_response_status: outcome.responseStatus,
        last_error: outcome.error,
        recent_attempts: json([...delivery.recent_attempts, attempt].slice(-10)),
      })
      .where('platform_id', '=', delivery.platform_id)
      .where('id', '=', delivery.id)
      .where('status', '=', 'sending')
      .where('claim_token', '=', delivery.claim_token)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await recordEndpointHealth(trx, config, delivery, outcome, now);
    return true;
  });
}

/**
 * A success resets `consecutive_failures` and `failing_since` and sets `last_success_at`; a
 * failure counts up and starts `failing_since`. An endpoint failing for
 * webhookDisableAfterSeconds, or answering 410 Gone, is disabled with reason `failing`
 * (and a webhook_endpoint.updated event says so).
 */
async function recordEndpointHealth(trx: Trx, config: Config, delivery: DeliveryRow, outcome: AttemptOutcome, now: Date) {
  const before = await trx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', delivery.platform_id)
    .where('id', '=', delivery.endpoint_id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return;
  let changes: RowUpdate<'webhook_endpoints'>;
  if (outcome.ok) {
    changes = { consecutive_failures: 0, failing_since: null, last_success_at: now };
  } else {
    const failingSince = before.failing_since ?? now;
    changes = { consecutive_failures: before.consecutive_failures + 1, failing_since: failingSince };
    const failingTooLong = now.getTime() - failingSince.getTime() >= config.webhookDisableAfterSeconds * 1000;
    if (before.status === 'enabled' && (outcome.responseStatus === 410 || failingTooLong)) {
      changes = { ...changes, status: 'disabled', disabled_reason: 'failing', disabled_at: now, updated_at: now };
    }
  }
  const after = await trx
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('platform_id', '=', delivery.platform_id)
    .where('id', '=', delivery.endpoint_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (after.status !== before.status) {
    await setEndpointPaused(trx, after.platform_id, after.id, after.status === 'disabled');
    const endpoint = serializeEndpoint(after);
    await recordEvent(
      trx,
      { platformId: after.platform_id, livemode: after.livemode, accountId: null },
      'webhook_endpoint.updated',
      endpoint,
      changedAttributes(serializeEndpoint(before), endpoint),
      now,
    );
  }
}

/** Claims what is due and delivers it, waiting for every attempt. Tests drive the worker with it. */
export async function runDeliveryPass(db: DbHandle, config: Config, dispatcher: Dispatcher, logger: Logger, limit = 50): Promise<number> {
  const claimed = await claimDueDeliveries(db, new Date(), leaseMs(config), limit);
  await deliverClaimed(db, config, dispatcher, claimed, logger);
  return claimed.length;
}

/**
 * The background worker: every poll it claims as many due deliveries as it has free slots
 * (at most `concurrency` attempts in flight), and sends them without waiting for the
 * previous batch, so one slow receiver does not hold up the others.
 */
export function createDeliveryWorker(db: Db, config: Config, logger: Logger, options: { concurrency?: number } = {}): Worker {
  const concurrency = options.concurrency ?? 16;
  const dispatcher = createWebhookDispatcher(config);
  const batches = new Set<Promise<void>>();
  let busy = 0;
  const poller = pollingWorker('webhooks.delivery', config.workerPollMs, logger, async () => {
    const free = concurrency - busy;
    if (free <= 0) return false;
    const claimed = await claimDueDeliveries(db.kysely, new Date(), leaseMs(config), free);
    if (claimed.length === 0) return false;
    busy += claimed.length;
    const batch: Promise<void> = deliverClaimed(db.kysely, config, dispatcher, claimed, logger)
      .catch((err) => logger.error({ err }, 'webhook batch failed'))
      .finally(() => {
        busy -= claimed.length;
        batches.delete(batch);
      });
    batches.add(batch);
    return claimed.length === free;
  });
  return {
    name: 'webhooks.delivery',
    start: () => poller.start(),
    async stop() {
      await poller.stop();
      await Promise.allSettled([...batches]);
      await dispatcher.close();
    },
  };
}

