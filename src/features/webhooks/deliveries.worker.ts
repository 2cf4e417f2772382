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
import { claimDueDeliveries, platformsWithLaneWork, recordAttemptIfClaimed, setEndpointPaused } from './deliveries.repository.js';
import { eventsAndEndpointsOf, lockEndpointById, updateEndpointById } from './endpoints.repository.js';
import { createWebhookDispatcher, postWebhook, type AttemptOutcome } from './sender.js';
import { domainSignals } from '../../metrics/signals.js';
import type { ResolveHost } from '../../lib/resolve-host.js';
import { laneBackoffUntil, PLATFORMS_PER_PASS } from './delivery-lanes.js';

export { claimDueDeliveries };

/**
 * The delivery worker (docs/webhooks.md#how-delivery-works), safe to run in any number of processes:
 *
 *  1. claim due deliveries, one platform at a time and never more of an endpoint's than its
 *     lane has free (delivery-lanes.ts), with FOR UPDATE SKIP LOCKED, and mark them `sending`
 *     with a lease (one statement, so one short transaction, committed before any network I/O);
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

type EndpointRow = Row<'webhook_endpoints'>;

/** What every attempt of one worker (or one test pass) works with. */
interface Attempting {
  db: DbHandle;
  config: Config;
  clock: Clock;
  /** Opens the endpoints' signing secrets (sealed at rest). */
  secrets: SecretsBox;
  dispatcher: Dispatcher;
  logger: Logger;
  /** Fires when the worker stops: attempts in flight are given up. */
  stop?: AbortSignal;
}

/**
 * Sends claimed deliveries concurrently and records each attempt; resolves when every attempt
 * has ended. An attempt cut by `stop` (the worker is stopping) is not recorded: the delivery
 * keeps its claim until the lease runs out, and is then attempted again by any worker, as
 * after a crash.
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
  const platforms = [...new Set(claimed.map((d) => d.platform_id))];
  const context: Attempting = { db, config, clock, secrets, dispatcher, logger, stop };
  await Promise.all(platforms.flatMap((platformId) => startAttempts(context, platformId, claimed.filter((d) => d.platform_id === platformId))));
}

/**
 * Starts one attempt per delivery claimed for one platform, after one read of their events
 * and endpoints (pinned to the platform); one promise per attempt, so that each frees its
 * lane place as soon as it ends.
 */
function startAttempts(context: Attempting, platformId: string, claimed: DeliveryRow[]): Promise<void>[] {
  if (claimed.length === 0) return [];
  const loaded = eventsAndEndpointsOf(context.db, context.secrets, platformId, claimed).then(([events, endpoints]) => ({
    events: new Map(events.map((e) => [e.id, e])),
    endpoints: new Map(endpoints.map((e) => [e.id, e])),
  }));
  return claimed.map(async (delivery) => {
    const { events, endpoints } = await loaded;
    await attemptDelivery(context, delivery, events.get(delivery.event_id), endpoints.get(delivery.endpoint_id));
  });
}

async function attemptDelivery(context: Attempting, delivery: DeliveryRow, event: EventRow | undefined, endpoint: EndpointRow | undefined): Promise<void> {
  const { db, config, clock, dispatcher, logger, stop } = context;
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
 * A success resets `consecutive_failures` and `failing_since`, sets `last_success_at` and ends
 * the lane's rest; a failure counts up, starts `failing_since` and rests the endpoint's lane
 * (`backoff_until`, delivery-lanes.ts). An endpoint failing for webhookDisableAfterSeconds, or
 * answering 410 Gone, is disabled with reason `failing` (and a webhook_endpoint.updated event
 * says so).
 */
async function recordEndpointHealth(trx: Trx, config: Config, delivery: DeliveryRow, outcome: AttemptOutcome, now: Date) {
  const before = await lockEndpointById(trx, delivery.platform_id, delivery.endpoint_id);
  if (!before) return;
  let changes: RowUpdate<'webhook_endpoints'>;
  if (outcome.ok) {
    changes = { consecutive_failures: 0, failing_since: null, last_success_at: now, backoff_until: null };
  } else {
    const failingSince = before.failing_since ?? now;
    changes = { consecutive_failures: before.consecutive_failures + 1, failing_since: failingSince, backoff_until: laneBackoffUntil(now, failingSince) };
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

/**
 * One round-robin step: the next platforms with work for a lane, after `after` in id order,
 * and one claim for each, in turn; `start` is handed each claim as soon as it is made.
 */
async function claimForNextPlatforms(
  { db, config, clock }: Attempting,
  after: string,
  start: (platformId: string, claimed: DeliveryRow[]) => void,
): Promise<{ platforms: string[]; claimed: number }> {
  const platforms = await platformsWithLaneWork(db, clock.now(), after, PLATFORMS_PER_PASS);
  let claimed = 0;
  for (const platformId of platforms) {
    const rows = await claimDueDeliveries(db, platformId, clock.now(), leaseMs(config));
    claimed += rows.length;
    start(platformId, rows);
  }
  return { platforms, claimed };
}

/**
 * Claims for every platform with work (one round) and delivers, waiting for every attempt;
 * the number of deliveries claimed. Tests drive the worker with it.
 */
export async function runDeliveryPass(db: DbHandle, config: Config, clock: Clock, secrets: SecretsBox, dispatcher: Dispatcher, logger: Logger): Promise<number> {
  const context: Attempting = { db, config, clock, secrets, dispatcher, logger };
  const attempts: Promise<void>[] = [];
  let after = '';
  let claimed = 0;
  for (;;) {
    const round = await claimForNextPlatforms(context, after, (platformId, rows) => attempts.push(...startAttempts(context, platformId, rows)));
    claimed += round.claimed;
    if (round.platforms.length < PLATFORMS_PER_PASS) break;
    after = round.platforms.at(-1)!;
  }
  await Promise.all(attempts);
  return claimed;
}

/**
 * The background worker (docs/webhooks.md#delivery-lanes): each pass claims for the next
 * platforms in turn, and starts each attempt on its own. It never waits for a batch: when an
 * attempt ends its lane place is free, and the worker is woken to claim again at once.
 */
export function createDeliveryWorker(db: Db, config: Config, clock: Clock, secrets: SecretsBox, logger: Logger, options: { resolveHost?: ResolveHost } = {}): Worker {
  const dispatcher = createWebhookDispatcher(config, options.resolveHost);
  const attempts = new Set<Promise<void>>();
  const stopping = new AbortController();
  const context: Attempting = { db: db.kysely, config, clock, secrets, dispatcher, logger, stop: stopping.signal };
  let cursor = '';
  const track = (attempt: Promise<void>) => {
    const tracked: Promise<void> = attempt
      .catch((err) => logger.error({ err }, 'webhook attempt failed'))
      .finally(() => {
        attempts.delete(tracked);
        poller.wake();
      });
    attempts.add(tracked);
  };
  const poller = pollingWorker('webhooks.delivery', config.workerPollMs, logger, async () => {
    const round = await claimForNextPlatforms(context, cursor, (platformId, rows) => {
      for (const attempt of startAttempts(context, platformId, rows)) track(attempt);
    });
    // A full round leaves platforms after it: the next pass continues there at once.
    const more = round.platforms.length === PLATFORMS_PER_PASS;
    cursor = more ? round.platforms.at(-1)! : '';
    return more;
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
    // One round over every platform that waits for every attempt it starts (and for attempts
    // already in flight); true when it claimed anything (full lanes may have left more).
    async runOnce() {
      await Promise.allSettled([...attempts]);
      return (await runDeliveryPass(db.kysely, config, clock, secrets, dispatcher, logger)) > 0;
    },
  };
}
