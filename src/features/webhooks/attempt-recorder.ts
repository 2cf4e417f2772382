import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { DeliveryAttemptRow, Row, RowUpdate } from '../../db/schema.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { isoRequired } from '../../lib/time-format.js';
import type { Clock } from '../../lib/clock.js';
import { serializeEndpoint } from './endpoints.serializer.js';
import type { DeliveryRow } from './deliveries.serializer.js';
import { recordAttemptsIfClaimed, setEndpointPaused, type AttemptRecord } from './deliveries.repository.js';
import { lockEndpointById, updateEndpointById } from './endpoints.repository.js';
import type { AttemptOutcome } from './sender.js';
import { laneBackoffUntil } from './delivery-lanes.js';

/**
 * Step 3 of delivery (docs/webhooks.md#how-delivery-works): an attempt's outcome is written to
 * its delivery, and to its endpoint's health, only if the claim still holds.
 *
 * Attempts that end while a write is running are written together in the next one: one
 * transaction per platform, one statement for all its deliveries, and one read and at most one
 * write of each endpoint. A busy endpoint's attempts then cost the database a few statements
 * per batch rather than five per attempt, which is what lets delivery keep up with the events
 * under load (docs/performance.md#soak).
 */

/** An attempt that has ended, waiting to be written. */
export interface EndedAttempt {
  delivery: DeliveryRow;
  outcome: AttemptOutcome;
  attemptedAt: Date;
}

/**
 * Writes ended attempts, grouped by platform, in one transaction per platform, in the order
 * they ended; the ids of the deliveries whose claim still held (the others were taken over by
 * another worker after their lease ran out, and are left as that worker has them).
 */
export async function recordAttempts(db: DbHandle, config: Config, clock: Clock, ended: readonly EndedAttempt[]): Promise<Set<string>> {
  const recorded = new Set<string>();
  const platforms = [...new Set(ended.map((a) => a.delivery.platform_id))];
  for (const platformId of platforms) {
    const ids = await withTransaction(db, (trx) => recordPlatformAttempts(trx, config, clock.now(), platformId, ended.filter((a) => a.delivery.platform_id === platformId)));
    for (const id of ids) recorded.add(id);
  }
  return recorded;
}

/** One attempt, written at once; false when its claim was lost. */
export async function recordAttempt(db: DbHandle, config: Config, clock: Clock, delivery: DeliveryRow, outcome: AttemptOutcome, attemptedAt: Date): Promise<boolean> {
  return (await recordAttempts(db, config, clock, [{ delivery, outcome, attemptedAt }])).has(delivery.id);
}

async function recordPlatformAttempts(trx: Trx, config: Config, now: Date, platformId: string, ended: readonly EndedAttempt[]): Promise<string[]> {
  const ids = await recordAttemptsIfClaimed(trx, platformId, ended.map((a) => nextDeliveryState(config, now, a)));
  const kept = new Set(ids);
  const byEndpoint = new Map<string, AttemptOutcome[]>();
  for (const a of ended) {
    if (!kept.has(a.delivery.id)) continue;
    byEndpoint.set(a.delivery.endpoint_id, [...(byEndpoint.get(a.delivery.endpoint_id) ?? []), a.outcome]);
  }
  // In id order, so that two workers recording at once lock the endpoints in the same order.
  for (const endpointId of [...byEndpoint.keys()].sort()) await recordEndpointHealth(trx, config, platformId, endpointId, byEndpoint.get(endpointId)!, now);
  return ids;
}

/** The delivery after its attempt: succeeded, failed for good, or pending its next retry. */
function nextDeliveryState(config: Config, now: Date, { delivery, outcome, attemptedAt }: EndedAttempt): AttemptRecord {
  const attempts = delivery.attempts + 1;
  const schedule = config.webhookRetryScheduleSeconds;
  const attempt: DeliveryAttemptRow = {
    attempted_at: isoRequired(attemptedAt),
    response_status: outcome.responseStatus,
    error: outcome.error,
    duration_ms: outcome.durationMs,
  };
  const status = outcome.ok ? 'succeeded' : attempts >= schedule.length ? 'failed' : 'pending';
  return {
    id: delivery.id,
    claim_token: delivery.claim_token!,
    status,
    attempts,
    next_attempt_at: status === 'pending' ? new Date(now.getTime() + schedule[attempts] * 1000) : null,
    last_attempt_at: attemptedAt,
    last_response_status: outcome.responseStatus,
    last_error: outcome.error,
    recent_attempts: [...delivery.recent_attempts, attempt].slice(-10),
  };
}

type EndpointRow = Row<'webhook_endpoints'>;
type EndpointHealth = Pick<EndpointRow, 'status' | 'consecutive_failures' | 'failing_since' | 'last_success_at' | 'backoff_until' | 'disabled_reason' | 'disabled_at' | 'updated_at'>;

/**
 * The endpoint's health after its attempts, in the order they ended. A success resets
 * `consecutive_failures` and `failing_since`, sets `last_success_at` and ends the lane's rest; a
 * failure counts up, starts `failing_since` and rests the endpoint's lane (`backoff_until`,
 * delivery-lanes.ts). An endpoint failing for webhookDisableAfterSeconds, or answering 410
 * Gone, is disabled with reason `failing`.
 */
export function healthAfter(config: Pick<Config, 'webhookDisableAfterSeconds'>, before: EndpointHealth, outcomes: readonly AttemptOutcome[], now: Date): EndpointHealth {
  let health = before;
  for (const outcome of outcomes) {
    if (outcome.ok) {
      health = { ...health, consecutive_failures: 0, failing_since: null, last_success_at: now, backoff_until: null };
      continue;
    }
    const failingSince = health.failing_since ?? now;
    health = { ...health, consecutive_failures: health.consecutive_failures + 1, failing_since: failingSince, backoff_until: laneBackoffUntil(now, failingSince) };
    const failingTooLong = now.getTime() - failingSince.getTime() >= config.webhookDisableAfterSeconds * 1000;
    if (health.status === 'enabled' && (outcome.responseStatus === 410 || failingTooLong)) {
      health = { ...health, status: 'disabled', disabled_reason: 'failing', disabled_at: now, updated_at: now };
    }
  }
  return health;
}

/** Writes the endpoint's health after its attempts; a change of status is an event (webhook_endpoint.updated). */
async function recordEndpointHealth(trx: Trx, config: Config, platformId: string, endpointId: string, outcomes: readonly AttemptOutcome[], now: Date) {
  const before = await lockEndpointById(trx, platformId, endpointId);
  if (!before) return;
  const health = healthAfter(config, before, outcomes, now);
  const changes: RowUpdate<'webhook_endpoints'> = {};
  for (const key of Object.keys(health) as (keyof EndpointHealth)[]) {
    if (!sameValue(health[key], before[key])) (changes as Record<string, unknown>)[key] = health[key];
  }
  if (Object.keys(changes).length === 0) return;
  const after = await updateEndpointById(trx, platformId, endpointId, changes);
  if (after.status === before.status) return;
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

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * A worker's writer of ended attempts: `record` queues one and resolves once it is written
 * (true when its claim still held). One write runs at a time; attempts that end meanwhile wait
 * for the next, so a burst of endings becomes one write.
 */
export function attemptRecorder(db: DbHandle, config: Config, clock: Clock, logger: Logger) {
  let queue: { attempt: EndedAttempt; done: (recorded: boolean) => void; failed: (err: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;

  const writeQueued = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      // A platform at a time, so that one platform's failed write (its shard's node down)
      // leaves the others' written.
      for (const platformId of new Set(batch.map((q) => q.attempt.delivery.platform_id))) {
        const own = batch.filter((q) => q.attempt.delivery.platform_id === platformId);
        try {
          const recorded = await recordAttempts(db, config, clock, own.map((q) => q.attempt));
          for (const q of own) q.done(recorded.has(q.attempt.delivery.id));
        } catch (err) {
          // Nothing of these is written: each lease runs out and the delivery is attempted
          // again (at-least-once).
          logger.error({ err, platform: platformId, attempts: own.length }, 'webhook attempts could not be recorded');
          for (const q of own) q.failed(err);
        }
      }
    }
    writing = null;
  };

  return {
    record(attempt: EndedAttempt): Promise<boolean> {
      return new Promise<boolean>((done, failed) => {
        queue.push({ attempt, done, failed });
        // Attempts ending in the same turn of the event loop join this write.
        writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(writeQueued);
      });
    },
  };
}

export type AttemptRecorder = ReturnType<typeof attemptRecorder>;
