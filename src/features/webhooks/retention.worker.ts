import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { DbHandle } from '../../db/transaction.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import { EVENT_RETENTION_MS, deleteEventsCreatedBefore } from '../events/index.js';
import { deleteExpiredIdempotencyKeys } from '../../http/idempotency.js';

const BATCH = 1000;

/**
 * Deletes, in batches of 1000, events older than 30 days (their deliveries go with them by
 * foreign key) and idempotency keys older than 24 hours. Returns what it deleted and whether
 * a batch was full (more may be waiting).
 */
export async function runRetention(db: DbHandle, now: Date): Promise<{ events: number; idempotencyKeys: number; more: boolean }> {
  const eventCutoff = new Date(now.getTime() - EVENT_RETENTION_MS);
  const eventCount = await deleteEventsCreatedBefore(db, eventCutoff, BATCH);
  const keyCount = await deleteExpiredIdempotencyKeys(db, now, BATCH);
  return { events: eventCount, idempotencyKeys: keyCount, more: eventCount === BATCH || keyCount === BATCH };
}

/** Runs the retention job once a minute (or at the worker poll interval if that is longer). */
export function createRetentionWorker(db: Db, config: Config, clock: Clock, logger: Logger): Worker {
  return pollingWorker('webhooks.retention', Math.max(config.workerPollMs, 60_000), logger, async () => {
    const result = await runRetention(db.kysely, clock.now());
    if (result.events || result.idempotencyKeys) logger.info(result, 'retention: old events and idempotency keys deleted');
    return result.more;
  });
}
