import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { DeliveryAttemptRow, Row, RowUpdate } from '../../db/schema.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { renderInVersion, isApiVersion, LATEST_API_VERSION } from '../../lib/api-versions.js';
import { isoRequired } from '../../lib/time-format.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsBox } from '../../lib/secrets-box.js';
import { serializeEvent } from '../events/index.js';
import { serializeEndpoint } from './endpoints.serializer.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import { signatureHeaders } from './signature.js';
import { claimDueDeliveries, recordAttemptIfClaimed, setEndpointPaused } from './deliveries.repository.js';
import { eventsAndEndpointsOf, lockEndpointById, updateEndpointById } from './endpoints.repository.js';

export { claimDueDeliveries };
import { createWebhookDispatcher, postWebhook, type AttemptOutcome } from './sender.js';
import { domainSignals } from '../../metrics/signals.js';
import { releaseClaims } from './deliveries.repository.js';
import {
  attemptsInFlight,
  DEFAULT_DELIVERY_SLOTS,
  MAX_ATTEMPTS_PER_ENDPOINT,
  platformShare,
  saturated,
  withinCaps,
  type Caps,
} from './delivery-fairness.js';

/**
 * The delivery worker (docs/webhooks.md#how-delivery-works), safe to run in any number of processes:
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

type EventRow = Row<'events'>;

/** The exact bytes sent: the event in the endpoint's api_version. */
export function renderDeliveryBody(event: EventRow, apiVersion: string): string {
  const version = isApiVersion(apiVersion) ? apiVersion : LATEST_API_VERSION;
  return JSON.stringify(renderInVersion(serializeEvent(event, version), version));
}

/**
 * Sends a batch of claimed deliveries concurrently and records each attempt. An attempt cut
 * by `stop` (the worker is stopping) is not recorded: the delivery keeps its claim until the
 * lease runs out, and is then attempted again by any worker, as after a crash.
 */
export async function deliverClaimed(
  db: DbHandle,
  config: Config,
  clock: Clock,
  secrets: SecretsBox,
  dispatcher: Dispatcher,
  claimed: DeliveryRow[],
  logger: Logger,
  stop?: AbortSignal,
): Promise<void> {
  if (claimed.length === 0) return;
  const [events, endpoints] = await eventsAndEndpointsOf(db, secrets, claimed);
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
        if (body === 'null') {
          // The event is about an object the endpoint's version does not have (a waitlisted
          // attendee, docs/waitlists.md#older-api-versions): nothing to send.
          await withTransaction(db, (trx) =>
            recordAttemptIfClaimed(trx, delivery, { status: 'succeeded', next_attempt_at: null, locked_until: null, claim_token: null, last_error: `not in API version ${endpoint.api_version}: not sent` }),
          );
          return;
        }
        const attemptedAt = clock.now();
        const headers = {
          'content-type': 'application/json',
          'user-agent': 'Scheduling-Webhooks/1.0',
          ...signatureHeaders(endpoint.secret, event.id, Math.floor(attemptedAt.getTime() / 1000), body),
        };
        const outcome = await postWebhook(dispatcher, endpoint.url, headers, body, config, stop);
        domainSignals.webhookAttempt(outcome);
        if (!outcome.ok && stop?.aborted) {
          logger.info({ delivery: delivery.id, endpoint: endpoint.id }, 'webhook attempt aborted: the worker is stopping; attempted again once its lease runs out');
          return;
        }
        const recorded = await recordAttempt(db, config, clock, delivery, outcome, attemptedAt);
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
export async function recordAttempt(
  db: DbHandle,
  config: Config,
  clock: Clock,
  delivery: DeliveryRow,
  outcome: AttemptOutcome,
  attemptedAt: Date,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const now = clock.now();
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
    const updated = await recordAttemptIfClaimed(trx, delivery, {
        status,
        attempts,
        next_attempt_at: next,
        locked_until: null,
        claim_token: null,
        last_attempt_at: attemptedAt,
        last_response_status: outcome.responseStatus,
        last_error: outcome.error,
        recent_attempts: json([...delivery.recent_attempts, attempt].slice(-10)),
      });
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
  const before = await lockEndpointById(trx, delivery.platform_id, delivery.endpoint_id);
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
  const after = await updateEndpointById(trx, delivery.platform_id, delivery.endpoint_id, changes);
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
export async function runDeliveryPass(db: DbHandle, config: Config, clock: Clock, secrets: SecretsBox, dispatcher: Dispatcher, logger: Logger, limit = 50): Promise<number> {
  const claimed = await claimDueDeliveries(db, clock.now(), leaseMs(config), limit);
  await deliverClaimed(db, config, clock, secrets, dispatcher, claimed, logger);
  return claimed.length;
}

/**
 * The background worker (docs/limits.md): every poll it claims as many due deliveries as it
 * has free slots, leaving out endpoints and platforms at their cap of attempts in flight, and
 * starts each attempt on its own: a slot frees as soon as its own attempt ends. Whatever a
 * claim took beyond a cap goes straight back, and the next pass runs at once.
 */
export function createDeliveryWorker(db: Db, config: Config, clock: Clock, secrets: SecretsBox, logger: Logger, options: { concurrency?: number } = {}): Worker {
  const slots = options.concurrency ?? DEFAULT_DELIVERY_SLOTS;
  const caps: Caps = { perEndpoint: MAX_ATTEMPTS_PER_ENDPOINT, perPlatform: platformShare(slots) };
  const dispatcher = createWebhookDispatcher(config);
  const attempts = new Set<Promise<void>>();
  const stopping = new AbortController();
  const poller = pollingWorker('webhooks.delivery', config.workerPollMs, logger, async () => {
    const free = slots - attempts.size;
    if (free <= 0) return false;
    const now = clock.now();
    const inFlight = await attemptsInFlight(db.kysely, now);
    const claimed = await claimDueDeliveries(db.kysely, now, leaseMs(config), free, saturated(inFlight, caps));
    if (claimed.length === 0) return false;
    const { keep, release } = withinCaps(claimed, inFlight, caps);
    await releaseClaims(db.kysely, release);
    for (const delivery of keep) {
      const attempt: Promise<void> = deliverClaimed(db.kysely, config, clock, secrets, dispatcher, [delivery], logger, stopping.signal)
        .catch((err) => logger.error({ err }, 'webhook attempt failed'))
        .finally(() => attempts.delete(attempt));
      attempts.add(attempt);
    }
    return release.length > 0 || claimed.length === free;
  });
  return {
    name: 'webhooks.delivery',
    start: () => poller.start(),
    async stop(abort) {
      if (abort?.aborted) stopping.abort();
      else abort?.addEventListener('abort', () => stopping.abort(), { once: true });
      await poller.stop();
      await Promise.allSettled([...attempts]);
      await dispatcher.close();
    },
    // One pass that waits for every attempt it starts (and for attempts already in flight).
    async runOnce() {
      await Promise.allSettled([...attempts]);
      return (await runDeliveryPass(db.kysely, config, clock, secrets, dispatcher, logger, slots)) === slots;
    },
  };
}
