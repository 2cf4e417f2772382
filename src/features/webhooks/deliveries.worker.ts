import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import { renderInVersion, isApiVersion, LATEST_API_VERSION } from '../../lib/api-versions.js';
import { pacingOf, pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsBox } from '../../lib/secrets-box.js';
import { serializeEvent } from '../events/index.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import { signatureHeaders } from './signature.js';
import { claimDueDeliveries, nextDeliveryDue, platformsWithLaneWork, recordAttemptIfClaimed } from './deliveries.repository.js';
import { eventsAndEndpointsOf } from './endpoints.repository.js';
import { createWebhookDispatcher, postWebhook } from './sender.js';
import { domainSignals } from '../../metrics/signals.js';
import type { ResolveHost } from '../../lib/resolve-host.js';
import { CLAIMS_AT_ONCE, HEALTHY_LANE, PLATFORMS_PER_PASS } from './delivery-lanes.js';
import { attemptRecorder, recordAttempt, type AttemptRecorder } from './attempt-recorder.js';

export { claimDueDeliveries, recordAttempt };

/**
 * The delivery worker (docs/webhooks.md#how-delivery-works), safe to run in any number of processes:
 *
 *  1. claim due deliveries, one platform at a time and never more of an endpoint's than its
 *     lane has free (delivery-lanes.ts), with FOR UPDATE SKIP LOCKED, and mark them `sending`
 *     with a lease (one statement, so one short transaction, committed before any network I/O);
 *  2. POST each one outside any transaction;
 *  3. record the attempt in another short transaction, only if the claim still holds
 *     (attempt-recorder.ts: attempts that end together are written together).
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
  recorder: AttemptRecorder;
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
  const context: Attempting = { db, config, clock, secrets, dispatcher, logger, recorder: attemptRecorder(db, config, clock, logger), stop };
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
  const { db, config, clock, dispatcher, logger, recorder, stop } = context;
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
    const recorded = await recorder.record({ delivery, outcome, attemptedAt });
    logger.debug({ delivery: delivery.id, endpoint: endpoint.id, ok: outcome.ok, status: outcome.responseStatus, error: outcome.error, recorded }, 'webhook attempt');
  } catch (err) {
    // The lease runs out and the delivery is attempted again: at-least-once.
    logger.error({ err, delivery: delivery.id }, 'webhook attempt could not be recorded');
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
  const context: Attempting = { db, config, clock, secrets, dispatcher, logger, recorder: attemptRecorder(db, config, clock, logger) };
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
 * The background worker (docs/webhooks.md#delivery-lanes): each pass reads the next platforms
 * with work in turn and starts a claim for each, without waiting for it; each claim starts
 * its attempts, each on its own. It never waits for a batch: when an attempt ends its lane
 * place is free, and the worker is woken to claim again at once. Claims of different platforms
 * run side by side (CLAIMS_AT_ONCE), so one platform's slow claim never holds back another's.
 */
export function createDeliveryWorker(db: Db, config: Config, clock: Clock, secrets: SecretsBox, logger: Logger, options: { resolveHost?: ResolveHost } = {}): Worker {
  const dispatcher = createWebhookDispatcher(config, options.resolveHost);
  const attempts = new Set<Promise<void>>();
  let cursor = '';
  // Attempts in flight in this process, by endpoint.
  const inFlight = new Map<string, number>();
  const track = (endpointId: string, attempt: Promise<void>) => {
    inFlight.set(endpointId, (inFlight.get(endpointId) ?? 0) + 1);
    const tracked: Promise<void> = attempt
      .catch((err) => logger.error({ err }, 'webhook attempt failed'))
      .finally(() => {
        attempts.delete(tracked);
        const left = inFlight.get(endpointId)! - 1;
        if (left === 0) inFlight.delete(endpointId);
        else inFlight.set(endpointId, left);
        // Claim again once half a healthy lane is free, not at every ending: a claim is a few
        // statements whatever its size, so a busy lane refills in batches (a lane of one, in
        // trouble, refills as soon as its attempt ends).
        if (left <= HEALTHY_LANE / 2) poller.wake();
      });
    attempts.add(tracked);
  };
  // Claims running, by platform; and whether a pass left platforms for want of a free place.
  const claiming = new Map<string, Promise<void>>();
  let leftWaiting = false;
  const claimFor = (platformId: string) => {
    const claim = claimDueDeliveries(db.kysely, platformId, clock.now(), leaseMs(config))
      .then((rows) => startAttempts(context, platformId, rows).forEach((attempt, i) => track(rows[i].endpoint_id, attempt)))
      .catch((err) => logger.error({ err, platform: platformId }, 'webhook deliveries could not be claimed'))
      .finally(() => {
        claiming.delete(platformId);
        // A platform left waiting takes the place at once; otherwise the claim's attempts
        // (or the next poll) bring the next pass.
        if (leftWaiting) poller.wake();
      });
    claiming.set(platformId, claim);
  };
  // Woken by new deliveries (an event's fan-out) and by endpoints enabled again; sleeps no later
  // than the next retry, lease or endpoint rest.
  const wakes = { wakeOn: ['webhook_deliveries', 'webhook_endpoints'], nextDue: (now: Date) => nextDeliveryDue(db.kysely, now) };
  const poller = pollingWorker('webhooks.delivery', pacingOf({ db, clock, config }), logger, async () => {
    const platforms = await platformsWithLaneWork(db.kysely, clock.now(), cursor, PLATFORMS_PER_PASS);
    leftWaiting = false;
    for (const platformId of platforms) {
      if (claiming.size >= CLAIMS_AT_ONCE) {
        // The rest wait for a place: the next pass starts from this platform.
        leftWaiting = true;
        return false;
      }
      cursor = platformId;
      // A platform whose claim is still running has its turn already.
      if (!claiming.has(platformId)) claimFor(platformId);
    }
    // A full round leaves platforms after it: the next pass continues there at once.
    const more = platforms.length === PLATFORMS_PER_PASS;
    if (!more) cursor = '';
    return more;
  }, wakes);
  // Attempts in flight are given up when the worker's stop says so.
  const context: Attempting = { db: db.kysely, config, clock, secrets, dispatcher, logger, recorder: attemptRecorder(db.kysely, config, clock, logger), stop: poller.abandoned };
  /** Every claim running, then every attempt they started. */
  const settle = async () => {
    await Promise.allSettled([...claiming.values()]);
    await Promise.allSettled([...attempts]);
  };
  return {
    name: 'webhooks.delivery',
    start: () => poller.start(),
    async stop(abort) {
      await poller.stop(abort);
      await settle();
      await dispatcher.close();
    },
    // One round over every platform that waits for every attempt it starts (and for claims and
    // attempts already in flight); true when it claimed anything (full lanes may have left more).
    async runOnce() {
      await settle();
      return (await runDeliveryPass(db.kysely, config, clock, secrets, dispatcher, logger)) > 0;
    },
  };
}
