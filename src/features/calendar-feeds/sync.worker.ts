/**
 * The calendar feed worker (docs/calendar-feeds.md#syncing): every poll it claims feeds that
 * are due (FOR UPDATE SKIP LOCKED, leased past a sync's time limit, so several processes
 * never sync one feed at once) and syncs each. One feed's failure is recorded on that feed
 * and never stops the others.
 */
import type { Logger } from 'pino';
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import { claimDueFeeds } from './calendar-feeds.repository.js';
import type { CalendarFeedsService } from './calendar-feeds.service.js';

export const SYNC_BATCH = 10;

export async function syncDueFeeds(db: DbHandle, clock: Clock, service: CalendarFeedsService, leaseMs: number, logger: Logger): Promise<boolean> {
  const now = clock.now();
  const claimed = await withTransaction(db, (trx) => claimDueFeeds(trx, now, new Date(now.getTime() + leaseMs), SYNC_BATCH));
  await Promise.all(
    claimed.map(async (f) => {
      try {
        await service.sync({ accountId: f.account_id, platformId: f.platform_id, livemode: f.livemode }, f.id);
      } catch (err) {
        // Deleted meanwhile, or a database error: the lease runs out and it is tried again.
        logger.warn({ err, feed: f.id }, 'calendar feed sync failed');
      }
    }),
  );
  return claimed.length === SYNC_BATCH;
}

export function calendarFeedWorker(db: DbHandle, clock: Clock, service: CalendarFeedsService, pollMs: number, leaseMs: number, logger: Logger): Worker {
  return pollingWorker('calendar-feeds.sync', pollMs, logger, () => syncDueFeeds(db, clock, service, leaseMs, logger));
}
