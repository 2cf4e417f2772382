import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { DbHandle } from '../../db/transaction.js';
import { pollingWorker } from '../../workers/poller.js';
import type { Worker } from '../../workers/registry.js';
import { EVENT_RETENTION_MS } from '../events/events.repository.js';

/** Idempotency keys are kept 24 hours (decisions.md §11). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
const BATCH = 1000;

/**
 * Deletes, in batches of 1000, events older than 30 days (their deliveries go with them by
 * foreign key) and idempotency keys older than 24 hours. Returns what it deleted and whether
 * a batch was full (more may be waiting).
 */
export async function runRetention(db: DbHandle, now: Date): Promise<{ events: number; idempotencyKeys: number; more: boolean }> {
  const eventCutoff = new Date(now.getTime() - EVENT_RETENTION_MS);
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
  const events = await sql`
    delete from events where (platform_id, id) in (
      select platform_id, id from events where created_at < ${eventCutoff}::timestamptz limit ${BATCH}
    )`.execute(db);
  const keys = await sql`
    delete from idempotency_keys where (platform_id, livemode, key) in (
      select platform_id, livemode, key from idempotency_keys where created_at < ${keyCutoff}::timestamptz limit ${BATCH}
    )`.execute(db);
  const eventCount = Number(events.numAffectedRows ?? 0);
  const keyCount = Number(keys.numAffectedRows ?? 0);
  return { events: eventCount, idempotencyKeys: keyCount, more: eventCount === BATCH || keyCount === BATCH };
}

/** Runs the retention job once a minute (or at the worker poll interval if that is longer). */
export function createRetentionWorker(db: Db, config: Config, logger: Logger): Worker {
  return pollingWorker('webhooks.retention', Math.max(config.workerPollMs, 60_000), logger, async () => {
    const result = await runRetention(db.kysely, new Date());
    if (result.events || result.idempotencyKeys) logger.info(result, 'retention: old events and idempotency keys deleted');
    return result.more;
  });
}
